/**
 * The drawing settings of `meta`: text around the chart, number formatting, axes,
 * per-series styles, labels, legend, annotations, colour scales, bar races and tables. Each
 * field carries a description and an example, because this schema is also the OpenAPI
 * document, `GET /v1/schema/meta.json` and the console's Refine form. Refinements only (no
 * transforms), so `z.toJSONSchema` converts every field.
 */
import { z } from "zod";
import { closestNames, quotedChoices } from "./closest-names";
import { seriesKeyedRecord } from "./series-keyed";

/** The refusal of a setting a nested settings object does not have, naming the one probably meant. */
function unknownKeysMessage(keys: readonly string[], known: readonly string[]): string {
	const named = keys
		.map((key) => {
			const close = closestNames(key, known);
			const name = JSON.stringify(key.length > 60 ? `${key.slice(0, 60)}…` : key);
			return close.length > 0 ? `unknown setting ${name} — did you mean ${quotedChoices(close)}?` : `unknown setting ${name}.`;
		})
		.join(" ");
	return `${named} The settings here: ${known.join(", ")}.`;
}

/**
 * A nested settings object: strict, because a typo inside one (`axes.x.titel`) would otherwise be
 * stored and never drawn, and its refusal names the setting meant. Only `meta`'s top level keeps
 * unknown settings (a client's own), and warns about them (meta-warnings.ts).
 */
function settings<T extends z.core.$ZodLooseShape>(shape: T) {
	const known = Object.keys(shape);
	return z.strictObject(shape, {
		error: (issue) => (issue.code === "unrecognized_keys" ? unknownKeysMessage(issue.keys, known) : undefined),
	});
}

const hexColor = z
	.string()
	.regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, "must be a hex colour like #1a2b3c or #abc")
	.meta({ examples: ["#d62728"] });

function text(max: number) {
	return z.string().max(max, `at most ${max} characters`);
}

function between(min: number, max: number, what = "") {
	const message = `must be a number from ${min} to ${max}${what}`;
	return z.number({ error: message }).min(min, message).max(max, message);
}

function wholeBetween(min: number, max: number) {
	const message = `must be a whole number from ${min} to ${max}`;
	return z.number({ error: message }).int(message).min(min, message).max(max, message);
}

const finite = z.number({ error: "must be a finite number" });

function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
	return z.enum(values, { error: `must be one of ${values.map((v) => `"${v}"`).join(", ")}` });
}

/** Locales every build is tested with; any other tag the runtime's Intl knows is accepted too. */
export const testedLocales = ["en-US", "en-GB", "de-DE", "fr-FR", "es-ES", "it-IT", "nl-NL", "pt-BR", "sv-SE", "pl-PL"] as const;

function knownLocale(tag: string): boolean {
	try {
		return Intl.getCanonicalLocales(tag).length === 1 && Intl.NumberFormat.supportedLocalesOf([tag]).length === 1;
	} catch {
		return false;
	}
}

export const Locale = z
	.string()
	.max(35, "at most 35 characters")
	.refine(knownLocale, { error: `must be a BCP 47 language tag such as ${testedLocales.join(", ")}` })
	.describe(
		"Language and region for numbers and dates: decimal and thousands separators, month and day names. The CSV export keeps raw numbers.",
	)
	.meta({ examples: ["de-DE"] });

export const NumberFormat = settings({
	decimals: wholeBetween(0, 10)
		.optional()
		.describe("Digits after the decimal point")
		.meta({ examples: [1] }),
	prefix: text(20)
		.optional()
		.describe("Written before every value")
		.meta({ examples: ["$"] }),
	suffix: text(20)
		.optional()
		.describe("Written after every value")
		.meta({ examples: [" t"] }),
	compact: z
		.boolean()
		.optional()
		.describe("Short forms in the locale: 1.2K, 3.4M, 5.6B")
		.meta({ examples: [true] }),
	percent: z
		.boolean()
		.optional()
		.describe("Values are percentages: 25 is written 25% in the locale's way")
		.meta({ examples: [false] }),
})
	.describe("How values are written on axes, labels, tooltips and table cells")
	.meta({ examples: [{ decimals: 1, prefix: "$", compact: true }] });
export type NumberFormat = z.infer<typeof NumberFormat>;

