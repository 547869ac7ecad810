/**
 * Cartesian kinds: line (line, area, stacked, 100%), horizontal-bar (bar, column, stacked,
 * grouped, 100%; a bar race (`race.ts`) as one period's frame), small multiples and candlestick.
 *
 * Variants are meta fields: `area` (boolean), `stack` ("none" | "stacked" | "percent"),
 * `orientation` ("horizontal" | "vertical", bars only), `sort` ("none" | "descending", bars).
 */

import { sharedIndices } from "../downsample";
import { DrawingNotes } from "../drawing-notes";
import { extent } from "../extent";
import type { Option } from "../frame";
import { axisStyle, containLabels, frame, gridLines, plotGrid, smallText } from "../frame";
import type { RenderInput, SeriesValues } from "../input";
import { categories, colors, numbersOf, timeAt, visibleSeries } from "../input";
import { dateFormatter, valueFormatter } from "../number-format";
import type { Candle } from "../reduce";
import { mergeCandles } from "../reduce";
import { part } from "../settings/option-parts";
import { alongTicks, lineX, lineXText, placeAlong, tickRoom } from "./along-axis";
import { isRace, periodMark, raceColors, raceFrameInput } from "./race";

/** More lines or bar series than this are unreadable, and each one multiplies the marks drawn. */
export const maxDrawnSeries = 50;
/** Bars: at most this many categories (a bar narrower than ~2 px at 800 px shows nothing). */
export const maxBarCategories = 400;
/** Small multiples: at most this many panels. */
export const maxPanels = 24;
/** Candlesticks: one candle per this many pixels of plot width. */
export const pixelsPerCandle = 3;

/** The first `max` series, noting the rest. */
function cappedSeries(series: SeriesValues[], max: number, notes: DrawingNotes): SeriesValues[] {
	if (series.length <= max) return series;
	notes.add(`the first ${max} of ${series.length} series are drawn; the CSV export has them all`);
	return series.slice(0, max);
}

type Stack = "none" | "stacked" | "percent";

function stackMode(input: RenderInput): Stack {
	const stack = input.meta.stack;
	return stack === "stacked" || stack === "percent" ? stack : "none";
}

/** For 100% stacks: each category's values as shares of its total. */
function asPercent(series: SeriesValues[]): SeriesValues[] {
	const length = series[0]?.values.length ?? 0;
	const totals = Array.from({ length }, (_, i) => series.reduce((sum, s) => sum + Math.abs(s.values[i] ?? 0), 0));
	return series.map((s) => ({
		name: s.name,
		values: s.values.map((v, i) => (v === null || totals[i] === 0 ? null : (v / (totals[i] as number)) * 100)),
	}));
}

/** Long series are drawn from about two points per pixel of width (LTTB); all data is kept elsewhere. */
function downsampled(
	input: RenderInput,
	series: SeriesValues[],
	notes: DrawingNotes,
	threshold = input.width * 2,
	unit = "rows",
): { labels: string[]; series: SeriesValues[]; rows: number[] } {
	const labels = categories(input);
	const keep = sharedIndices(
		series.map((s) => s.values),
		threshold,
	);
	if (keep.length === labels.length) return { labels, series, rows: labels.map((_, i) => i) };
	notes.cut(keep.length, labels.length, unit, "downsampled");
	return {
		labels: keep.map((i) => labels[i] as string),
		series: series.map((s) => ({ name: s.name, values: keep.map((i) => s.values[i] ?? null) })),
		rows: keep,
	};
}

/** The dates a line's annotations name along x, where a time axis places them. */
function annotatedTimes(input: RenderInput): number[] {
	return (input.meta.annotations ?? [])
		.flatMap((a) =>
			a.type === "text" ? [a.x, ...(a.arrow ? [a.arrow.x] : [])] : a.axis !== "x" ? [] : a.type === "line" ? [a.value] : [a.from, a.to],
		)
		.map(timeAt)
		.filter((t): t is number => t !== null);
}

/**
 * A line's x axis and its series' data: a category axis of the rows' labels for text; for dates
 * a time axis and for numbers a value axis, each running from the first row to the last, with
 * every point an `[x, y]` pair so periods are spaced by the time between them (rows without an x
 * are left out). Years are written as years (`2020`, never `2,020`), ticks on whole years.
 */
