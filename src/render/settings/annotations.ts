/**
 * `meta.annotations`: notes at a point, reference lines and shaded ranges, drawn as ECharts
 * mark points, lines and areas on the first series of each plot (every panel of small
 * multiples). A plot of bars gets an empty, unnamed line series that carries its marks instead:
 * ECharts draws a bar series' markers at that series' own bar within the category's band, tens
 * of pixels from the category's centre where the axis label and the console's handles are.
 * Kinds without x/y axes draw none and say so; an annotation at a category the axis
 * does not show (a typo, a period downsampled away) is left out and named in the warnings. Value
 * axes widen to hold annotations past the data (annotation-extent.ts) unless the user fixed the
 * range; one beyond a fixed range is left out and named too.
 */
import type { Annotation } from "../../domain/meta-settings";
import type { DrawingNotes } from "../drawing-notes";
import type { Option } from "../frame";
import { fontStack } from "../frame";
import type { RenderInput } from "../input";
import { colors, timeAt } from "../input";
import { fitAxesToAnnotations, outOfRange } from "./annotation-extent";
import { axesOf, seriesOf } from "./option-parts";

type AxisValue = string | number;

interface Marks {
	points: Option[];
	/** Reference lines (`{ xAxis | yAxis }`) and arrows (a pair of points). */
	lines: (Option | Option[])[];
	areas: Option[][];
}

/** The value as the axis takes it: a category axis by name, a value axis by number; null when it cannot. */
function onAxis(axis: Option | undefined, value: AxisValue): AxisValue | null {
	if (!axis) return null;
	if (axis.type === "category") {
		const names = Array.isArray(axis.data) ? axis.data.map(String) : [];
		const name = String(value);
		return names.includes(name) ? name : null;
	}
	// A time axis (a line's dates) by the date or period: `2008`, `2008-09`, `2008-09-15`, as the data writes them.
	if (axis.type === "time") return timeAt(value);
	if (typeof value === "number") return value;
	const parsed = Number(value);
	return value.trim() !== "" && Number.isFinite(parsed) ? parsed : null;
}

function describe(annotation: Annotation): string {
	if (annotation.type === "text") return `"${annotation.text}" at ${annotation.x}, ${annotation.y}`;
	if (annotation.type === "line") return `the line at ${annotation.axis} = ${annotation.value}`;
	return `the range ${annotation.axis} = ${annotation.from} to ${annotation.to}`;
}

function marksFor(
	annotations: readonly Annotation[],
	x: Option | undefined,
	y: Option | undefined,
	input: RenderInput,
	missed: string[],
): Marks {
	const c = colors(input);
	const size = input.theme.fonts.bodySize * 0.92;
	const label = { color: c.text, fontSize: size, fontFamily: fontStack(input) };
	const marks: Marks = { points: [], lines: [], areas: [] };
	for (const a of annotations) {
		if (a.type === "text") {
			const at = [onAxis(x, a.x), onAxis(y, a.y)];
			if (at[0] === null || at[1] === null) {
				missed.push(describe(a));
				continue;
			}
			const position = a.align === "left" ? "right" : a.align === "right" ? "left" : "top";
			const pointed = a.arrow ? [onAxis(x, a.arrow.x), onAxis(y, a.arrow.y)] : null;
			// An arrow to the note's own point has no length: ECharts would draw a lone arrowhead.
			const onPlot = pointed !== null && pointed[0] !== null && pointed[1] !== null;
			const target = onPlot && !(pointed[0] === at[0] && pointed[1] === at[1]) ? pointed : null;
			if (pointed && !onPlot) {
				missed.push(`the arrow of ${describe(a)}`);
			} else if (target) {
				// From the note to what it names, in the note's colour; the note itself then has no dot.
				marks.lines.push([
					{ coord: at, symbol: "none", lineStyle: { type: "solid", width: 1.2 }, label: { show: false } },
					{ coord: target, symbol: "arrow", symbolSize: 8 },
				]);
			}
			marks.points.push({
				coord: at,
				symbol: "circle",
				symbolSize: target ? 0 : 6,
				itemStyle: { color: c.text },
				label: { ...label, show: true, position, distance: 6, formatter: a.text },
			});
			continue;
		}
		const axis = a.axis === "x" ? x : y;
		const key = a.axis === "x" ? "xAxis" : "yAxis";
		if (a.type === "line") {
			const value = onAxis(axis, a.value);
			if (value === null) {
				missed.push(describe(a));
				continue;
			}
			marks.lines.push({ [key]: value, label: { ...label, show: Boolean(a.label), formatter: a.label ?? "", position: "insideEndTop" } });
			continue;
		}
		const from = onAxis(axis, a.from);
		const to = onAxis(axis, a.to);
		if (from === null || to === null) {
			missed.push(describe(a));
			continue;
		}
		marks.areas.push([
			{
				[key]: from,
				label: { ...label, show: Boolean(a.label), formatter: a.label ?? "", position: a.axis === "x" ? "insideTop" : "insideLeft" },
			},
			{ [key]: to },
		]);
	}
	return marks;
}

