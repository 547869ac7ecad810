/**
 * Linked data's state in the chart row: the URL, its schedule and the outcome of the
 * last read, plus the content key of the published snapshot and which library imports published
 * charts already follow. None of it is chart content: writing it makes no version.
 */
import type { DataSource, SourceStatus } from "../domain/data-source";
import { maxLinkedChartsPerWorkspace } from "../domain/data-source";
import type { charts } from "./schema";

type ChartRow = typeof charts.$inferSelect;

export function dataSourceOf(row: ChartRow): DataSource | null {
	if (row.linkedUrl === null || row.linkedRefreshMinutes === null) return null;
	return {
		url: row.linkedUrl,
		refreshMinutes: row.linkedRefreshMinutes,
		lastFetchedAt: row.linkedLastFetchedAt,
		lastChangedAt: row.linkedLastChangedAt,
		lastStatus: row.linkedLastStatus,
		lastError: row.linkedLastError,
		nextRefreshAt: row.linkedNextDueAt,
	};
}

/** What a successful read leaves for the next one: validators for a conditional request, and the content's hash. */
export interface ReadValidators {
	etag: string | null;
	lastModified: string | null;
	contentHash: string | null;
}

/**
 * What a read of a linked chart needs before it reads, in one statement: the link, the chart's
 * version (its result is written only while the chart is still at it), whether it moved to
 * library statistics, the validators and the failures so far. A read that changes nothing needs
 * nothing more of the chart.
 */
export interface LinkedReadState extends ReadValidators {
	url: string;
	refreshMinutes: number;
	version: number;
	onStatistics: boolean;
	failures: number;
}

const minute = 60_000;

/** The read state of a workspace's linked chart, or null when it is not linked (or not the workspace's). */
export async function linkedReadState(d1: D1Database, workspaceId: string, chartId: string): Promise<LinkedReadState | null> {
	const row = await d1
		.prepare(
			`SELECT linked_url AS url, linked_refresh_minutes AS refreshMinutes, version, series_refs <> '[]' AS onStatistics,
			   linked_etag AS etag, linked_last_modified AS lastModified, linked_content_hash AS contentHash, linked_failures AS failures
			 FROM charts WHERE id = ?1 AND workspace_id = ?2 AND linked_url IS NOT NULL AND linked_refresh_minutes IS NOT NULL`,
		)
		.bind(chartId, workspaceId)
		.first<Omit<LinkedReadState, "onStatistics"> & { onStatistics: number }>();
	return row ? { ...row, onStatistics: row.onStatistics === 1 } : null;
}

/** What a link starts from: the URL, its schedule and its first good read (whose data the same write sets). */
export interface LinkStart {
	url: string;
	refreshMinutes: number;
	read: ReadValidators;
	now: number;
}

/**
 * What a chart write does to its link, applied in the same statement as the version it writes,
 * so no read of the source can start between a person's data write and the link's end (or a new
 * link's start) and then land on the version after it.
 */
export type LinkChange = { end: true } | { start: LinkStart };

/** What a chart's link columns are once it follows no URL. */
const endedLink = `linked_url = NULL, linked_refresh_minutes = NULL, linked_etag = NULL, linked_last_modified = NULL,
   linked_content_hash = NULL, linked_last_fetched_at = NULL, linked_last_changed_at = NULL, linked_last_status = NULL,
   linked_last_error = NULL, linked_failures = 0, linked_next_due_at = NULL, link_claimed_until = NULL`;

/** The columns a link change sets, as a SET list continuation with parameters from `?first` on. */
export function linkColumns(change: LinkChange | undefined, first: number): string {
	if (change === undefined) return "";
	if ("end" in change) return `, ${endedLink}`;
	const p = (offset: number) => `?${first + offset}`;
	return `, linked_url = ${p(0)}, linked_refresh_minutes = ${p(1)}, linked_etag = ${p(2)}, linked_last_modified = ${p(3)},
	   linked_content_hash = ${p(4)}, linked_last_fetched_at = ${p(5)}, linked_last_changed_at = ${p(5)}, linked_last_status = 'ok',
	   linked_last_error = NULL, linked_failures = 0, linked_next_due_at = ${p(5)} + 60000 * ${p(1)}, link_claimed_until = NULL`;
}