function lineXAxis(
	input: RenderInput,
	labels: string[],
	rows: number[],
	drawn: SeriesValues[],
	showGrid: boolean,
	plot: { left: number; right: number },
): { axis: Option; data: unknown[][]; time: boolean } {
	const style = axisStyle(input, showGrid);
	const along = lineX(input);
	const cells = input.dataset.columns[0]?.values ?? [];
	if (along === "category")
		return { axis: { type: "category", data: labels, boundaryGap: false, ...style }, data: drawn.map((s) => s.values), time: false };
	const xs = rows.map((row) => placeAlong(along, cells[row] ?? null));
	const placed = xs.flatMap((x, i) => (x === null ? [] : [i]));
	const data = drawn.map((s) => placed.map((i) => [xs[i] as number, s.values[i] ?? null]));
	// A time axis reaches to annotations before or after the data (a value axis widens in settings/annotation-extent.ts).
	const noted = along === "time" ? annotatedTimes(input) : [];
	const ends = extent([...placed.map((i) => xs[i] as number), ...noted]);
	const text = lineXText(input);
	const writeDate = input.meta.locale !== undefined ? dateFormatter(input.meta) : (date: string) => date;
	const { formatter, ticks } = alongTicks(input, along, ends, cells, tickRoom(input, plot));
	// Other numbers are written in the locale, as a value axis writes them.
	const write = formatter ?? (input.meta.locale !== undefined ? valueFormatter({ locale: input.meta.locale }) : null);
	const axis: Option = {
		type: along === "time" ? "time" : "value",
		...(ends && ends.min < ends.max ? { min: ends.min, max: ends.max } : {}),
		...(along === "period" ? { minInterval: 1 } : {}),
		...style,
		axisLabel: { ...style.axisLabel, ...(write ? { formatter: write } : {}), ...(ticks ? { customValues: ticks } : {}) },
		...(ticks ? { axisTick: { ...style.axisTick, customValues: ticks } } : {}),
		// The tooltip's header: the period as the data writes it.
		axisPointer: { label: { formatter: (p: { value?: unknown }) => (along === "time" ? writeDate(text(p.value)) : text(p.value)) } },
	};
	return { axis, data, time: along === "time" };
}

/** A value axis's style, and for a 100 % stack its top at 100 and a percent sign on its labels (kept beside the style's own label settings). */
function percentAxis(stack: Stack, style: Option): Option {
	if (stack !== "percent") return style;
	const label = (style.axisLabel ?? {}) as Option;
	return { ...style, max: 100, axisLabel: { ...label, formatter: "{value}%" } };
}

export function lineOption(input: RenderInput, notes = new DrawingNotes()): Option {
	const stack = stackMode(input);
	const visible = cappedSeries(visibleSeries(input), maxDrawnSeries, notes);
	const { labels, series: drawn, rows } = downsampled(input, stack === "percent" ? asPercent(visible) : visible, notes);
	const { option, plot } = frame(input, { legend: drawn.length > 1 });
	const lines = gridLines(input);
	const area = input.meta.area === true || stack !== "none";
	const x = lineXAxis(input, labels, rows, drawn, lines.vertical, plot);
	return {
		...option,
		// Dates are placed and ticked in UTC, as the data and the server read them, in every reader's time zone.
		...(x.time ? { useUTC: true } : {}),
		tooltip: { trigger: "axis" },
		grid: plotGrid(plot),
		xAxis: x.axis,
		yAxis: { type: "value", scale: !area, ...percentAxis(stack, axisStyle(input, lines.horizontal)) },
		series: drawn.map((s, i) => ({
			type: "line",
			name: s.name,
			data: x.data[i] ?? [],
			showSymbol: s.values.length <= 40,
			symbolSize: 5,
			lineStyle: { width: 2 },
			connectNulls: false,
			...(stack !== "none" ? { stack: "total" } : {}),
			...(area ? { areaStyle: { opacity: stack === "none" ? 0.25 : 0.85 } } : {}),
		})),
	};
}

/** One frame of a bar race: the period's bars, sorted, in the entities' own colours. */
function raceOption(input: RenderInput, notes: DrawingNotes): Option {
	const { frameInput, period, entities } = raceFrameInput(input, notes);
	const option = raceColors(barOption(frameInput, notes), input, entities);
	const grid = option.grid as { right: number; bottom: number };
	return { ...option, graphic: [...((option.graphic as unknown[]) ?? []), periodMark(input, period, grid)] };
}

