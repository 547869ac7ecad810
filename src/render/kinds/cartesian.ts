/**
 * Cartesian kinds: line (line, area, stacked, 100%), horizontal-bar (bar, column, stacked,
 * grouped, 100%; a bar race (`race.ts`) as one period's frame), small multiples and candlestick.
 *
 * Variants are meta fields: `area` (boolean), `stack` ("none" | "stacked" | "percent"),
 * `orientation` ("horizontal" | "vertical", bars only), `sort` ("none" | "descending", bars).
 */

import { isPeriodColumn } from "../../domain/column-roles-auto";
import type { Cell } from "../../domain/dataset";
import type { Meta } from "../../domain/meta";
import { sharedIndices } from "../downsample";
import { DrawingNotes } from "../drawing-notes";
import { extent } from "../extent";
import type { Option } from "../frame";
import { axisStyle, containLabels, frame, gridLines, plotGrid, smallText } from "../frame";
import type { RenderInput, SeriesValues } from "../input";
import { categories, colors, numbersOf, timeAt, timeOf, visibleSeries } from "../input";
import { dateFormatter, timeTickFormatter, valueFormatter } from "../number-format";
import type { Candle } from "../reduce";
import { mergeCandles } from "../reduce";
import { part } from "../settings/option-parts";
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

/**
 * How a line chart's x column lays its rows out: dates on a time axis and numbers on a value
 * axis, each spaced by what they say (1950 → 1990 four times as wide as 2020 → 2030), periods
 * (years) written without separators; text stays a category axis, one even step per row.
 */
export type LineX = "time" | "period" | "value" | "category";

/** Whole numbers that read as years (1000–2999), written without separators whatever the column's name. */
function yearLike(values: readonly Cell[]): boolean {
	let any = false;
	for (const v of values) {
		if (v === null) continue;
		if (typeof v !== "number" || !Number.isInteger(v) || v < 1000 || v > 2999) return false;
		any = true;
	}
	return any;
}

export function lineX(input: RenderInput): LineX {
	const x = input.dataset.columns[0];
	if (!x || x.values.every((v) => v === null)) return "category";
	if (x.type === "date") return x.values.every((v) => v === null || (typeof v === "string" && timeOf(v) !== null)) ? "time" : "category";
	if (x.type === "number") {
		if (!x.values.every((v) => v === null || (typeof v === "number" && Number.isFinite(v)))) return "category";
		return isPeriodColumn(x) || yearLike(x.values) ? "period" : "value";
	}
	return "category";
}

/**
 * A line's x as the data has it, from the value its axis holds (a time axis's ms, a value axis's
 * number): the header of a tooltip, before `meta.locale` writes a date.
 */
export function lineXText(input: RenderInput): (x: unknown) => string {
	const column = input.dataset.columns[0];
	if (lineX(input) === "time" && column) {
		const texts = new Map<number, string>();
		for (const v of column.values) {
			if (typeof v !== "string") continue;
			const t = timeOf(v);
			if (t !== null && !texts.has(t)) texts.set(t, v);
		}
		return (x) => {
			if (typeof x !== "number") return x === null || x === undefined ? "" : String(x);
			return texts.get(x) ?? new Date(x).toISOString().slice(0, 10);
		};
	}
	return (x) => (x === null || x === undefined ? "" : String(x));
}

const two = (n: number) => String(n).padStart(2, "0");

/**
 * A time axis's tick as the house writes dates without a locale, the way data has them: `2024` at
 * a year's start, `2024-03` at a month's, `2024-03-05` on another day, `14:30` within a day.
 */
