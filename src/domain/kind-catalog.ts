/**
 * Every chart kind as people see it, in one table: the name the console shows (`label`), the
 * words a sentence uses (`noun` with its `article`: the renderer's descriptions, MCP's results),
 * the data layout it needs (the editor's and the docs' plain words), and the embed client family
 * that draws it on a page. The console, the renderer, the embed host and MCP all read this table,
 * so a kind's name cannot drift between them. No zod here: the console and the embed host load it.
 */
import type { ChartKind } from "./kinds";

/** The embed page clients, one per family of kinds (`src/embed/client/families/`). */
export const familyClients = ["cartesian", "pie", "plane", "table", "other", "map"] as const;
export type FamilyClient = (typeof familyClients)[number];

export interface KindEntry {
	/** The kind's name on its own: a list row, a picker's option. */
	label: string;
	/** The kind inside a sentence, lower case: "bar chart", "streamgraph". */
	noun: string;
	article: "a" | "an";
	/** What its table holds, in plain words. */
	layout: string;
	family: FamilyClient;
}

export const kindCatalog: Record<ChartKind, KindEntry> = {
	line: {
		label: "Line",
		noun: "line chart",
		article: "a",
		layout: "a category or period column, then one number column per series",
		family: "cartesian",
	},
	"horizontal-bar": {
		label: "Bar",
		noun: "bar chart",
		article: "a",
		layout: "a category column, then one number column per series",
		family: "cartesian",
	},
	pie: {
		label: "Pie",
		noun: "pie chart",
		article: "a",
		layout: "a label column, then one or more number columns (the first is drawn)",
		family: "pie",
	},
	scatter: {
		label: "Scatter",
		noun: "scatter plot",
		article: "a",
		layout: "an optional label column, then x, y and an optional size number column; an optional second text column groups points",
		family: "plane",
	},
	themeriver: {
		label: "Streamgraph",
		noun: "streamgraph",
		article: "a",
		layout: "a period column, then one number column per series",
		family: "other",
	},
	multiples: {
		label: "Small multiples",
		noun: "small-multiples chart",
		article: "a",
		layout: "a category or period column, then one number column per series",
		family: "cartesian",
	},
	map: {
		label: "Map",
		noun: "map",
		article: "a",
		layout: "a region column (ISO code or name), then one or more number columns",
		family: "map",
	},
	dot: { label: "Dot plot", noun: "dot plot", article: "a", layout: "a category column, then two or more number columns", family: "plane" },
	range: {
		label: "Range",
		noun: "range plot",
		article: "a",
		layout: "a category column, then a start and an end number column",
		family: "plane",
	},
	arrow: {
		label: "Arrow",
		noun: "arrow plot",
		article: "an",
		layout: "a category column, then a start and an end number column",
		family: "plane",
	},
	candlestick: {
		label: "Candlestick",
		noun: "candlestick chart",
		article: "a",
		layout: "date, open, high, low and close columns, and an optional volume column",
		family: "other",
	},
	heatmap: {
		label: "Heatmap",
		noun: "heatmap",
		article: "a",
		layout: "x, y and a number value column; or a date column and one number column for a calendar",
		family: "other",
	},
	treemap: {
		label: "Treemap",
		noun: "treemap",
		article: "a",
		layout: "one label column (or several, forming the path), then number columns; nested paths take exactly one",
		family: "other",
	},
	sankey: {
		label: "Sankey",
		noun: "sankey diagram",
		article: "a",
		layout: "source, target and a non-negative number value column",
		family: "other",
	},
	boxplot: {
		label: "Box plot",
		noun: "box plot",
		article: "a",
		layout: "group and value (raw samples), or group, min, q1, median, q3 and max",
		family: "other",
	},
	radar: {
		label: "Radar",
		noun: "radar chart",
		article: "a",
		layout: "an axis (category) column, then one number column per series",
		family: "other",
	},
	table: { label: "Table", noun: "table", article: "a", layout: "any columns", family: "table" },
};

/** Every kind, in the API's order (the table's). */
export const kindList = Object.keys(kindCatalog) as ChartKind[];

/** "a bar chart", "an arrow plot"; "A bar chart" to start a sentence. */
export function kindPhrase(kind: ChartKind, startsSentence = false): string {
	const { article, noun } = kindCatalog[kind];
	return `${startsSentence ? article.toUpperCase().slice(0, 1) + article.slice(1) : article} ${noun}`;
}

/** The kind's name; an unknown kind (sent by a newer API) as sent. */
export function kindLabel(kind: string): string {
	return (kindCatalog as Record<string, KindEntry | undefined>)[kind]?.label ?? kind;
}
