/**
 * A chart's colour checks from the option its renderer builds in each mode: the one entry point
 * of the API (GET /v1/charts/{id}/checks) and the editor's live panel, so both give the same
 * findings. The caller supplies the option builder (the server's render/option.ts, the
 * preview's engine), which keeps this module free of the renderer and its weight.
 */
import type { ColorCheck, Mode } from "./color-checks";
import { chartColorChecks } from "./color-checks";
import { drawnColors } from "./color-checks-drawn";
import type { Meta } from "./meta";
import type { ThemeDefinition } from "./themes";

export const checkedModes: readonly Mode[] = ["light", "dark"];

export interface CheckedChart {
	meta: Meta;
	seriesNames: readonly string[];
	theme: ThemeDefinition;
}

/** Drawn name (a series' display label) → the data's series name, the key of meta.seriesStyle. */
function displayNames(chart: CheckedChart): Map<string, string> {
	const names = new Map<string, string>();
	for (const name of chart.seriesNames) {
		const label = chart.meta.seriesStyle?.[name]?.label?.trim();
		names.set(label ? label : name, name);
	}
	return names;
}

export async function colorChecksOf(
	chart: CheckedChart,
	optionIn: (mode: Mode) => Record<string, unknown> | Promise<Record<string, unknown>>,
): Promise<ColorCheck[]> {
	const names = displayNames(chart);
	const drawn = await Promise.all(
		checkedModes.map(async (mode) => {
			const colors = chart.theme.colors[mode];
			const drawn = drawnColors(await optionIn(mode), {
				mode,
				background: colors.background,
				palette: colors.palette,
				displayNames: names,
			});
			// A highlight draws the series it does not name in the axis colour (render/settings/series-look.ts).
			return chart.meta.highlight?.length ? { ...drawn, muted: colors.axis } : drawn;
		}),
	);
	return chartColorChecks(drawn);
}