export const Axis = settings({
	title: text(200)
		.optional()
		.describe("Axis title")
		.meta({ examples: ["Seats"] }),
	min: finite
		.optional()
		.describe("Lowest value shown (value axes)")
		.meta({ examples: [0] }),
	max: finite
		.optional()
		.describe("Highest value shown (value axes)")
		.meta({ examples: [100] }),
	scale: oneOf(["linear", "log"])
		.optional()
		.describe("Value axis scale; log leaves out non-positive values and says so in X-Render-Warnings")
		.meta({
			examples: ["linear"],
			"x-editor-hint":
				"Log suits values that grow by multiples; zero and negative values cannot be drawn on it and are left out, with a note.",
		}),
	ticks: wholeBetween(2, 20)
		.optional()
		.describe("About how many ticks a value axis has")
		.meta({ examples: [5] }),
	grid: z
		.boolean()
		.optional()
		.describe("Grid lines across the plot at the ticks")
		.meta({ examples: [true] }),
	hidden: z
		.boolean()
		.optional()
		.describe("Hide the axis line, ticks and labels")
		.meta({ examples: [false] }),
})
	.superRefine((axis, ctx) => {
		if (axis.min !== undefined && axis.max !== undefined && axis.min >= axis.max)
			ctx.addIssue({ code: "custom", path: ["max"], message: `must be greater than min (${axis.min})` });
		if (axis.scale === "log" && axis.min !== undefined && axis.min <= 0)
			ctx.addIssue({ code: "custom", path: ["min"], message: "must be greater than 0 on a log scale" });
	})
	.describe("One axis: title, range, scale, ticks, grid, visibility")
	.meta({ examples: [{ title: "Seats", min: 0 }] });
export type Axis = z.infer<typeof Axis>;

export const Axes = settings({
	x: Axis.optional().describe("The horizontal axis"),
	y: Axis.optional().describe("The vertical axis"),
})
	.describe("Axis titles and ranges, for every kind with axes (x is the horizontal axis)")
	.meta({ examples: [{ y: { title: "Inflation, %", min: 0 } }] });
export type Axes = z.infer<typeof Axes>;

export const SeriesStyle = settings({
	color: hexColor.optional().describe("The series colour"),
	label: text(300)
		.optional()
		.describe("Display name in the legend, tooltips and labels")
		.meta({ examples: ["Labour Party"] }),
	line: oneOf(["solid", "dashed", "dotted"])
		.optional()
		.describe("Line style (lines)")
		.meta({ examples: ["dashed"] }),
	width: between(0.5, 8, " pixels")
		.optional()
		.describe("Line width in pixels (lines)")
		.meta({ examples: [3] }),
	symbols: z
		.boolean()
		.optional()
		.describe("Draw a dot at every point (lines)")
		.meta({ examples: [true] }),
}).describe("The look of one series");
export type SeriesStyle = z.infer<typeof SeriesStyle>;

export const SeriesStyleMap = seriesKeyedRecord(SeriesStyle, {
	description: "Per-series colour, display name and line style, keyed by series name (the chart's `series`)",
	examples: [{ Labour: { color: "#d62728", label: "Labour Party", line: "solid", width: 3 } }],
});

export const Highlight = z
	.array(text(300), { error: "must be an array of series names" })
	.max(20, "at most 20 names")
	.describe(
		"Series (or, for one-series bars, pies and dots, categories) that keep their colours; the rest are drawn in the theme's muted colour",
	)
	.meta({ examples: [["Labour"]] });

export const Labels = settings({
	direct: z
		.boolean()
		.optional()
		.describe("Name lines at their end instead of in a legend")
		.meta({ examples: [true] }),
	values: oneOf(["none", "last", "all"])
		.optional()
		.describe('Value labels: on bars, pies, dots; lines label their last point ("last") or every point ("all")')
		.meta({ examples: ["last"] }),
})
	.describe("Direct labels and value labels")
	.meta({ examples: [{ direct: true, values: "last" }] });
export type Labels = z.infer<typeof Labels>;

export const Legend = settings({
	position: oneOf(["top", "bottom", "right", "none"])
		.optional()
		.describe("Where the legend goes")
		.meta({ examples: ["bottom"] }),
})
	.describe("The legend")
	.meta({ examples: [{ position: "bottom" }] });
