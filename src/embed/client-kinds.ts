/**
 * Which page client draws each kind: one per kind family (`client/families/`), so a reader
 * downloads only the ECharts code of the chart in front of them (issue 16). Kept apart from
 * `clients.ts`, which carries the bundles themselves.
 */
import type { ChartKind } from "../domain/kinds";

export const familyClients = ["cartesian", "pie", "plane", "table", "other", "map"] as const;
export type FamilyClient = (typeof familyClients)[number];

/** Which family's client draws each kind (the families are `src/embed/client/families/`). */
export const kindClients: Record<ChartKind, FamilyClient> = {
	line: "cartesian",
	"horizontal-bar": "cartesian",
	multiples: "cartesian",
	pie: "pie",
	scatter: "plane",
	dot: "plane",
	range: "plane",
	arrow: "plane",
	table: "table",
	candlestick: "other",
	treemap: "other",
	sankey: "other",
	boxplot: "other",
	heatmap: "other",
	themeriver: "other",
	radar: "other",
	map: "map",
};