/** The parameters `linkColumns` names, in its order. */
export function linkValues(change: LinkChange | undefined): (string | number | null)[] {
	if (change === undefined || "end" in change) return [];
	const { url, refreshMinutes, read, now } = change.start;
	return [url, refreshMinutes, read.etag, read.lastModified, read.contentHash, now];
}

/**
 * Ends the link of a chart that already draws from library statistics: a row linked before
 * switching to statistics ended the link in the same write (`LinkChange`). Nothing else changes.
 */
export async function unlinkStatisticsChart(d1: D1Database, chartId: string): Promise<void> {
	await d1.prepare(`UPDATE charts SET ${endedLink} WHERE id = ?1 AND linked_url IS NOT NULL AND series_refs <> '[]'`).bind(chartId).run();
}

/** The `dataSource` a chart shows straight after a link starts. */
export function startedDataSource({ url, refreshMinutes, now }: LinkStart): DataSource {
	return {
		url,
		refreshMinutes,
		lastFetchedAt: now,
		lastChangedAt: now,
		lastStatus: "ok",
		lastError: null,
		nextRefreshAt: now + refreshMinutes * minute,
	};
}

/** How long a link request may hold its slot: longer than its read can take (10 s) and its write. */
const linkClaimMs = 2 * minute;

/**
 * Claims a linked-chart slot for `chartId` before its URL is read: in one statement, only while
 * the workspace's linked charts and live claims (this chart's own not counted twice) stay under
 * the cap. A chart that is already linked keeps its slot and always may. False: the cap is reached.
 */
export async function claimLinkSlot(d1: D1Database, workspaceId: string, chartId: string, now: number): Promise<boolean> {
	const result = await d1
		.prepare(
			`UPDATE charts SET link_claimed_until = ?3 + ?5 WHERE id = ?1 AND workspace_id = ?2 AND (linked_url IS NOT NULL OR
			   (SELECT COUNT(*) FROM charts WHERE workspace_id = ?2 AND id <> ?1
			      AND (linked_url IS NOT NULL OR link_claimed_until > ?3)) < ?4)`,
		)
		.bind(chartId, workspaceId, now, maxLinkedChartsPerWorkspace, linkClaimMs)
		.run();
	return (result.meta.changes ?? 0) === 1;
}

/** Gives a claimed slot back (the read or the write failed); a link written since has already cleared it. */
export async function releaseLinkSlot(d1: D1Database, chartId: string): Promise<void> {
	await d1.prepare("UPDATE charts SET link_claimed_until = NULL WHERE id = ?1").bind(chartId).run();
}

export type ReadOutcome =
	| { status: Extract<SourceStatus, "ok">; validators: ReadValidators }
	| { status: Extract<SourceStatus, "unchanged">; validators?: Partial<ReadValidators> }
	| { status: Extract<SourceStatus, "failed">; error: string; nextReadAt: number };

/**
 * Records a read and schedules the next: after a success `refreshMinutes` after `dueAt` (when
 * this read was due; a queued read made late in its minute is still due again at the next), after
 * a failure when the caller's back-off says (`minutesUntilNextRead`). Only while the chart still
 * follows `url`, so a read that raced an unlink or a new link records nothing.
 */
