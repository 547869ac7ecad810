/**
 * Chart kind → its option builder (one module per family), and the warnings a drawing carries.
 */
import type { ChartKind } from "../domain/kinds";
import type { Option } from "./frame";
import type { RenderInput } from "./input";
import { barOption, candlestickOption, lineOption, multiplesOption } from "./kinds/cartesian";
import { boxplotOption, heatmapOption, radarOption, rangeFamilyOption, scatterOption, themeriverOption } from "./kinds/distribution";
import { mapOption, unmatchedRegions } from "./kinds/map";
import { pieOption, sankeyOption, treemapOption } from "./kinds/part-to-whole";
import { tableOption } from "./kinds/table";

const builders: Record<ChartKind, (input: RenderInput) => Option> = {
	map: mapOption,
	line: lineOption,
	"horizontal-bar": barOption,
	multiples: multiplesOption,
	candlestick: candlestickOption,
	pie: pieOption,
	treemap: treemapOption,
	sankey: sankeyOption,
	scatter: scatterOption,
	dot: rangeFamilyOption,
	range: rangeFamilyOption,
	arrow: rangeFamilyOption,
	boxplot: boxplotOption,
	heatmap: heatmapOption,
	themeriver: themeriverOption,
	radar: radarOption,
	table: tableOption,
};

export function chartOption(input: RenderInput): Option {
	return builders[input.kind](input);
}

/** What a drawing shows imperfectly, for the `X-Render-Warnings` header. */
export function renderWarnings(input: RenderInput): string[] {
	if (input.kind !== "map") return [];
	const unmatched = unmatchedRegions(input);
	return unmatched.length === 0
		? []
		: [`regions not on the map: ${unmatched.slice(0, 20).join(", ")}${unmatched.length > 20 ? ", …" : ""}`];
}
