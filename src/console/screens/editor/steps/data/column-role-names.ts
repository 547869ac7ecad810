/**
 * The words the Data step's column pickers use for the API's role ids (`meta.columns`): plain
 * names for a person, the id shown small beside them for people who write to the API.
 */
import type { ChartKind } from "../../../../../domain/kinds";

const names: Record<string, string> = {
	x: "Labels",
	y: "Values",
	series: "Series from",
	label: "Labels",
	value: "Values",
	region: "Regions",
	path: "Groups, outermost first",
	size: "Size",
	group: "Colour by",
	date: "Dates",
	source: "From",
	target: "To",
	min: "Minimum",
	q1: "Lower quartile",
	median: "Median",
	q3: "Upper quartile",
	max: "Maximum",
	open: "Open",
	high: "High",
	low: "Low",
	close: "Close",
	volume: "Volume",
	show: "Columns shown",
};

/** Kinds whose x and y are both axes, not labels and values. */
const byKind: Partial<Record<ChartKind, Record<string, string>>> = {
	scatter: { x: "Across", y: "Up", label: "Point labels" },
	heatmap: { x: "Across", y: "Down", value: "Values" },
	range: { y: "Start and end" },
	arrow: { y: "From and to" },
	boxplot: { group: "Groups", value: "Samples" },
};

export function roleName(kind: ChartKind, role: string): string {
	return byKind[kind]?.[role] ?? names[role] ?? role;
}