export async function recordRead(
	d1: D1Database,
	chartId: string,
	url: string,
	outcome: ReadOutcome,
	now: number,
	dueAt: number = now,
): Promise<void> {
	if (outcome.status === "failed") {
		await d1
			.prepare(
				`UPDATE charts SET linked_last_fetched_at = ?3, linked_last_status = 'failed', linked_last_error = ?4,
				   linked_failures = linked_failures + 1, linked_next_due_at = ?5
				 WHERE id = ?1 AND linked_url = ?2`,
			)
			.bind(chartId, url, now, outcome.error.slice(0, 500), outcome.nextReadAt)
			.run();
		return;
	}
	const v = outcome.validators ?? {};
	await d1
		.prepare(
			`UPDATE charts SET linked_last_fetched_at = ?3, linked_last_status = ?4, linked_last_error = NULL, linked_failures = 0,
			   linked_last_changed_at = CASE WHEN ?4 = 'ok' THEN ?3 ELSE linked_last_changed_at END,
			   linked_etag = CASE WHEN ?5 THEN ?6 ELSE linked_etag END,
			   linked_last_modified = CASE WHEN ?5 THEN ?7 ELSE linked_last_modified END,
			   linked_content_hash = CASE WHEN ?5 THEN ?8 ELSE linked_content_hash END,
			   linked_next_due_at = ?9 + 60000 * linked_refresh_minutes
			 WHERE id = ?1 AND linked_url = ?2`,
		)
		.bind(
			chartId,
			url,
			now,
			outcome.status,
			v.contentHash !== undefined ? 1 : 0,
			v.etag ?? null,
			v.lastModified ?? null,
			v.contentHash ?? null,
			Math.min(dueAt, now),
		)
		.run();
}

/**
 * Puts a due read back by a minute without counting a failure (every drawing slot was busy: a
 * queue; or the chart changed during the read), while the chart still follows `url`.
 */
export async function postponeRead(d1: D1Database, chartId: string, url: string, now: number): Promise<void> {
	await d1
		.prepare("UPDATE charts SET linked_next_due_at = ?3 WHERE id = ?1 AND linked_url = ?2")
		.bind(chartId, url, now + minute)
		.run();
}

export interface DueChart {
	id: string;
	workspaceId: string;
}

/** How long a claimed read is held off from other runs; the read itself then sets the real next time. */
export const claimMs = 5 * minute;

/**
 * How far ahead of its run a chart counts as due. A run claims what is due by its own time, and
 * the next read of a chart it claimed is due a whole interval after it; a run that starts a few
 * milliseconds earlier in its minute than the one before (Cloudflare's `scheduledTime` is the
 * minute itself, but a local Cron's is when it started, and a person's read can fall anywhere)
 * would otherwise find the chart not quite due and leave it a whole minute late. Reading it a
 * few seconds early instead also puts it on the runs' minute from then on (`recordRead` schedules
 * from when the read was due).
 */
export const claimAheadMs = 5_000;

/**
 * Claims the linked charts whose next read is due (or due within `claimAheadMs`), shared fairly
 * between workspaces: each workspace's due charts are ranked by how long they have waited, and a run takes every
 * workspace's first before anyone's second (round-robin), the longest-waiting first within a
 * round. So one workspace's many one-minute charts cannot push another's chart past the next run
 * while fewer workspaces than `limit` have charts due. Their next read moves `claimMs` on in the
 * same statement, so two overlapping scheduled runs never read the same chart, and a run that
 * dies mid-way leaves its charts to be read again five minutes later.
 */
export async function claimDueLinkedCharts(d1: D1Database, now: number, limit: number): Promise<DueChart[]> {
	const { results } = await d1
		.prepare(
			`UPDATE charts SET linked_next_due_at = ?1 + ?3 WHERE id IN (
			   SELECT id FROM (
			     SELECT id, linked_next_due_at AS due,
			       ROW_NUMBER() OVER (PARTITION BY workspace_id ORDER BY linked_next_due_at, id) AS round
			     FROM charts WHERE linked_url IS NOT NULL AND linked_next_due_at <= ?1 + ?4)
			   ORDER BY round, due, id LIMIT ?2)
			 RETURNING id, workspace_id AS workspaceId`,
		)
		.bind(now, limit, claimMs, claimAheadMs)
		.all<DueChart>();
	return results;
}

/** Remembers the content key of the files a chart's published version was drawn with. */
export async function recordPublishedKey(d1: D1Database, chartId: string, version: number, key: string): Promise<void> {
	await d1
		.prepare("UPDATE charts SET published_key = ?3, published_key_version = ?2 WHERE id = ?1 AND published_version = ?2")
		.bind(chartId, version, key)
		.run();
}

/** The content key of the chart's published files, if it was recorded for the version now published. */
export async function publishedKeyOf(d1: D1Database, chartId: string): Promise<string | null> {
	const row = await d1
		.prepare("SELECT published_key AS key FROM charts WHERE id = ? AND published_key_version = published_version")
		.bind(chartId)
		.first<{ key: string | null }>();
	return row?.key ?? null;
}

