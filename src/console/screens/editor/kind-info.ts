/**
 * What the editor says about each kind: its name, the data layout it needs (the README's "Own
 * data (CSV)" table, in plain words) and which drawing variants of `meta` apply to it.
 */
import type { ChartKind } from "../../../domain/kinds";

export const kindNames: Record<ChartKind, string> = {
	line: "Line",
	"horizontal-bar": "Bars",
	pie: "Pie",
	scatter: "Scatter",
	themeriver: "Stream",
	multiples: "Small multiples",
	map: "Map",
	dot: "Dot plot",
	range: "Range",
	arrow: "Arrows",
	candlestick: "Candlestick",
	heatmap: "Heatmap",
	treemap: "Treemap",
	sankey: "Sankey",
	boxplot: "Box plot",
	radar: "Radar",
	table: "Table",
};

/**
 * Every kind, in the API's order. Typed from `ChartKind` but not imported from domain/kinds (its
 * zod schema would pull zod into the console's own JavaScript); `kindNames` must name them all.
 */
export const kindList = Object.keys(kindNames) as ChartKind[];

export const kindLayouts: Record<ChartKind, string> = {
	line: "a category or period column, then one number column per series",
	"horizontal-bar": "a category column, then one number column per series",
	pie: "a label column, then one or more number columns (the first is drawn)",
	scatter: "an optional label column, then x, y and an optional size number column; an optional second text column groups points",
	themeriver: "a period column, then one number column per series",
	multiples: "a category or period column, then one number column per series",
	map: "a region column (ISO code or name), then one or more number columns",
	dot: "a category column, then two or more number columns",
	range: "a category column, then a start and an end number column",
	arrow: "a category column, then a start and an end number column",
	candlestick: "date, open, high, low and close columns, and an optional volume column",
	heatmap: "x, y and a number value column; or a date column and one number column for a calendar",
	treemap: "one label column (or several, forming the path), then number columns; nested paths take exactly one",
	sankey: "source, target and a non-negative number value column",
	boxplot: "group and value (raw samples), or group, min, q1, median, q3 and max",
	radar: "an axis (category) column, then one number column per series",
	table: "any columns",
};

export type Variant = "stack" | "area" | "orientation" | "sort" | "donut" | "halfPie" | "connected" | "basemap" | "period";

/** The variants that change how a kind draws (README, "Rendering and exports"). */
export function variantsOf(kind: ChartKind, fromStatistics: boolean): Variant[] {
	const period: Variant[] = fromStatistics ? ["period"] : [];
	switch (kind) {
		case "line":
			return ["area", "stack"];
		case "horizontal-bar":
			return ["orientation", "stack", "sort"];
		case "pie":
			return ["donut", "halfPie", ...period];
		case "scatter":
			return ["connected"];
		case "map":
			return ["basemap", ...period];
		case "treemap":
			return period;
		default:
			return [];
	}
}