export type Legend = z.infer<typeof Legend>;

const AxisPoint = z
	.union([z.string().max(200, "at most 200 characters"), finite], { error: "must be a category or period (string) or a number" })
	.describe("A category or period on a category axis, or a number on a value axis");

const TextAnnotation = settings({
	type: z.literal("text"),
	x: AxisPoint.meta({ examples: ["2020"] }),
	y: AxisPoint.meta({ examples: [12.5] }),
	text: text(300)
		.describe("The note")
		.meta({ examples: ["Pandemic"] }),
	align: oneOf(["left", "center", "right"])
		.optional()
		.describe("Which side of the point the text starts")
		.meta({ examples: ["left"] }),
	arrow: settings({
		x: AxisPoint.meta({ examples: ["2021"] }),
		y: AxisPoint.meta({ examples: [14] }),
	})
		.optional()
		.describe("An arrow from the note to this point: what the note names; the note then sits at x, y without a dot")
		.meta({ examples: [{ x: "2021", y: 14 }] }),
}).describe("A note at a point");

const LineAnnotation = settings({
	type: z.literal("line"),
	axis: oneOf(["x", "y"])
		.describe("The axis the value is on")
		.meta({ examples: ["y"] }),
	value: AxisPoint.meta({ examples: [2] }),
	label: text(300)
		.optional()
		.describe("Written at the line's end")
		.meta({ examples: ["Target 2%"] }),
}).describe("A reference line across the plot");

const RangeAnnotation = settings({
	type: z.literal("range"),
	axis: oneOf(["x", "y"])
		.describe("The axis the range is on")
		.meta({ examples: ["x"] }),
	from: AxisPoint.meta({ examples: ["2008"] }),
	to: AxisPoint.meta({ examples: ["2009"] }),
	label: text(300)
		.optional()
		.describe("Written at the range's top")
		.meta({ examples: ["Recession"] }),
}).describe("A shaded range of the plot");

export const Annotation = z.discriminatedUnion("type", [TextAnnotation, LineAnnotation, RangeAnnotation], {
	error: 'must be "text", "line" or "range"',
});
export type Annotation = z.infer<typeof Annotation>;

export const Annotations = z
	.array(Annotation, { error: "must be an array of annotations" })
	.max(50, "at most 50 annotations")
	.describe("Notes, reference lines and shaded ranges, drawn on every kind with axes")
	.meta({
		examples: [
			[
				{ type: "line", axis: "y", value: 2, label: "Target" },
				{ type: "range", axis: "x", from: "2008", to: "2009", label: "Recession" },
			],
		],
	});

export const ColorScale = settings({
	type: oneOf(["sequential", "diverging", "steps"])
		.optional()
		.describe("Smooth from low to high, around a midpoint, or in classed steps")
		.meta({ examples: ["diverging"] }),
	colors: z
		.array(hexColor, { error: "must be an array of 2 to 9 hex colours" })
		.min(2, "must be 2 to 9 hex colours")
		.max(9, "must be 2 to 9 hex colours")
		.optional()
		.describe("Colours from low to high")
		.meta({ examples: [["#2166ac", "#f7f7f7", "#b2182b"]] }),
	min: finite
		.optional()
		.describe("Value of the first colour (the data's lowest when absent)")
		.meta({ examples: [-10] }),
	max: finite
		.optional()
		.describe("Value of the last colour (the data's highest when absent)")
		.meta({ examples: [10] }),
	steps: wholeBetween(2, 9)
		.optional()
		.describe('How many classes a "steps" scale has')
		.meta({ examples: [5] }),
})
	.superRefine((scale, ctx) => {
		if (scale.min !== undefined && scale.max !== undefined && scale.min >= scale.max)
			ctx.addIssue({ code: "custom", path: ["max"], message: `must be greater than min (${scale.min})` });
	})
	.describe("The colour scale of maps and heatmaps")
	.meta({
		examples: [{ type: "diverging", colors: ["#2166ac", "#f7f7f7", "#b2182b"], min: -10, max: 10 }],
		// The kinds this setting changes (render/color-scale.ts, kinds/table.ts): the editor offers it only for them.
		"x-kinds": ["map", "heatmap", "table"],
	});
