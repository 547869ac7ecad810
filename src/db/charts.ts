/**
 * Chart rows and their version history. Every write bumps `version` and records a snapshot in
 * the same transaction, conditioned on the version it read (optimistic concurrency, D13) and
 * on the target folder still existing, so a concurrent write or folder delete can never leave
 * a chart half-written or filed in a folder that is gone.
 */
import { and, desc, eq } from "drizzle-orm";
import { z } from "zod";
import type { ChartRecord, ChartSnapshot } from "../domain/chart";
import { ChartSnapshot as ChartSnapshotSchema, sameSnapshot } from "../domain/chart";
import { StoredColumnRoles } from "../domain/column-roles-schema";
import { ChartKind } from "../domain/kinds";
import { StoredMeta } from "../domain/meta";
import { SeriesReference } from "../domain/series";
import type { DataShape, StoredVersion, VersionChange, VersionNote } from "../domain/version-summary";
import type { Database } from "./client";
import type { LinkChange } from "./linked-data";
import { dataSourceOf, linkColumns, linkValues } from "./linked-data";
import { parseJsonColumn } from "./rows";
import { charts, chartVersions } from "./schema";

/** `refresh`: linked data or library statistics redrawn by the service itself. */
export type ChartAction = "create" | "update" | "move" | "data" | "publish" | "unpublish" | "restore" | "refresh";

type ChartRow = typeof charts.$inferSelect;

function toRecord(row: ChartRow): ChartRecord {
	return {
		id: row.id,
		workspaceId: row.workspaceId,
		name: row.name,
		kind: ChartKind.parse(row.kind),
		meta: parseJsonColumn(StoredMeta, row.meta, "charts.meta"),
		seriesRefs: parseJsonColumn(z.array(SeriesReference), row.seriesRefs, "charts.series_refs"),
		seriesNames: parseJsonColumn(z.array(z.string()), row.seriesNames, "charts.series_names"),
		columnRoles: row.columnRoles === null ? null : parseJsonColumn(StoredColumnRoles, row.columnRoles, "charts.column_roles"),
		dataBlobKey: row.dataBlobKey,
		hasData: row.hasData,
		folderId: row.folderId,
		version: row.version,
		publishedVersion: row.publishedVersion,
		createdAt: row.createdAt,
		updatedAt: row.updatedAt,
		dataSource: dataSourceOf(row),
	};
}

export function snapshotOf(chart: ChartRecord): ChartSnapshot {
	return {
		kind: chart.kind,
		meta: chart.meta,
		seriesRefs: chart.seriesRefs,
		seriesNames: chart.seriesNames,
		columnRoles: chart.columnRoles,
		dataBlobKey: chart.dataBlobKey,
		hasData: chart.hasData,
		folderId: chart.folderId,
	};
}

export async function findChart(db: Database, workspaceId: string, id: string): Promise<ChartRecord | null> {
	const row = await chartQuery(db, workspaceId, id).get();
	return row ? toRecord(row) : null;
}

/** The chart's row, not yet run: a batch (`readChartForDrawing`) sends it beside other reads. */
export function chartQuery(db: Database, workspaceId: string, id: string) {
	return db
		.select()
		.from(charts)
		.where(and(eq(charts.id, id), eq(charts.workspaceId, workspaceId)));
}

/** The record of the first row a `chartQuery` answered, or null. */
export function chartFromRows(rows: readonly ChartRow[]): ChartRecord | null {
	const row = rows[0];
	return row ? toRecord(row) : null;
}

/** A chart as the workspace list shows it (read a page at a time in ./chart-list). */
export type { ChartListRow } from "./chart-list";

/** `folder_id` is either null or a folder of the chart's workspace: checked inside the write. */
const folderStillValid = "(?1 IS NULL OR EXISTS (SELECT 1 FROM folders WHERE id = ?1 AND workspace_id = ?2))";

export interface NewChart {
	id: string;
	workspaceId: string;
	authorAccountId: string;
	name: string;
	snapshot: ChartSnapshot;
	now: number;
	/** What the first version says it is ("Created with 12 rows × 3 columns"). */
	note?: VersionNote;
	dataShape?: DataShape | null;
}

function noteColumns(
	note: VersionNote | undefined,
	dataShape: DataShape | null | undefined,
): [string | null, string | null, string | null] {
	return [note?.summary ?? null, note ? JSON.stringify(note.changes) : null, dataShape ? JSON.stringify(dataShape) : null];
}

