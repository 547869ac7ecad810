/**
 * Kinds that place points in a plane: scatter (scatter, bubble, `connected`) and the dot /
 * range / arrow plots (one row per category along a shared value axis).
 */
import type { DatasetColumn } from "../../domain/dataset";
import { DrawingNotes, formatCount } from "../drawing-notes";
import { extent } from "../extent";
import type { Option } from "../frame";
import { axisStyle, frame, gridLines, plotGrid } from "../frame";
import type { RenderInput } from "../input";
import { categories, colors, label, numbersOf, visibleSeries } from "../input";
import { evenIndices, firstSeries, otherPartsName } from "../reduce";

/** Scatter plots draw at most this many points (more overlap into a blot); past it they are thinned evenly. 5,000 points made a PDF need more than the 128 MB an isolate has (svg-to-pdfkit holds every element). */
export const maxScatterPoints = 2_500;
/** Scatter groups beyond the largest ones are drawn as one "Other" group. */
export const maxScatterGroups = 20;
/** Dot, range and arrow plots give each row at least this many pixels of height. */
export const minRowPixels = 3;
/** Dot plots draw at most this many value series. */
export const maxDotSeries = 20;

/** Rows (by index) of each scatter group, in one pass; small groups past the largest few share "Other". */
function scatterGroups(group: DatasetColumn | undefined, valid: number[], fallback: string, notes: DrawingNotes): Map<string, number[]> {
	const groups = new Map<string, number[]>();
	for (const i of valid) {
		const name = group ? label(group.values[i] ?? null) : fallback;
		let rows = groups.get(name);
		if (!rows) {
			rows = [];
			groups.set(name, rows);
		}
		rows.push(i);
	}
	if (groups.size <= maxScatterGroups) return groups;
	const bySize = [...groups.entries()].sort((a, b) => b[1].length - a[1].length);
	const kept = new Map(bySize.slice(0, maxScatterGroups - 1));
	const rest = bySize.slice(maxScatterGroups - 1);
	notes.add(
		`the ${maxScatterGroups - 1} largest of ${formatCount(groups.size)} groups are drawn apart, the other ${formatCount(rest.length)} as one group`,
	);
	kept.set(
		otherPartsName(rest.length),
		rest.flatMap(([, rows]) => rows).sort((a, b) => a - b),
	);
	return kept;
}

export function scatterOption(input: RenderInput, notes = new DrawingNotes()): Option {
	const numeric = input.dataset.columns.filter((c) => c.type === "number");
	const text = input.dataset.columns.filter((c) => c.type !== "number");
	const [x, y, size] = numeric as [DatasetColumn, DatasetColumn, DatasetColumn | undefined];
	const group = text[1];
	const names = text[0];
	const xs = numbersOf(x.values);
	const ys = numbersOf(y.values);
	const sizes = size ? numbersOf(size.values) : [];
	const maxSize = Math.max(extent(sizes)?.max ?? 1, 1);
	const plotted: number[] = [];
	for (let i = 0; i < xs.length; i++) if (xs[i] !== null && ys[i] !== null) plotted.push(i);
	// Evenly thinned in row order: deterministic, and each group keeps its share of the points.
	const valid = evenIndices(plotted.length, maxScatterPoints).map((k) => plotted[k] as number);
	notes.cut(valid.length, plotted.length, "points", "thinned evenly");
	const groups = scatterGroups(group, valid, y.name, notes);
	const { option, plot } = frame(input, { legend: groups.size > 1 });
	const lines = gridLines(input);
	const connected = input.meta.connected === true;
	const hidden = input.meta.seriesTransform?.[y.name]?.hidden === true;
	return {
		...option,
		// Both axes are titled with their columns: the plot shrinks to keep the titles on the canvas.
		grid: { ...plotGrid(plot), outerBoundsContain: "all" },
		xAxis: { type: "value", name: x.name, nameLocation: "middle", nameGap: 28, scale: true, ...axisStyle(input, lines.vertical) },
		yAxis: { type: "value", name: y.name, nameLocation: "middle", nameGap: 44, scale: true, ...axisStyle(input, lines.horizontal) },
		series: hidden
			? []
			: [...groups].map(([g, rows]) => ({
					type: connected ? "line" : "scatter",
					name: g,
					data: rows.map((i) => ({ name: names ? label(names.values[i] ?? null) : undefined, value: [xs[i], ys[i], sizes[i] ?? null] })),
					symbolSize: size ? (value: number[]) => 6 + 34 * Math.sqrt(Math.max(value[2] ?? 0, 0) / maxSize) : 8,
					...(connected ? { showSymbol: true, lineStyle: { width: 1.5 } } : {}),
					itemStyle: { opacity: size ? 0.7 : 0.9 },
				})),
	};
}

