/**
 * Chart kinds (docs/contract.md#section-2-2). `kind` defaults to `line`.
 */
import { z } from "zod";
import { closestNames, quotedChoices } from "./closest-names";

export const chartKinds = [
	"line",
	"horizontal-bar",
	"pie",
	"scatter",
	"themeriver",
	"multiples",
	"map",
	"dot",
	"range",
	"arrow",
	"candlestick",
	"heatmap",
	"treemap",
	"sankey",
	"boxplot",
	"radar",
	"table",
] as const;

/**
 * Names people give kinds this service draws as a variant of another: columns are bars drawn
 * upright (`meta.orientation`), an area chart is a filled line, and so on.
 */
export interface KindVariant {
	kind: (typeof chartKinds)[number];
	/** The setting that draws the variant meant, if the kind alone does not. */
	setting?: string;
	is: string;
}

const kindVariants: Record<string, KindVariant[]> = {
	bar: [
		{ kind: "horizontal-bar", is: "bars" },
		{ kind: "horizontal-bar", setting: 'meta.orientation "vertical"', is: "columns" },
	],
	column: [{ kind: "horizontal-bar", setting: 'meta.orientation "vertical"', is: "columns" }],
	"stacked-bar": [{ kind: "horizontal-bar", setting: 'meta.stack "stacked"', is: "stacked bars" }],
	area: [{ kind: "line", setting: "meta.area true", is: "a filled line" }],
	donut: [{ kind: "pie", setting: "meta.donut true", is: "a ring" }],
	parliament: [{ kind: "pie", setting: "meta.halfPie true", is: "a half ring" }],
	bubble: [{ kind: "scatter", setting: "a size column", is: "bubbles" }],
	choropleth: [{ kind: "map", is: "a map coloured by value" }],
	streamgraph: [{ kind: "themeriver", is: "a streamgraph" }],
	box: [{ kind: "boxplot", is: "box plots" }],
	ohlc: [{ kind: "candlestick", is: "open, high, low and close" }],
	calendar: [{ kind: "heatmap", setting: "a date column and one number column", is: "a calendar" }],
	spider: [{ kind: "radar", is: "a radar chart" }],
};
const variantAliases: Record<string, keyof typeof kindVariants> = {
	bars: "bar",
	"vertical-bar": "column",
	columns: "column",
	"stacked-bars": "stacked-bar",
	doughnut: "donut",
	"half-pie": "parliament",
	halfpie: "parliament",
	stream: "streamgraph",
};

/**
 * The kinds (and settings) that draw what a word people use for a chart means — "bar chart",
 * "Column", "doughnut" — or null when the word is not one of them. The one table of such words:
 * the API's refusal and MCP's read it.
 */
export function kindVariantsFor(input: string): readonly KindVariant[] | null {
	const word = input
		.trim()
		.toLowerCase()
		.replace(/[\s_]+/g, "-")
		.replace(/-?charts?$/, "");
	return kindVariants[variantAliases[word] ?? word] ?? null;
}

/** What a kind that is not one answers: the closest kinds (and the setting that draws the variant meant), then every kind. */
export function unknownKindMessage(input: unknown): string {
	const every = `The kinds: ${chartKinds.join(", ")}.`;
	if (typeof input !== "string") return `must be one of the chart kinds, as a string. ${every}`;
	const variants = kindVariantsFor(input);
	const quotedInput = JSON.stringify(input.length > 40 ? `${input.slice(0, 40)}…` : input);
	if (variants) {
		const options = variants.map(({ kind, setting, is }) => `"${kind}"${setting ? ` with ${setting}` : ""} for ${is}`);
		return `${quotedInput} is not a chart kind: use ${options.join(", or ")}. ${every}`;
	}
	const close = closestNames(input, chartKinds);
	return close.length > 0
		? `${quotedInput} is not a chart kind: did you mean ${quotedChoices(close)}? ${every}`
		: `${quotedInput} is not a chart kind. ${every}`;
}

export const ChartKind = z.enum(chartKinds, { error: (issue) => unknownKindMessage(issue.input) });
export type ChartKind = z.infer<typeof ChartKind>;

export const defaultKind: ChartKind = "line";