export interface ChangedSource {
	id: string;
	contentHash: string;
}

/** Library sources imported (or re-imported with other content) since published charts last followed them. */
export async function changedLibrarySources(d1: D1Database): Promise<ChangedSource[]> {
	const { results } = await d1
		.prepare(
			`SELECT s.id AS id, s.content_hash AS contentHash FROM library_sources s
			 LEFT JOIN library_refresh_marks m ON m.source_id = s.id WHERE m.content_hash IS NOT s.content_hash`,
		)
		.all<ChangedSource>();
	return results;
}

export async function markLibrarySourceFollowed(d1: D1Database, source: ChangedSource, now: number): Promise<void> {
	await d1
		.prepare(
			`INSERT INTO library_refresh_marks (source_id, content_hash, refreshed_at) VALUES (?1, ?2, ?3)
			 ON CONFLICT (source_id) DO UPDATE SET content_hash = excluded.content_hash, refreshed_at = excluded.refreshed_at`,
		)
		.bind(source.id, source.contentHash, now)
		.run();
}

export interface PublishedStatisticsChart {
	id: string;
	workspaceId: string;
	seriesRefs: string;
}

/** Every published chart drawn from library statistics. */
export async function publishedStatisticsCharts(d1: D1Database): Promise<PublishedStatisticsChart[]> {
	const { results } = await d1
		.prepare(
			`SELECT id, workspace_id AS workspaceId, series_refs AS seriesRefs FROM charts
			 WHERE published_version IS NOT NULL AND series_refs <> '[]' ORDER BY published_at`,
		)
		.all<PublishedStatisticsChart>();
	return results;
}

/** The source of each of these statistics. */
export async function sourcesOfStatistics(d1: D1Database, statisticIds: readonly string[]): Promise<Map<string, string>> {
	const sources = new Map<string, string>();
	// D1 binds at most 100 parameters per statement.
	for (let i = 0; i < statisticIds.length; i += 90) {
		const batch = statisticIds.slice(i, i + 90);
		const { results } = await d1
			.prepare(`SELECT id, source_id AS sourceId FROM library_statistics WHERE id IN (${batch.map(() => "?").join(",")})`)
			.bind(...batch)
			.all<{ id: string; sourceId: string }>();
		for (const row of results) sources.set(row.id, row.sourceId);
	}
	return sources;
}

/** What the dead-letter consumer needs to schedule a chart's next read. */
export interface LinkedSchedule {
	url: string;
	refreshMinutes: number;
	failures: number;
	lastStatus: string | null;
}

export async function linkedScheduleOf(d1: D1Database, chartId: string): Promise<LinkedSchedule | null> {
	return d1
		.prepare(
			`SELECT linked_url AS url, linked_refresh_minutes AS refreshMinutes, linked_failures AS failures, linked_last_status AS lastStatus
			 FROM charts WHERE id = ? AND linked_url IS NOT NULL`,
		)
		.bind(chartId)
		.first<LinkedSchedule>();
}

/**
 * A read the queue gave up on: the chart is scheduled again at `nextReadAt`, and shows `error`
 * unless its last read already recorded why it failed. Only while it still follows `url`.
 */
export async function recordGivenUpRead(d1: D1Database, chartId: string, url: string, error: string, nextReadAt: number): Promise<void> {
	await d1
		.prepare(
			`UPDATE charts SET linked_last_error = CASE WHEN linked_last_status = 'failed' AND linked_last_error IS NOT NULL
			   THEN linked_last_error ELSE ?3 END, linked_last_status = 'failed', linked_next_due_at = ?4
			 WHERE id = ?1 AND linked_url = ?2`,
		)
		.bind(chartId, url, error.slice(0, 500), nextReadAt)
		.run();
}

/** A chart's current version, or null when it is gone (read just before a library redraw, which writes conditionally on it). */
export async function currentChartVersion(d1: D1Database, chartId: string): Promise<number | null> {
	const row = await d1.prepare("SELECT version FROM charts WHERE id = ?").bind(chartId).first<{ version: number }>();
	return row?.version ?? null;
}
