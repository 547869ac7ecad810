/**
 * Chart kind → its option builder, for every kind but `map`: a map's base geometry is heavy, so
 * it stays out of this table and the embed page's client only loads it for maps.
 */
import type { ChartKind } from "../../domain/kinds";
import type { DrawingNotes } from "../drawing-notes";
import type { Option } from "../frame";
import type { RenderInput } from "../input";
import { barOption, candlestickOption, lineOption, multiplesOption } from "./cartesian";
import { boxplotOption, heatmapOption, radarOption, themeriverOption } from "./distribution";
import { pieOption, sankeyOption, treemapOption } from "./part-to-whole";
import { rangeFamilyOption, scatterOption } from "./plane";
import { tableOption } from "./table";

/** `notes` collects what the drawing leaves out to stay within its budget (DESIGN D25). */
export type OptionBuilder = (input: RenderInput, notes?: DrawingNotes) => Option;

export const optionBuilders: Record<Exclude<ChartKind, "map">, OptionBuilder> = {
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