export function barOption(input: RenderInput, notes = new DrawingNotes()): Option {
	if (isRace(input)) return raceOption(input, notes);
	const stack = stackMode(input);
	const visible = cappedSeries(visibleSeries(input), maxDrawnSeries, notes);
	let drawn = stack === "percent" ? asPercent(visible) : visible;
	let labels = categories(input);
	if (input.meta.sort === "descending" && drawn.length > 0) {
		const first = drawn[0]?.values ?? [];
		const order = labels.map((_, i) => i).sort((a, b) => (first[b] ?? Number.NEGATIVE_INFINITY) - (first[a] ?? Number.NEGATIVE_INFINITY));
		// Sorted bars show the largest first, so the cut keeps the largest.
		if (order.length > maxBarCategories) {
			notes.cut(maxBarCategories, order.length, "categories", "the largest");
			order.length = maxBarCategories;
		}
		labels = order.map((i) => labels[i] as string);
		drawn = drawn.map((s) => ({ name: s.name, values: order.map((i) => s.values[i] ?? null) }));
	} else if (labels.length > maxBarCategories) {
		({ labels, series: drawn } = downsampled(input, drawn, notes, maxBarCategories, "categories"));
	}
	const horizontal = input.meta.orientation !== "vertical";
	const { option, plot } = frame(input, { legend: drawn.length > 1 });
	const lines = gridLines(input);
	// Horizontal bars read top to bottom in data order.
	const categoryAxis = { type: "category", data: labels, inverse: horizontal, ...axisStyle(input, false) };
	const valueAxis = {
		type: "value",
		...percentAxis(stack, axisStyle(input, horizontal ? lines.vertical || lines.horizontal : lines.horizontal)),
	};
	return {
		...option,
		tooltip: { trigger: "axis", axisPointer: { type: "shadow" } },
		grid: plotGrid(plot),
		xAxis: horizontal ? valueAxis : categoryAxis,
		yAxis: horizontal ? categoryAxis : valueAxis,
		series: drawn.map((s) => ({
			type: "bar",
			name: s.name,
			data: s.values,
			barMaxWidth: 48,
			...(stack !== "none" ? { stack: "total" } : {}),
			itemStyle: { borderRadius: input.theme.surfaces.cornerRadius },
		})),
	};
}

/** Rounds a scale bound outwards to 1, 2 or 5 times a power of ten, so ticks land on it. */
export function niceBound(value: number): number {
	if (value === 0) return 0;
	const magnitude = 10 ** Math.floor(Math.log10(Math.abs(value)));
	const step = [1, 2, 5, 10].map((m) => m * magnitude).find((s) => Math.abs(value) / s <= 10) ?? magnitude * 10;
	const rounded = Math.ceil(Math.abs(value) / step) * step;
	return value < 0 ? -rounded : rounded;
}

