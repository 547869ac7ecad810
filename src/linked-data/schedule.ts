/**
 * The scheduled run (a Cron Trigger, every minute): reads the linked charts that are
 * due, then redraws the published charts on library statistics that a re-import changed. Work is
 * bounded per run; what is left stays due and is picked up by the next run, the longest-waiting
 * first, so many charts changing at once form a queue instead of a burst past the export gate.
 */
import { ApiError } from "../api-error";
import type { ChangedSource } from "../db/linked-data";
import {
	changedLibrarySources,
	claimDueLinkedCharts,
	currentChartVersion,
	markLibrarySourceFollowed,
	publishedStatisticsCharts,
	sourcesOfStatistics,
} from "../db/linked-data";
import { SeriesReference } from "../domain/series";
import { pruneOAuth } from "../oauth/retention";
import type { Services } from "../request-services";
import { buildServices } from "../request-services";
import { pruneActivity } from "../services/data-retention";
import { libraryAuthor, refreshChart, SupersededRefresh, systemActor } from "./redraw";
import type { RefreshResult } from "./refresh-linked";
import { refreshLinkedChart } from "./refresh-linked";
import type { RefreshMessage } from "./refresh-queue";
import { enqueueDueCharts } from "./refresh-queue";

/** Linked reads per run on the inline path: each may wait up to the read timeout, and a run should end well within a minute or two. */
export const maxReadsPerRun = 25;
/** Library redraws per run. */
export const maxLibraryRedrawsPerRun = 25;

export interface ScheduledReport {
	/** Reads made in the run itself (the inline path); none when they go to the queue. */
	reads: Partial<Record<RefreshResult, number>>;
	/** Charts sent to the refresh queue. */
	enqueued: number;
	library: { sources: number; redrawn: number; unchanged: number; failed: number; finished: boolean };
}

/**
 * One run: the due linked charts go to `queue` (read by its consumer, queue-consumer.ts), or,
 * without one, are read here, at most `maxReadsPerRun` (the path before queues, kept for
 * `LINKED_DATA_INLINE=true` and as the benchmark's reference); then the library's re-imports.
 */
export async function runScheduled(services: Services, now: number, queue: Queue<RefreshMessage> | null = null): Promise<ScheduledReport> {
	const reads: ScheduledReport["reads"] = {};
	let enqueued = 0;
	if (queue) enqueued = await enqueueDueCharts(services.d1, queue, now);
	else {
		for (const due of await claimDueLinkedCharts(services.d1, now, maxReadsPerRun)) {
			const result = await refreshLinkedChart(services, due.workspaceId, due.id, now, "postpone");
			reads[result] = (reads[result] ?? 0) + 1;
		}
	}
	return { reads, enqueued, library: await followLibraryImports(services, now) };
}

/** A chart row's series references; a row that does not parse names none (and is left alone). */
function referencesOf(refsJson: string): SeriesReference[] {
	const refs = SeriesReference.array().safeParse(JSON.parse(refsJson));
	return refs.success ? refs.data : [];
}

/**
 * Redraws published statistics charts on re-imported sources. A source counts as followed only
 * once every chart on it was redrawn (or found unchanged), so an interrupted run resumes.
 */
export async function followLibraryImports(services: Services, now: number): Promise<ScheduledReport["library"]> {
	const changed = await changedLibrarySources(services.d1);
	const report = { sources: changed.length, redrawn: 0, unchanged: 0, failed: 0, finished: true };
	if (changed.length === 0) return report;
	const changedIds = new Set(changed.map((s) => s.id));
	const charts = await publishedStatisticsCharts(services.d1);
	const statisticIds = charts.flatMap((c) => referencesOf(c.seriesRefs).flatMap((ref) => ("statistic" in ref ? [ref.statistic] : [])));
	const statisticSources = await sourcesOfStatistics(services.d1, [...new Set(statisticIds)]);
	let attempted = 0;
	for (const chart of charts) {
		const sources = referencesOf(chart.seriesRefs).map((ref) => ("statistic" in ref ? statisticSources.get(ref.statistic) : ref.source));
		if (!sources.some((source) => source !== undefined && changedIds.has(source))) continue;
		if (attempted++ >= maxLibraryRedrawsPerRun) {
			report.finished = false;
			break;
		}
		try {
			const before = await currentChartVersion(services.d1, chart.id);
			if (before === null) continue; // deleted since the list was read
			const after = await refreshChart(services, systemActor(libraryAuthor, chart.workspaceId), chart.id, now, null, before);
			if (after.version === before) report.unchanged++;
			else report.redrawn++;
		} catch (error) {
			if (error instanceof SupersededRefresh) {
				// A person's write since the read: it was published (or not) by them; the next run redraws from it.
				console.log(`library: dropped the redraw of ${error.message}`);
				report.finished = false;
				continue;
			}
			if (error instanceof ApiError && error.code === "export_busy") {
				report.finished = false;
				break;
			}
			// A statistic the chart names is gone, or its drawing failed: the embed keeps what it shows.
			console.error(`redrawing statistics chart ${chart.id} after a library import failed`, error);
			report.failed++;
		}
	}
	if (report.finished) for (const source of changed) await markLibrarySourceFollowed(services.d1, source satisfies ChangedSource, now);
	return report;
}

/**
 * One Cron Trigger run (wrangler.toml `[triggers] crons`), for the Worker's `scheduled` handler
 * (src/index.ts, which loads this module on the first run and keeps the isolate alive for it
 * with waitUntil). A failure is logged, never thrown: the next minute's run tries again.
 */
export async function runScheduledEvent(controller: ScheduledController, env: Env, ctx: ExecutionContext): Promise<void> {
	const services = buildServices(env, ctx);
	const queue = services.config.linkedDataInline ? null : env.LINKED_REFRESH;
	try {
		console.log("scheduled refresh", JSON.stringify(await runScheduled(services, controller.scheduledTime, queue)));
	} catch (error) {
		console.error("scheduled refresh failed", error);
	}
	// The activity log keeps a year (docs/teams.md); sign-ins prune it too, but a workspace nobody signs in to still ages out here.
	await pruneActivity(services, controller.scheduledTime).catch((error: unknown) =>
		console.error("pruning the activity log failed", error),
	);
	// Expired sign-in requests, codes and tokens of connected assistants (src/oauth/retention.ts).
	await pruneOAuth(services, controller.scheduledTime).catch((error: unknown) => console.error("pruning expired OAuth rows failed", error));
}