/** Inserts a chart at version 1 with its first version record; false if its folder is gone. */
export async function insertChart(d1: D1Database, chart: NewChart): Promise<boolean> {
	const s = chart.snapshot;
	const [inserted] = await d1.batch([
		d1
			.prepare(
				`INSERT INTO charts (id, workspace_id, author_account_id, name, kind, meta, series_refs, series_names,
				   data_blob_key, has_data, folder_id, version, created_at, updated_at, column_roles)
				 SELECT ?3, ?2, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?1, 1, ?12, ?12, ?13 WHERE ${folderStillValid}`,
			)
			.bind(
				s.folderId,
				chart.workspaceId,
				chart.id,
				chart.authorAccountId,
				chart.name,
				s.kind,
				JSON.stringify(s.meta),
				JSON.stringify(s.seriesRefs),
				JSON.stringify(s.seriesNames),
				s.dataBlobKey,
				s.hasData ? 1 : 0,
				chart.now,
				s.columnRoles ? JSON.stringify(s.columnRoles) : null,
			),
		d1
			.prepare(
				`INSERT INTO chart_versions (chart_id, version, action, author_account_id, snapshot, data_blob_key, created_at,
				   summary, changes, data_shape)
				 SELECT ?1, 1, 'create', ?2, ?3, ?5, ?4, ?6, ?7, ?8 WHERE EXISTS (SELECT 1 FROM charts WHERE id = ?1)`,
			)
			.bind(chart.id, chart.authorAccountId, JSON.stringify(s), chart.now, s.dataBlobKey, ...noteColumns(chart.note, chart.dataShape)),
	]);
	// D1 counts the rows the search index's triggers write too (migrations/0013_chart_search.sql):
	// the statement inserts one chart or none, and the triggers write only when it does.
	return (inserted?.meta.changes ?? 0) > 0;
}

export interface ChartWrite {
	previous: ChartRecord;
	next: ChartSnapshot;
	name: string;
	action: ChartAction;
	authorAccountId: string;
	now: number;
	/** Sets `published_version`; undefined keeps it. */
	publishedVersion?: number | null;
	/** What this version changed, in words; without it the list says the action in words. */
	note?: VersionNote;
	/** The shape of the dataset this version sets, when it sets one. */
	dataShape?: DataShape | null;
	/** What the write does to the chart's link to a URL; undefined keeps it as it is. */
	link?: LinkChange;
}

/**
 * Filing a chart (a new folder and nothing else) is not editing it: it is a
 * version of its own, action `move`, so the ETag changes with the folder, but `updated_at`,
 * which the list's "edited …" and its Updated sort show, stays as it was.
 */
function isFilingOnly(previous: ChartRecord, next: ChartSnapshot): boolean {
	return previous.folderId !== next.folderId && sameSnapshot({ ...snapshotOf(previous), folderId: null }, { ...next, folderId: null });
}

/**
 * Writes the next version of a chart. Returns false, writing nothing, when the chart changed
 * since `previous` was read (or was deleted), or when its target folder no longer exists.
 */
export async function writeChartVersion(d1: D1Database, write: ChartWrite): Promise<boolean> {
	const { previous, next } = write;
	const nextVersion = previous.version + 1;
	const stillCurrent = `EXISTS (SELECT 1 FROM charts WHERE id = ?3 AND version = ?4 AND workspace_id = ?2) AND ${folderStillValid}`;
	const publishedVersion = write.publishedVersion === undefined ? previous.publishedVersion : write.publishedVersion;
	const filing = write.action === "move" || (write.action === "update" && isFilingOnly(previous, next));
	const action: ChartAction = filing ? "move" : write.action;
	const [, updated] = await d1.batch([
		d1
			.prepare(
				`INSERT INTO chart_versions (chart_id, version, action, author_account_id, snapshot, data_blob_key, created_at,
				   summary, changes, data_shape)
				 SELECT ?3, ?5, ?6, ?7, ?8, ?10, ?9, ?11, ?12, ?13 WHERE ${stillCurrent}`,
			)
			.bind(
				next.folderId,
				previous.workspaceId,
				previous.id,
				previous.version,
				nextVersion,
				action,
				write.authorAccountId,
				JSON.stringify(next),
				write.now,
				next.dataBlobKey,
				...noteColumns(write.note, write.dataShape),
			),
		d1
			.prepare(
				`UPDATE charts SET name = ?5, kind = ?6, meta = ?7, series_refs = ?8, series_names = ?9, data_blob_key = ?10,
				   has_data = ?11, folder_id = ?1, published_version = ?12, published_at = CASE WHEN ?12 IS NULL THEN NULL
				   WHEN ?12 IS NOT published_version THEN ?13 ELSE published_at END, version = ?14,
				   updated_at = CASE WHEN ?15 THEN updated_at ELSE ?13 END, column_roles = ?16
				   ${linkColumns(write.link, 17)}
				 WHERE id = ?3 AND version = ?4 AND workspace_id = ?2 AND ${folderStillValid}`,
			)
			.bind(
				next.folderId,
				previous.workspaceId,
				previous.id,
				previous.version,
				write.name,
				next.kind,
				JSON.stringify(next.meta),
				JSON.stringify(next.seriesRefs),
				JSON.stringify(next.seriesNames),
				next.dataBlobKey,
				next.hasData ? 1 : 0,
				publishedVersion,
				write.now,
				nextVersion,
				filing ? 1 : 0,
				next.columnRoles ? JSON.stringify(next.columnRoles) : null,
				...linkValues(write.link),
			),
	]);
	// As in insertChart: the search index's trigger writes only when the chart's row was updated.
	return (updated?.meta.changes ?? 0) > 0;
}

