/**
 * Chart kind → its option builder (one module per family).
 */
import type { ChartKind } from "../domain/kinds";
import type { Option } from "./frame";
import type { RenderInput } from "./input";
import { barOption, candlestickOption, lineOption, multiplesOption } from "./kinds/cartesian";
import { boxplotOption, heatmapOption, radarOption, rangeFamilyOption, scatterOption, themeriverOption } from "./kinds/distribution";
import { pieOption, sankeyOption, treemapOption } from "./kinds/part-to-whole";
import { tableOption } from "./kinds/table";

const builders: Record<Exclude<ChartKind, "map">, (input: RenderInput) => Option> = {
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

/** Maps need bundled base maps, which arrive with the rest of the rendering issue. */
export function canDraw(kind: ChartKind): kind is Exclude<ChartKind, "map"> {
	return kind !== "map";
}

export function chartOption(input: RenderInput & { kind: Exclude<ChartKind, "map"> }): Option {
	return builders[input.kind](input);
}