export function timeTick(value: number): string {
	const date = new Date(value);
	if (Number.isNaN(date.getTime())) return "";
	const year = String(date.getUTCFullYear()).padStart(4, "0");
	const month = two(date.getUTCMonth() + 1);
	const day = two(date.getUTCDate());
	if (date.getUTCHours() !== 0 || date.getUTCMinutes() !== 0) return `${two(date.getUTCHours())}:${two(date.getUTCMinutes())}`;
	if (day !== "01") return `${year}-${month}-${day}`;
	return month === "01" ? year : `${year}-${month}`;
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
 * A time axis's ticks in `meta.locale`: a year at its start, a month with its year as the chart's
 * dates are written elsewhere ("März 2024"), a day by its day and month, a time within a day by the clock.
 */
export function localeTimeTick(meta: Meta): (value: number) => string {
	const writeDate = dateFormatter(meta);
	const tick = timeTickFormatter(meta);
	return (value) => {
		const date = new Date(value);
		if (date.getUTCHours() !== 0 || date.getUTCMinutes() !== 0) return date.toISOString().slice(11, 16);
		return date.getUTCDate() === 1 && date.getUTCMonth() !== 0 ? writeDate(date.toISOString().slice(0, 7)) : tick(value);
	};
}

const day = 86_400_000;
/** Steps a time axis ticks by, smallest first: minutes, hours, days, months, years. */
type TimeUnit = "minute" | "hour" | "day" | "month" | "year";
const timeSteps: { unit: TimeUnit; n: number; approx: number }[] = [
	...[1, 5, 15, 30].map((n) => ({ unit: "minute" as const, n, approx: n * 60_000 })),
	...[1, 2, 3, 6, 12].map((n) => ({ unit: "hour" as const, n, approx: n * 3_600_000 })),
	...[1, 2, 7].map((n) => ({ unit: "day" as const, n, approx: n * day })),
	...[1, 2, 3, 6].map((n) => ({ unit: "month" as const, n, approx: n * 30.44 * day })),
	...[1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000].map((n) => ({ unit: "year" as const, n, approx: n * 365.25 * day })),
];

/** The finest unit a column of ISO dates names: years (`2024`), months (`2024-03`), days, or times of day. */
export function finestUnit(cells: readonly Cell[]): TimeUnit {
	let longest = 0;
	for (const cell of cells) if (typeof cell === "string") longest = Math.max(longest, cell.trim().length);
	return longest <= 4 ? "year" : longest <= 7 ? "month" : longest <= 10 ? "day" : "minute";
}

/**
 * Ticks of a time axis at calendar boundaries, at most about `count` of them: whole years (every
 * 1, 2, 5, 10… years, on multiples), months (every 1, 2, 3 or 6, from January), days or hours.
 * ECharts' own ticks start at the data's first date and step by odd spans (1955, 1963, 1971…).
 */
export function timeTicks(min: number, max: number, count: number, finest: TimeUnit = "minute"): number[] {
	const span = max - min;
	if (!(span > 0)) return [min];
	// Never finer than the data: monthly figures are ticked by months or years, not weeks.
	const steps = timeSteps.slice(timeSteps.findIndex((s) => s.unit === finest));
	const step = steps.find((s) => span / s.approx <= count) ?? (steps.at(-1) as (typeof timeSteps)[number]);
	const ticks: number[] = [];
	const start = new Date(min);
	if (step.unit === "year" || step.unit === "month") {
		const months = step.unit === "year" ? step.n * 12 : step.n;
		let index = start.getUTCFullYear() * 12 + start.getUTCMonth();
		index = Math.ceil(index / months) * months;
		for (; ; index += months) {
			const t = new Date(Date.UTC(2000, index - 2000 * 12, 1)).getTime();
			if (t < min) continue;
			if (t > max) break;
			ticks.push(t);
		}
		return ticks;
	}
	if (step.unit === "day" && step.n === 7) {
		// Weeks start on Monday (1970-01-05 was one).
		const monday = Date.UTC(1970, 0, 5);
		for (let t = monday + Math.ceil((min - monday) / (7 * day)) * 7 * day; t <= max; t += 7 * day) ticks.push(t);
		return ticks;
	}
	for (let t = Math.ceil(min / step.approx) * step.approx; t <= max; t += step.approx) ticks.push(t);
	return ticks;
}

/** Whole numbers (years) ticked every 1, 2, 5, 10… on their multiples, at most about `count`. */
export function periodTicks(min: number, max: number, count: number): number[] {
	const span = max - min;
	if (!(span > 0)) return [min];
	let step = 1;
	for (let power = 1; ; power *= 10) {
		const fits = [1, 2, 5].map((m) => m * power).find((s) => span / s <= count);
		if (fits !== undefined) {
			step = fits;
			break;
		}
	}
	const ticks: number[] = [];
	for (let t = Math.ceil(min / step) * step; t <= max; t += step) ticks.push(t);
	return ticks;
}

/** About how many ticks a line's x axis has room for: one per ~75 px of plot, at least two. */
export function tickRoom(input: RenderInput, plot: { left: number; right: number }): number {
	return Math.max(2, Math.floor((input.width - plot.left - plot.right - 40) / 75));
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
	const xs = rows.map((row) => {
		const cell = cells[row] ?? null;
		if (along === "time") return typeof cell === "string" ? timeOf(cell) : null;
		return typeof cell === "number" && Number.isFinite(cell) ? cell : null;
	});
	const placed = xs.flatMap((x, i) => (x === null ? [] : [i]));
	const data = drawn.map((s) => placed.map((i) => [xs[i] as number, s.values[i] ?? null]));
	// A time axis reaches to annotations before or after the data (a value axis widens in settings/annotation-extent.ts).
	const noted = along === "time" ? annotatedTimes(input) : [];
	const ends = extent([...placed.map((i) => xs[i] as number), ...noted]);
	const text = lineXText(input);
	const locale = input.meta.locale !== undefined;
	const writeDate = locale ? dateFormatter(input.meta) : (date: string) => date;
	// Ticks on calendar boundaries and whole years; other numbers keep ECharts' own round ticks.
	const calendar =
		!ends || along === "value"
			? []
			: along === "time"
				? timeTicks(ends.min, ends.max, tickRoom(input, plot), finestUnit(cells))
				: periodTicks(ends.min, ends.max, tickRoom(input, plot));
	const ticks = calendar.length > 0 ? calendar : null;
	const axis: Option = {
		type: along === "time" ? "time" : "value",
		...(ends && ends.min < ends.max ? { min: ends.min, max: ends.max } : {}),
		...(along === "period" ? { minInterval: 1 } : {}),
		...style,
		axisLabel: {
			...style.axisLabel,
			...(along === "time"
				? { formatter: locale ? localeTimeTick(input.meta) : timeTick }
				: along === "period"
					? { formatter: (value: number) => String(value) }
					: input.meta.locale !== undefined
						? { formatter: valueFormatter({ locale: input.meta.locale }) }
						: {}),
			...(ticks ? { customValues: ticks } : {}),
		},
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