/** Every data blob key a chart row or one of its versions names, as SQL over `?1` (id). */
const blobKeysOfChart = `SELECT data_blob_key AS key FROM charts WHERE id = ?1 AND data_blob_key IS NOT NULL
	UNION SELECT data_blob_key FROM chart_versions WHERE chart_id = ?1 AND data_blob_key IS NOT NULL`;

export type DeletedChart = { deleted: false } | { deleted: true; blobKeys: string[] };

/**
 * Deletes a chart and its history; `expectedVersion` makes it conditional (If-Match). Answers
 * the data blob keys the chart and its versions named, read in the same transaction as the
 * delete, so a version written concurrently is either in the list or makes the delete fail.
 */
export async function deleteChart(d1: D1Database, workspaceId: string, id: string, expectedVersion: number): Promise<DeletedChart> {
	const [keys, deleted] = await d1.batch<{ key: string }>([
		d1.prepare(blobKeysOfChart).bind(id),
		d1.prepare("DELETE FROM charts WHERE id = ?1 AND workspace_id = ?2 AND version = ?3").bind(id, workspaceId, expectedVersion),
	]);
	// D1 counts the cascaded version rows in `changes` too.
	if ((deleted?.meta.changes ?? 0) === 0) return { deleted: false };
	return { deleted: true, blobKeys: (keys?.results ?? []).map((row) => row.key) };
}

/** Which of `keys` a chart or a chart version (of any workspace) still names; both columns are indexed. */
export async function referencedBlobKeys(d1: D1Database, keys: readonly string[]): Promise<Set<string>> {
	if (keys.length === 0) return new Set();
	const rows = await d1
		.prepare(
			`SELECT value AS key FROM json_each(?1)
			 WHERE EXISTS (SELECT 1 FROM charts WHERE data_blob_key = value)
			    OR EXISTS (SELECT 1 FROM chart_versions WHERE data_blob_key = value)`,
		)
		.bind(JSON.stringify(keys))
		.all<{ key: string }>();
	return new Set(rows.results.map((row) => row.key));
}

const StoredChanges = z.array(
	z.object({ field: z.string(), label: z.string(), from: z.string().nullable().optional(), to: z.string().nullable().optional() }),
);
const StoredDataShape = z.object({ rows: z.number().int().min(0), columns: z.array(z.string()) });

/** A stored `changes` column; anything unreadable is treated as unknown (the list then does not fold it). */
function readChanges(text: string | null): VersionChange[] | null {
	if (text === null) return null;
	try {
		const parsed = StoredChanges.safeParse(JSON.parse(text));
		return parsed.success ? parsed.data : null;
	} catch {
		return null;
	}
}

/** Newest first, with what each version changed (null summary: written before summaries existed). */
export async function listChartVersions(db: Database, chartId: string): Promise<StoredVersion[]> {
	const rows = await db
		.select({
			version: chartVersions.version,
			action: chartVersions.action,
			authorAccountId: chartVersions.authorAccountId,
			createdAt: chartVersions.createdAt,
			summary: chartVersions.summary,
			changes: chartVersions.changes,
		})
		.from(chartVersions)
		.where(eq(chartVersions.chartId, chartId))
		.orderBy(desc(chartVersions.version));
	return rows.map((row) => ({ ...row, changes: readChanges(row.changes) }));
}

/** The shape recorded for a data blob by one of the chart's versions, if any recorded it. */
export async function findDataShape(d1: D1Database, chartId: string, blobKey: string): Promise<DataShape | null> {
	const row = await d1
		.prepare(
			`SELECT data_shape FROM chart_versions WHERE data_blob_key = ?2 AND chart_id = ?1 AND data_shape IS NOT NULL
			 ORDER BY version DESC LIMIT 1`,
		)
		.bind(chartId, blobKey)
		.first<{ data_shape: string }>();
	if (!row) return null;
	try {
		const parsed = StoredDataShape.safeParse(JSON.parse(row.data_shape));
		return parsed.success ? parsed.data : null;
	} catch {
		return null;
	}
}

export async function findChartVersion(db: Database, chartId: string, version: number) {
	const row = await db
		.select()
		.from(chartVersions)
		.where(and(eq(chartVersions.chartId, chartId), eq(chartVersions.version, version)))
		.get();
	if (!row) return null;
	return { ...row, snapshot: parseJsonColumn(ChartSnapshotSchema, row.snapshot, "chart_versions.snapshot") };
}
