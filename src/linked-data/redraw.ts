/**
 * How the service itself brings a chart up to date: new data from a linked URL, or the
 * library as it is after a re-import. One new version, action `refresh`, by `system:linked-data`
 * or `system:library`; a published chart is redrawn in place through publish's orchestrator (the
 * same URL, the export gate, the snapshot cache), and a redraw whose files would be the published
 * ones writes nothing.
 *
 * A published chart with edits not yet published keeps them out of the embed: the embed gets the
 * new data with its published settings (one version, published), then the draft gets its edits
 * back with the new data (a second version). Publishing stays the person's decision.
 */
import type { ChartAction } from "../db/charts";
import { findChartVersion, snapshotOf } from "../db/charts";
import type { SystemActor } from "../domain/caller";
import type { ChartRecord, ChartSnapshot } from "../domain/chart";
import type { Services } from "../request-services";
import type { ChartData } from "../services/chart-data";
import { loadChart, validateMeta, writeChart } from "../services/chart-writes";
import { publishChart } from "../services/publish";

export const linkedDataAuthor = "system:linked-data";
export const libraryAuthor = "system:library";

const reasons = { [linkedDataAuthor]: "linked-data refresh", [libraryAuthor]: "library re-import" } as const;

/** The service acting on a workspace's chart, as the author its history shows. */
export function systemActor(author: typeof linkedDataAuthor | typeof libraryAuthor, workspaceId: string): SystemActor {
	return { kind: "system", reason: reasons[author], accountId: author, workspaceId };
}

/**
 * A refresh expects no version of its own: its writes are conditional on `readVersion` through
 * `assertUnchangedSince`, which drops the refresh instead of answering 412.
 */
const anyVersion = null;

const action: ChartAction = "refresh";

/** Settings and kind: what a person edits, as opposed to the data a refresh replaces. */
function sameSettings(a: ChartSnapshot, b: ChartSnapshot): boolean {
	return a.kind === b.kind && JSON.stringify(a.meta) === JSON.stringify(b.meta);
}

/**
 * The chart changed after the service read it for a refresh (a person's edit, new data, a new
 * or ended link): the refresh's result is dropped, never written over that change.
 */
export class SupersededRefresh extends Error {
	constructor(
		readonly chartId: string,
		readonly readVersion: number,
		readonly currentVersion: number,
	) {
		super(`chart ${chartId} changed from version ${readVersion} to ${currentVersion} while it was being refreshed`);
		this.name = "SupersededRefresh";
	}
}

function assertUnchangedSince(chart: ChartRecord, readVersion: number): void {
	if (chart.version !== readVersion) throw new SupersededRefresh(chart.id, readVersion, chart.version);
}

/**
 * Brings `chartId` up to date: with `data` (a linked read's), or as the library stands (null).
 * Every write is conditional on the chart still being at `readVersion`, the version read before
 * the source was: throws `SupersededRefresh`, writing nothing, once it has moved on. Answers the
 * chart as it is afterwards. Throws `export_busy` when a drawing is needed and every slot is
 * taken (nothing written then), and the API's errors when the new data does not fit the chart's
 * settings (a series its settings name is gone).
 */
export async function refreshChart(
	services: Services,
	actor: SystemActor,
	chartId: string,
	now: number,
	data: ChartData | null,
	readVersion: number,
): Promise<ChartRecord> {
	const withData = async (chart: ChartRecord): Promise<ChartRecord> => {
		if (!data) return chart;
		const next = { ...chart, seriesRefs: [], ...data };
		return { ...next, meta: await validateMeta(services, actor, chart.meta, next, chart.meta.theme) };
	};
	const current = await loadChart(services, actor, chartId);
	assertUnchangedSince(current, readVersion);
	if (current.publishedVersion === null) {
		if (!data) return current;
		return writeChart(services, actor, chartId, anyVersion, now, async (chart) => {
			assertUnchangedSince(chart, readVersion);
			return { next: snapshotOf(await withData(chart)), action };
		});
	}
	const published = await findChartVersion(services.db, chartId, current.publishedVersion);
	if (!published || sameSettings(published.snapshot, snapshotOf(current))) {
		const content = (chart: ChartRecord) => {
			assertUnchangedSince(chart, readVersion);
			return withData(chart);
		};
		return publishChart(services, actor, chartId, anyVersion, now, { action, skipUnchanged: true, content });
	}
	const draft = snapshotOf(current);
	const asPublished = async (chart: ChartRecord): Promise<ChartRecord> => {
		assertUnchangedSince(chart, readVersion);
		const then = chart.publishedVersion === null ? null : await findChartVersion(services.db, chartId, chart.publishedVersion);
		return withData(then ? { ...chart, ...then.snapshot, folderId: chart.folderId } : chart);
	};
	const redrawn = await publishChart(services, actor, chartId, anyVersion, now, {
		action,
		skipUnchanged: true,
		content: asPublished,
	});
	if (redrawn.version === current.version) return redrawn;
	return writeChart(services, actor, chartId, anyVersion, now, async (chart) =>
		// Only straight after the redraw: a person's write since then is the draft now.
		chart.version === redrawn.version
			? { next: snapshotOf(await withData({ ...chart, ...draft, folderId: chart.folderId })), action }
			: null,
	);
}
