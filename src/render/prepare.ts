/**
 * Everything a drawing export needs, gathered for one chart: its dataset, its theme (the
 * chart's, else the workspace default, else Classic), its size and mode (query options win
 * over the chart's meta).
 */

import { findThemeDefinition } from "../db/themes";
import type { ChartRecord } from "../domain/chart";
import type { ThemeDefinition } from "../domain/themes";
import { defaultBuiltInThemeId, findBuiltInTheme, ThemeDefinition as ThemeSchema } from "../domain/themes";
import type { Services } from "../http/context";
import { datasetOf } from "../services/chart-data";
import type { ExportOptions } from "./exporters";
import type { RenderInput } from "./input";

const defaultSize = { width: 800, height: 500 };

async function themeFor(services: Services, chart: ChartRecord): Promise<ThemeDefinition> {
	const builtIn = chart.meta.theme === undefined ? undefined : findBuiltInTheme(chart.meta.theme);
	if (builtIn) return builtIn.definition;
	const stored = await findThemeDefinition(services.db, chart.workspaceId, chart.meta.theme);
	const parsed = stored === null ? null : ThemeSchema.safeParse(JSON.parse(stored));
	// A theme deleted since (or never valid) falls back to Classic rather than failing the export.
	return parsed?.success ? parsed.data : (findBuiltInTheme(defaultBuiltInThemeId)?.definition as ThemeDefinition);
}

export async function renderInputFor(services: Services, chart: ChartRecord, options: ExportOptions): Promise<RenderInput> {
	const dataset = await datasetOf(services, chart);
	if (!dataset) throw new Error(`chart ${chart.id} has no dataset`);
	return {
		kind: chart.kind,
		dataset,
		seriesNames: chart.seriesNames,
		meta: chart.meta,
		theme: await themeFor(services, chart),
		mode: options.mode ?? chart.meta.mode ?? "light",
		width: Math.round(options.w ?? chart.meta.w ?? defaultSize.width),
		height: Math.round(options.h ?? chart.meta.h ?? defaultSize.height),
		transparent: options.transparent === "true",
		fromStatistics: chart.seriesRefs.length > 0,
	};
}