/** The id prefix of the series that carry a plot's annotations; the embed's tips skip them. */
export const annotationSeriesPrefix = "annotations:";

/** The mark points, lines and areas a series draws for a plot's annotations. */
function markOptions(marks: Marks, input: RenderInput): Option {
	const c = colors(input);
	return {
		...(marks.points.length ? { markPoint: { silent: true, animation: false, data: marks.points } } : {}),
		...(marks.lines.length
			? {
					markLine: {
						silent: true,
						animation: false,
						symbol: ["none", "none"],
						lineStyle: { color: c.text, type: "dashed", width: 1 },
						data: marks.lines,
					},
				}
			: {}),
		...(marks.areas.length
			? { markArea: { silent: true, animation: false, itemStyle: { color: c.mutedText, opacity: 0.14 }, data: marks.areas } }
			: {}),
	};
}

/** An empty, unnamed line series on one plot's axes that draws nothing but `marks` (no legend entry, no tooltip). */
function markSeries(xAxisIndex: number, yAxisIndex: number, marks: Marks, input: RenderInput): Option {
	return {
		type: "line",
		id: `${annotationSeriesPrefix}${xAxisIndex}/${yAxisIndex}`,
		data: [],
		xAxisIndex,
		yAxisIndex,
		silent: true,
		tooltip: { show: false },
		...markOptions(marks, input),
	};
}

/** Kinds whose plots have x and y axes that annotations can refer to. */
const kindsWithAxes = new Set([
	"line",
	"horizontal-bar",
	"multiples",
	"candlestick",
	"scatter",
	"dot",
	"range",
	"arrow",
	"boxplot",
	"heatmap",
]);

export function applyAnnotations(option: Option, input: RenderInput, notes: DrawingNotes): Option {
	const annotations = input.meta.annotations;
	if (!annotations || annotations.length === 0) return option;
	if (!kindsWithAxes.has(input.kind) || option.xAxis === undefined) {
		notes.add(`annotations are drawn on charts with x and y axes; this ${input.kind} chart draws none of its ${annotations.length}`);
		return option;
	}
	const outside: string[] = [];
	const placeable = annotations.filter((a) => {
		const why = outOfRange(a, input, option);
		if (why) outside.push(`${describe(a)} (${why})`);
		return !why;
	});
	const fitted = fitAxesToAnnotations(option, placeable, input);
	const xs = axesOf(fitted, "x");
	const ys = axesOf(fitted, "y");
	const missed: string[] = [];
	const marked = new Set<string>();
	const carriers: Option[] = [];
	const series = seriesOf(fitted).map((s) => {
		// Marks go on one series per plot: a custom series (a dot plot's connectors) takes none.
		if (s.type === "custom") return s;
		const xIndex = Number(s.xAxisIndex ?? 0);
		const yIndex = Number(s.yAxisIndex ?? 0);
		const plot = `${xIndex}/${yIndex}`;
		if (marked.has(plot)) return s;
		marked.add(plot);
		const marks = marksFor(placeable, xs[xIndex], ys[yIndex], input, marked.size === 1 ? missed : []);
		// Bars hold a band's marks at their own bar, off its centre: a carrier series puts them at the centre. A
		// candlestick's volume bars keep their own (its embed client draws no line series to carry them).
		if (s.type !== "bar" || input.kind === "candlestick") return { ...s, ...markOptions(marks, input) };
		if (marks.points.length + marks.lines.length + marks.areas.length > 0) carriers.push(markSeries(xIndex, yIndex, marks, input));
		return s;
	});
	if (missed.length > 0)
		notes.add(
			`${missed.length === 1 ? "an annotation is" : `${missed.length} annotations are`} not on the chart's axes and left out: ${missed.slice(0, 3).join("; ")}${missed.length > 3 ? "; …" : ""}`,
		);
	if (outside.length > 0)
		notes.add(
			`${outside.length === 1 ? "an annotation is" : `${outside.length} annotations are`} beyond the axis range and left out: ${outside.slice(0, 3).join("; ")}${outside.length > 3 ? "; …" : ""}`,
		);
	return { ...fitted, series: [...series, ...carriers] };
}
