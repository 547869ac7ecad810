/**
 * Chart kind → its option builder, for every kind but `map`: a map's base geometry is heavy, so
 * it stays out of this table and the embed page's client only loads it for maps.
 */
import type { ChartKind } from "../../domain/kinds";
import type { DrawingNotes } from "../drawing-notes";
import type { Option } from "../frame";
import type { RenderInput } from "../input";
import { withSettings } from "../settings";
import { barOption, candlestickOption, lineOption, multiplesOption } from "./cartesian";
import { boxplotOption, heatmapOption, radarOption, themeriverOption } from "./distribution";
import { pieOption, sankeyOption, treemapOption } from "./part-to-whole";
import { rangeFamilyOption, scatterOption } from "./plane";
import { tableOption } from "./table";

/** `notes` collects what the drawing leaves out to stay within its budget (docs/design.md#d25). */
export type OptionBuilder = (input: RenderInput, notes?: DrawingNotes) => Option;

/** Each kind's builder, with the chart settings of `meta` applied (`../settings`). */
export const optionBuilders: Record<Exclude<ChartKind, "map">, OptionBuilder> = {
	line: withSettings(lineOption),
	"horizontal-bar": withSettings(barOption),
	multiples: withSettings(multiplesOption),
	candlestick: withSettings(candlestickOption),
	pie: withSettings(pieOption),
	treemap: withSettings(treemapOption),
	sankey: withSettings(sankeyOption),
	scatter: withSettings(scatterOption),
	dot: withSettings(rangeFamilyOption),
	range: withSettings(rangeFamilyOption),
	arrow: withSettings(rangeFamilyOption),
	boxplot: withSettings(boxplotOption),
	heatmap: withSettings(heatmapOption),
	themeriver: withSettings(themeriverOption),
	radar: withSettings(radarOption),
	table: withSettings(tableOption),
};
