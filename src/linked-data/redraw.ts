/**
 * How the service itself brings a chart up to date (issue 29): new data from a linked URL, or the
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
import type { Caller } from "../domain/caller";
import type { ChartRecord, ChartSnapshot } from "../domain/chart";
import { allScopes } from "../domain/plans";
import type { Services } from "../request-services";
import type { ChartData } from "../services/chart-data";
import { loadChart, validateMeta, writeChart } from "../services/chart-writes";
import { publishChart } from "../services/publish";

export const linkedDataAuthor = "system:linked-data";
export const libraryAuthor = "system:library";

/** The service acting on a workspace's chart: every scope, no key, the author the history shows. */
export function systemCaller(author: typeof linkedDataAuthor | typeof libraryAuthor, workspaceId: string): Caller {
	return { credential: "key", keyId: author, accountId: author, workspaceId, plan: "business", scopes: [...allScopes] };
}

/** A system write sends no If-Match: it always applies to the chart as it stands. */
function systemRequest(): Request {
	return new Request("https://charts.invalid/system/refresh", { method: "POST" });
}

const action: ChartAction = "refresh";

/** Settings and kind: what a person edits, as opposed to the data a refresh replaces. */
function sameSettings(a: ChartSnapshot, b: ChartSnapshot): boolean {
	return a.kind === b.kind && JSON.stringify(a.meta) === JSON.stringify(b.meta);
}

/**
 * Brings `chartId` up to date: with `data` (a linked read's), or as the library stands (null).
 * Answers the chart as it is afterwards. Throws `export_busy` when a drawing is needed and every
 * slot is taken (nothing written then), and the API's errors when the new data does not fit the
 * chart's settings (a series its settings name is gone).
 */
export async function refreshChart(
	services: Services,
	caller: Caller,
	chartId: string,
	now: number,
	data: ChartData | null,
): Promise<ChartRecord> {
	const withData = async (chart: ChartRecord): Promise<ChartRecord> => {
		if (!data) return chart;
		const next = { ...chart, seriesRefs: [], ...data };
		return { ...next, meta: await validateMeta(services, caller, chart.meta, next, chart.meta.theme) };
	};
	const current = await loadChart(services, caller, chartId);
	if (current.publishedVersion === null) {
		if (!data) return current;
		return writeChart(services, caller, systemRequest(), chartId, now, async (chart) => ({
			next: snapshotOf(await withData(chart)),
			action,
		}));
	}
	const published = await findChartVersion(services.db, chartId, current.publishedVersion);
	if (!published || sameSettings(published.snapshot, snapshotOf(current))) {
		return publishChart(services, caller, systemRequest(), chartId, now, { action, skipUnchanged: true, content: withData });
	}
	const draft = snapshotOf(current);
	const asPublished = async (chart: ChartRecord): Promise<ChartRecord> => {
		const then = chart.publishedVersion === null ? null : await findChartVersion(services.db, chartId, chart.publishedVersion);
		return withData(then ? { ...chart, ...then.snapshot, folderId: chart.folderId } : chart);
	};
	const redrawn = await publishChart(services, caller, systemRequest(), chartId, now, {
		action,
		skipUnchanged: true,
		content: asPublished,
	});
	if (redrawn.version === current.version) return redrawn;
	return writeChart(services, caller, systemRequest(), chartId, now, async (chart) =>
		// Only straight after the redraw: a person's write since then is the draft now.
		chart.version === redrawn.version
			? { next: snapshotOf(await withData({ ...chart, ...draft, folderId: chart.folderId })), action }
			: null,
	);
}
