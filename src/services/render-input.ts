/**
 * Everything a drawing needs, gathered for one chart before it is drawn: its dataset and its
 * theme (the chart's, else the workspace default, else Classic) read from D1/R2, its size, mode
 * and background as export-options.ts resolved them, and every text made drawable. The renderer
 * (`src/render/`) takes the result and does no I/O.
 */

import type { ThemeCandidate } from "../db/themes";
import { findThemeCandidates } from "../db/themes";
import type { ChartRecord } from "../domain/chart";
import type { Dataset } from "../domain/dataset";
import type { ThemeDefinition } from "../domain/themes";
import { defaultBuiltInThemeId, findBuiltInTheme, ThemeDefinition as ThemeSchema } from "../domain/themes";
import { drawableInput } from "../render/drawable-text";
import type { RenderInput } from "../render/input";
import type { RenderFont } from "../render/uploaded-fonts";
import type { Services } from "../request-services";
import { drawnDataset } from "./chart-data";
import type { DrawingOptions } from "./export-options";

/** The theme a chart is drawn in, resolved to its definition. */
export async function themeFor(
	services: Services,
	chart: ChartRecord,
	/** The chart's stored themes when already read (`chartThemeCandidatesQuery`): then no query is made. */
	candidates?: readonly ThemeCandidate[],
): Promise<ThemeDefinition> {
	const builtIn = chart.meta.theme === undefined ? undefined : findBuiltInTheme(chart.meta.theme);
	if (builtIn) return builtIn.definition;
	const stored = candidates ? storedThemeOf(chart, candidates) : await readStoredTheme(services, chart);
	const parsed = stored === null ? null : ThemeSchema.safeParse(JSON.parse(stored));
	// No workspace default (or a row that no longer parses) falls back to Classic rather than failing the export.
	return parsed?.success ? parsed.data : (findBuiltInTheme(defaultBuiltInThemeId)?.definition as ThemeDefinition);
}

async function readStoredTheme(services: Services, chart: ChartRecord): Promise<string | null> {
	return storedThemeOf(chart, await findThemeCandidates(services.db, chart.workspaceId, chart.meta.theme));
}

/** The theme the chart names; a theme deleted since falls back to the workspace default, as a chart without one does. */
function storedThemeOf(chart: ChartRecord, candidates: readonly ThemeCandidate[]): string | null {
	const named = chart.meta.theme === undefined ? undefined : candidates.find((theme) => theme.id === chart.meta.theme);
	return (named ?? candidates.find((theme) => theme.isDefault))?.definition ?? null;
}

/**
 * A drawing's input from a chart's stored dataset (drawn as its column roles read it), theme and
 * fonts already read (the export cache reads them to key the file), with the size, mode and
 * background `options` resolved.
 */
export function renderInput(
	chart: ChartRecord,
	options: DrawingOptions,
	dataset: Dataset,
	theme: ThemeDefinition,
	fonts: readonly RenderFont[] = [],
): RenderInput {
	const { width, height, mode, transparent } = options;
	const drawn = drawnDataset(chart, dataset);
	return drawableInput({
		kind: chart.kind,
		dataset: drawn,
		...(drawn === dataset ? {} : { table: dataset }),
		seriesNames: chart.seriesNames,
		meta: chart.meta,
		theme,
		mode,
		width,
		height,
		transparent,
		fromStatistics: chart.seriesRefs.length > 0,
		...(fonts.length > 0 ? { fonts } : {}),
	});
}