export function multiplesOption(input: RenderInput, notes = new DrawingNotes()): Option {
	const { labels, series: drawn, rows: kept } = downsampled(input, cappedSeries(visibleSeries(input), maxPanels, notes), notes);
	const { option, plot } = frame(input, { legend: false });
	const c = colors(input);
	const count = Math.max(drawn.length, 1);
	const columns = Math.ceil(Math.sqrt(count * (input.width / input.height)));
	const rows = Math.ceil(count / columns);
	const width = input.width - plot.left - plot.right;
	const height = input.height - plot.top - plot.bottom;
	const gap = 28;
	const cellWidth = (width - gap * (columns - 1)) / columns;
	const cellHeight = (height - gap * (rows - 1)) / rows;
	const all = extent(drawn.flatMap((s) => s.values));
	// Shared scales, so panels compare at a glance.
	const min = niceBound(Math.min(0, all?.min ?? 0));
	const max = niceBound(Math.max(all?.max ?? 0, 0));
	// Periods spaced by time in every panel, as on a line; ticks for a panel's width.
	const x = lineXAxis(input, labels, kept, drawn, false, { left: 0, right: input.width - cellWidth });
	return {
		...option,
		...(x.time ? { useUTC: true } : {}),
		tooltip: { trigger: "axis" },
		title: [
			option.title,
			...drawn.map((s, i) => ({
				text: s.name,
				left: plot.left + (i % columns) * (cellWidth + gap),
				top: plot.top + Math.floor(i / columns) * (cellHeight + gap) - 4,
				textStyle: { fontSize: input.theme.fonts.bodySize, fontWeight: 600, color: c.text },
			})),
		],
		grid: drawn.map((_, i) => ({
			left: plot.left + (i % columns) * (cellWidth + gap),
			top: plot.top + Math.floor(i / columns) * (cellHeight + gap) + 16,
			width: cellWidth,
			height: Math.max(cellHeight - 16, 20),
			...containLabels,
		})),
		xAxis: drawn.map((_, i) => ({
			...x.axis,
			gridIndex: i,
			axisLabel: { ...part(x.axis, "axisLabel"), color: c.mutedText, hideOverlap: true, fontSize: smallText(input) },
		})),
		yAxis: drawn.map((_, i) => ({
			type: "value",
			gridIndex: i,
			min,
			max,
			splitNumber: 3,
			...axisStyle(input, gridLines(input).horizontal),
			axisLabel: { color: c.mutedText, fontSize: smallText(input) },
		})),
		series: drawn.map((s, i) => ({
			type: "line",
			name: s.name,
			xAxisIndex: i,
			yAxisIndex: i,
			data: x.data[i] ?? [],
			showSymbol: false,
			lineStyle: { width: 2, color: c.palette[i % c.palette.length] },
			areaStyle: { opacity: 0.15, color: c.palette[i % c.palette.length] },
		})),
	};
}

export function candlestickOption(input: RenderInput, notes = new DrawingNotes()): Option {
	const [dates, open, high, low, close, volume] = input.dataset.columns;
	const { option, plot } = frame(input, { legend: false });
	const c = colors(input);
	const rising = c.palette[2] ?? "#009E73";
	const falling = c.palette[3] ?? "#D55E00";
	const rows = dates?.values.length ?? 0;
	const [opens, closes, lows, highs] = [open, close, low, high].map((col) => numbersOf(col?.values ?? [])) as (number | null)[][];
	const candles = Array.from(
		{ length: rows },
		(_, i): Candle => [opens?.[i] ?? null, closes?.[i] ?? null, lows?.[i] ?? null, highs?.[i] ?? null],
	);
	// Long histories are merged into about one candle per 3 px: more would overlap into a smear.
	const buckets = Math.max(1, Math.floor((input.width - plot.left - plot.right) / pixelsPerCandle));
	const merged = mergeCandles(categories(input), candles, volume ? numbersOf(volume.values) : null, buckets);
	if (merged.candles.length < rows)
		notes.cut(
			merged.candles.length,
			rows,
			"rows",
			`consecutive rows merged into one candle each: first open, highest high, lowest low, last close${volume ? ", volumes summed" : ""}`,
		);
	const { labels, candles: data } = merged;
	const lines = gridLines(input);
	const plotHeight = input.height - plot.top - plot.bottom;
	const priceHeight = volume ? plotHeight * 0.72 : plotHeight;
	const grids = [{ left: plot.left, right: plot.right, top: plot.top, height: priceHeight - (volume ? 24 : 0), ...containLabels }];
	if (volume)
		grids.push({
			left: plot.left,
			right: plot.right,
			top: plot.top + priceHeight + 8,
			height: plotHeight - priceHeight - 8,
			...containLabels,
		});
	return {
		...option,
		tooltip: { trigger: "axis" },
		grid: grids,
		xAxis: grids.map((_, i) => ({
			type: "category",
			gridIndex: i,
			data: labels,
			...axisStyle(input, lines.vertical),
			...(i === 0 && volume ? { axisLabel: { show: false } } : {}),
		})),
		yAxis: grids.map((_, i) => ({
			type: "value",
			gridIndex: i,
			scale: true,
			splitNumber: i === 0 ? 5 : 2,
			...axisStyle(input, lines.horizontal),
		})),
		series: [
			{
				type: "candlestick",
				name: input.seriesNames.join(" / "),
				data,
				itemStyle: { color: rising, color0: falling, borderColor: rising, borderColor0: falling },
			},
			...(volume
				? [
						{
							type: "bar",
							name: volume.name,
							xAxisIndex: 1,
							yAxisIndex: 1,
							data: merged.volumes,
							itemStyle: { color: c.axis, opacity: 0.6 },
						},
					]
				: []),
		],
	};
}