export type ColorScale = z.infer<typeof ColorScale>;

export const Race = settings({
	enabled: z
		.boolean()
		.optional()
		.describe(
			"Draw a horizontal-bar chart as a bar race: rows are periods, columns entities; values are labelled unless labels.values is none",
		)
		.meta({ examples: [true] }),
	period: text(40)
		.optional()
		.describe(
			"The period exports draw (the last when absent); the embed plays through all, the bars re-sorting as they move and their values counting up",
		)
		.meta({ examples: ["2020"] }),
})
	.describe("Bar race")
	.meta({ examples: [{ enabled: true, period: "2020" }], "x-kinds": ["horizontal-bar"] });
export type Race = z.infer<typeof Race>;

export const TableSettings = settings({
	sortBy: text(300)
		.optional()
		.describe("Column to order rows by")
		.meta({ examples: ["Inflation"] }),
	sortDirection: oneOf(["asc", "desc"])
		.optional()
		.describe("Order of rows")
		.meta({ examples: ["desc"] }),
	pageSize: wholeBetween(5, 100)
		.optional()
		.describe("Rows per page in the embed")
		.meta({ examples: [10] }),
	search: z
		.boolean()
		.optional()
		.describe("A search box in the embed, matching cells as they are shown (numbers and dates in the chart's locale)")
		.meta({ examples: [true] }),
	heatmap: z
		.array(text(300), { error: "must be an array of column names" })
		.max(50, "at most 50 columns")
		.optional()
		.describe("Number columns whose cells are coloured by value")
		.meta({ examples: [["Inflation"]] }),
})
	.describe("The table kind: order, heat-coloured columns, and in the embed a search box and paging")
	.meta({ examples: [{ sortBy: "Inflation", sortDirection: "desc", heatmap: ["Inflation"] }], "x-kinds": ["table"] });
export type TableSettings = z.infer<typeof TableSettings>;

export const EmbedSettings = settings({
	dataLink: z
		.boolean()
		.optional()
		.describe('A "Get the data" link under the published chart: the CSV of what is drawn (hidden series left out)')
		.meta({ examples: [true] }),
	dataTable: z
		.boolean()
		.optional()
		.describe('A "View as table" toggle under the published chart, holding the data drawn; on unless false (a table chart has none)')
		.meta({ examples: [false] }),
})
	.describe("What the published page offers readers under the chart")
	.meta({ examples: [{ dataLink: true }] });
export type EmbedSettings = z.infer<typeof EmbedSettings>;

const httpUrl = z
	.url({ protocol: /^https?$/, error: "must be an http or https URL" })
	.max(2000, "at most 2000 characters")
	.describe('The source line links here in the embed (rel="noopener nofollow")')
	.meta({
		examples: ["https://www.ons.gov.uk/economy/inflationandpriceindices"],
		"x-editor-hint": "Readers of the embed can click the source line to open this page.",
	});

/** The drawing settings, as fields of `meta`. */
export const settingsFields = {
	description: text(2000)
		.describe("Alt text: the SVG's <desc>, the embed's description and the PDF's Subject; generated from the data when absent")
		.meta({
			examples: ["Labour won 412 of 650 seats, the Conservatives 121."],
			"x-editor-hint":
				"What the chart shows, in a sentence or two, for readers who cannot see it (screen readers read it out). Written from the data when left empty.",
		})
		.optional(),
	notes: text(2000)
		.describe("A footer line above the source line")
		.meta({ examples: ["Figures are provisional."] })
		.optional(),
	byline: text(300)
		.describe('Written "Chart: {byline}" beside the source line')
		.meta({ examples: ["Jane Doe"] })
		.optional(),
	sourceUrl: httpUrl.optional(),
	locale: Locale.optional(),
	numberFormat: NumberFormat.optional(),
	axes: Axes.optional(),
	seriesStyle: SeriesStyleMap.optional(),
	highlight: Highlight.optional(),
	labels: Labels.optional(),
	legend: Legend.optional(),
	annotations: Annotations.optional(),
	colorScale: ColorScale.optional(),
	race: Race.optional(),
	table: TableSettings.optional(),
	embed: EmbedSettings.optional(),
};
