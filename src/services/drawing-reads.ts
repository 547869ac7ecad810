/**
 * A chart together with what drawing it needs from D1: the workspace's uploaded fonts and the
 * stored themes it may be drawn with. One batch, so an export the cache answers makes a single
 * D1 round trip after the key: the themes no longer wait for the chart to name one.
 */
import { chartFromRows, chartQuery } from "../db/charts";
import type { StoredFont } from "../db/fonts";
import { fontsFromRows, workspaceFontsQuery } from "../db/fonts";
import type { ThemeCandidate } from "../db/themes";
import { chartThemeCandidatesQuery } from "../db/themes";
import type { Actor } from "../domain/caller";
import type { ChartRecord } from "../domain/chart";
import type { Services } from "../request-services";
import { chartNotFound } from "./chart-writes";

export interface ChartForDrawing {
	chart: ChartRecord;
	workspaceFonts: StoredFont[];
	themes: ThemeCandidate[];
}

export async function readChartForDrawing(services: Services, actor: Actor, id: string): Promise<ChartForDrawing> {
	const { db } = services;
	const [chartRows, fontRows, themes] = await db.batch([
		chartQuery(db, actor.workspaceId, id),
		workspaceFontsQuery(db, actor.workspaceId),
		chartThemeCandidatesQuery(db, actor.workspaceId, id),
	]);
	const chart = chartFromRows(chartRows);
	if (!chart) throw chartNotFound(id);
	return { chart, workspaceFonts: fontsFromRows(fontRows), themes };
}