/** Dot, range and arrow plots: one row per category, values along a shared value axis. */
export function rangeFamilyOption(input: RenderInput, notes = new DrawingNotes()): Option {
	const drawn = visibleSeries(input);
	const series = input.kind === "dot" ? firstSeries(drawn, maxDotSeries, notes) : drawn.slice(0, 2);
	// The legend names the value series (which end is which), never the connector.
	const { option, plot } = frame(input, { legend: series.length > 1, legendNames: series.map((s) => s.name) });
	// Each row needs a few pixels of height; the rows past what the plot can show are left out.
	const allRows = categories(input);
	const rowsShown = Math.max(1, Math.floor((input.height - plot.top - plot.bottom) / minRowPixels));
	const labels = allRows.length > rowsShown ? allRows.slice(0, rowsShown) : allRows;
	notes.cut(labels.length, allRows.length, "rows", "the first rows, as many as the height can show");
	const shown = series.map((s) => (labels.length < allRows.length ? { name: s.name, values: s.values.slice(0, labels.length) } : s));
	const c = colors(input);
	// An arrow starts at a small dot in the axis colour and ends in a head in the text colour; the
	// legend swatches take the same colours so readers can tell the two ends apart.
	const arrowEnd = (k: number) =>
		k === 0 ? { symbolSize: 7, itemStyle: { color: c.axis } } : { symbolSize: 0, itemStyle: { color: c.text } };
	const lines = gridLines(input);
	const connector = {
		type: "custom",
		name: "range",
		silent: true,
		z: 1,
		data: labels.map((_, i) => [i, ...shown.map((s) => s.values[i] ?? null)]),
		renderItem: (
			_params: unknown,
			api: { value: (i: number) => number | null; coord: (p: number[]) => number[]; style: () => unknown },
		) => {
			const row = api.value(0) ?? 0;
			const values = shown.map((_, k) => api.value(k + 1)).filter((v): v is number => v !== null && Number.isFinite(v));
			const span = extent(values);
			if (values.length < 2 || !span) return null;
			const from = input.kind === "dot" ? span.min : (values[0] as number);
			const to = input.kind === "dot" ? span.max : (values[1] as number);
			const [x1, y1] = api.coord([from, row]) as [number, number];
			const [x2] = api.coord([to, row]) as [number, number];
			const width = input.kind === "range" ? 8 : 2;
			const line = {
				type: "line",
				shape: { x1, y1, x2, y2: y1 },
				style: {
					stroke: input.kind === "range" ? (c.palette[0] as string) : c.axis,
					lineWidth: width,
					opacity: input.kind === "range" ? 0.55 : 1,
				},
			};
			if (input.kind !== "arrow" || x1 === x2) return line;
			const direction = x2 > x1 ? 1 : -1;
			const head = {
				type: "polygon",
				shape: {
					points: [
						[x2, y1],
						[x2 - direction * 9, y1 - 5],
						[x2 - direction * 9, y1 + 5],
					],
				},
				style: { fill: c.text },
			};
			return { type: "group", children: [{ ...line, shape: { x1, y1, x2: x2 - direction * 8, y2: y1 } }, head] };
		},
		encode: { x: shown.map((_, k) => k + 1), y: 0 },
	};
	return {
		...option,
		grid: plotGrid(plot),
		xAxis: { type: "value", scale: true, ...axisStyle(input, lines.vertical || lines.horizontal) },
		yAxis: { type: "category", data: labels, inverse: true, ...axisStyle(input, false) },
		series: [
			connector,
			...shown.map((s, k) => ({
				type: "scatter",
				name: s.name,
				data: s.values.map((v, i) => (v === null ? null : [v, i])),
				...(input.kind === "arrow" ? arrowEnd(k) : { symbolSize: 11 }),
				z: 2,
			})),
		],
	};
}
