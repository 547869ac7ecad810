import { colorScale } from "../color-scale";
import { sharedIndices } from "../downsample";
import { DrawingNotes, formatCount } from "../drawing-notes";
import { extent } from "../extent";
import type { Option } from "../frame";
import { axisStyle, frame, gridLines, plotGrid } from "../frame";
import type { RenderInput } from "../input";
import { categories, colors, label, numbersOf, visibleSeries } from "../input";
import { bucketRanges, firstSeries } from "../reduce";
import { valueWriter } from "../settings/numbers";
import { alongTicks, lineX, placeAlong, tickRoom } from "./along-axis";

/** Box plots draw at most this many groups. */
export const maxBoxes = 100;
/** Heatmaps draw at most this many columns and rows of cells; past it neighbours are averaged. */
export const maxHeatmapColumns = 100;
export const maxHeatmapRows = 50;
/** Calendar heatmaps draw at most this many years, the latest ones. */
export const maxCalendarYears = 10;
/** Streamgraphs: at most this many periods and series. */
export const maxRiverPeriods = 200;
export const maxRiverSeries = 30;
/** Radar charts: at most this many axes and series. */
export const maxRadarAxes = 60;
export const maxRadarSeries = 12;

/** Five-number summary (linear interpolation between closest ranks). */
export function fiveNumbers(samples: number[]): [number, number, number, number, number] {
	const sorted = [...samples].sort((a, b) => a - b);
	const at = (p: number) => {
		const position = (sorted.length - 1) * p;
		const lower = Math.floor(position);
		const upper = Math.ceil(position);
		return (sorted[lower] as number) + ((sorted[upper] as number) - (sorted[lower] as number)) * (position - lower);
	};
	return [sorted[0] as number, at(0.25), at(0.5), at(0.75), sorted.at(-1) as number];
}

export function boxplotOption(input: RenderInput, notes = new DrawingNotes()): Option {
	const [groups, ...stats] = input.dataset.columns;
	const order: string[] = [];
	const boxes = new Map<string, number[][]>();
	const seen = new Set<string>();
	(groups?.values ?? []).forEach((g, i) => {
		const name = label(g);
		seen.add(name);
		if (!boxes.has(name)) {
			if (order.length >= maxBoxes) return;
			order.push(name);
			boxes.set(name, []);
		}
		boxes.get(name)?.push(stats.map((s) => (typeof s.values[i] === "number" ? (s.values[i] as number) : Number.NaN)));
	});
	notes.cut(order.length, seen.size, "groups", "the first groups");
	const data = order.map((name) => {
		const rows = boxes.get(name) ?? [];
		if (stats.length === 5) return rows[0] ?? [];
		return fiveNumbers(rows.map((r) => r[0] as number).filter(Number.isFinite));
	});
	const { option, plot } = frame(input, { legend: false });
	const c = colors(input);
	return {
		...option,
		grid: plotGrid(plot),
		xAxis: { type: "category", data: order, ...axisStyle(input, false) },
		yAxis: { type: "value", scale: true, ...axisStyle(input, gridLines(input).horizontal) },
		series: [
			{
				type: "boxplot",
				name: stats.length === 5 ? "summary" : (stats[0]?.name ?? "value"),
				data,
				itemStyle: { color: c.surface, borderColor: c.palette[0], borderWidth: 1.5 },
			},
		],
	};
}

/** Category → index, in order of first appearance, in one pass. */
function indexByCategory(cells: readonly string[]): Map<string, number> {
	const index = new Map<string, number>();
	for (const cell of cells) if (!index.has(cell)) index.set(cell, index.size);
	return index;
}

/** Categories grouped into at most `max` runs of neighbours; each run is named by its first member. */
function categoryBuckets(index: Map<string, number>, max: number): { names: string[]; bucketOf: (i: number) => number } {
	const names = [...index.keys()];
	if (names.length <= max) return { names, bucketOf: (i) => i };
	const ranges = bucketRanges(names.length, max);
	const bucketOf = new Int32Array(names.length);
	ranges.forEach(([start, end], b) => {
		bucketOf.fill(b, start, end);
	});
	return { names: ranges.map(([start, end]) => `${names[start]}–${names[end - 1]}`), bucketOf: (i) => bucketOf[i] as number };
}

/** Averages of the values that land in the same cell, keyed by cell. */
class CellMeans {
	private readonly sums = new Map<string, { sum: number; count: number; at: [number | string, number | string] }>();
	add(at: [number | string, number | string], value: number): void {
		const key = `${at[0]}\u0000${at[1]}`;
		const cell = this.sums.get(key);
		if (cell) {
			cell.sum += value;
			cell.count++;
		} else this.sums.set(key, { sum: value, count: 1, at });
	}
	cells(): [number | string, number | string, number][] {
		return [...this.sums.values()].map(({ sum, count, at }) => [at[0], at[1], sum / count]);
	}
	get size(): number {
		return this.sums.size;
	}
}

export function heatmapOption(input: RenderInput, notes = new DrawingNotes()): Option {
	const c = colors(input);
	const calendar = input.dataset.columns.length === 2;
	const valueColumn = input.dataset.columns[calendar ? 1 : 2];
	const values = numbersOf(valueColumn?.values ?? []);
	const { option, plot } = frame(input, { legend: false });
	// The data's own range: a heatmap is read for the differences between its cells, which a scale
	// from 0 would wash out (values of 71 to 85 all one colour).
	const range = extent(values) ?? { min: 0, max: 1 };
	const write = valueWriter(input);
	const scale = colorScale(input, range, write, { lowTint: 0.15 });
	const visualMap = {
		...scale,
		calculable: false,
		orient: "horizontal",
		left: "center",
		bottom: plot.bottom - 6,
		...(scale.type === "piecewise"
			? { itemGap: 6, itemWidth: 18, itemHeight: 12 }
			: // The scale's ends in numbers, high on the right, so a reader can tell what a colour means.
				{ itemHeight: Math.min(240, input.width / 3), text: [write(Number(scale.max)), write(Number(scale.min))] }),
		textStyle: { color: c.mutedText },
	};
	if (calendar) {
		const dates = (input.dataset.columns[0]?.values ?? []).map(label);
		const allYears = [...new Set(dates.map((d) => d.slice(0, 4)))].sort();
		// The latest years: a calendar is read for what happened recently.
		const years = allYears.slice(-maxCalendarYears);
		if (years.length < allYears.length)
			notes.add(`the latest ${years.length} of ${allYears.length} years are drawn; the CSV export has them all`);
		const yearIndex = new Map(years.map((year, i) => [year, i]));
		const days = years.map(() => new CellMeans());
		dates.forEach((d, k) => {
			const year = yearIndex.get(d.slice(0, 4));
			const value = values[k];
			if (year !== undefined && value !== null && value !== undefined) days[year]?.add([d.slice(0, 10), 0], value);
		});
		const perDay = days.map((cells) => cells.cells().map(([day, , mean]) => [day, mean]));
		const drawnDays = perDay.reduce((n, cells) => n + cells.length, 0);
		if (drawnDays < dates.length && years.length === allYears.length) notes.cut(drawnDays, dates.length, "rows", "averaged per day");
		const height = (input.height - plot.top - plot.bottom - 50) / Math.max(years.length, 1);
		return {
			...option,
			visualMap,
			calendar: years.map((year, i) => ({
				range: year,
				top: plot.top + 20 + i * height,
				left: plot.left + 30,
				right: plot.right,
				cellSize: ["auto", Math.max(6, Math.min(18, height / 9))],
				itemStyle: { color: c.background, borderColor: c.grid },
				splitLine: { lineStyle: { color: c.axis } },
				dayLabel: { color: c.mutedText },
				monthLabel: { color: c.mutedText },
				yearLabel: { color: c.mutedText },
			})),
			series: years.map((_, i) => ({
				type: "heatmap",
				coordinateSystem: "calendar",
				calendarIndex: i,
				data: perDay[i],
			})),
		};
	}
	const xCells = (input.dataset.columns[0]?.values ?? []).map(label);
	const yCells = (input.dataset.columns[1]?.values ?? []).map(label);
	const xIndex = indexByCategory(xCells);
	const yIndex = indexByCategory(yCells);
	const xs = categoryBuckets(xIndex, maxHeatmapColumns);
	const ys = categoryBuckets(yIndex, maxHeatmapRows);
	if (xs.names.length < xIndex.size) notes.cut(xs.names.length, xIndex.size, "columns", "neighbouring columns averaged");
	if (ys.names.length < yIndex.size) notes.cut(ys.names.length, yIndex.size, "rows of cells", "neighbouring rows averaged");
	const cells = new CellMeans();
	values.forEach((v, i) => {
		if (v === null) return;
		cells.add([xs.bucketOf(xIndex.get(xCells[i] as string) as number), ys.bucketOf(yIndex.get(yCells[i] as string) as number)], v);
	});
	return {
		...option,
		grid: { ...plotGrid(plot), bottom: plot.bottom + 40 },
		xAxis: { type: "category", data: xs.names, splitArea: { show: false }, ...axisStyle(input, false) },
		yAxis: { type: "category", data: ys.names, ...axisStyle(input, false) },
		visualMap,
		series: [
			{
				type: "heatmap",
				name: valueColumn?.name,
				data: cells.cells(),
				itemStyle: { borderColor: input.transparent ? "transparent" : c.background, borderWidth: 1 },
			},
		],
	};
}

export function themeriverOption(input: RenderInput, notes = new DrawingNotes()): Option {
	const visible = firstSeries(visibleSeries(input), maxRiverSeries, notes);
	const periods = input.dataset.columns[0];
	const allLabels = categories(input);
	const keep = sharedIndices(
		visible.map((s) => s.values),
		maxRiverPeriods,
	);
	notes.cut(keep.length, allLabels.length, "periods", "downsampled");
	const downsampled = keep.length < allLabels.length;
	const rows = downsampled ? keep : allLabels.map((_, row) => row);
	const labels = rows.map((row) => allLabels[row] as string);
	const drawn = downsampled ? visible.map((s) => ({ name: s.name, values: keep.map((i) => s.values[i] ?? null) })) : visible;
	// As a line spaces its periods (cartesian.ts `lineX`): dates by time (UTC, so every reader sees
	// the same day), years and other numbers by value, text one even step per row.
	const along = lineX(input);
	const cells = rows.map((row) => periods?.values[row] ?? null);
	const xOf = (i: number): number | null => (along === "category" ? i : placeAlong(along, cells[i] ?? null));
	const data = drawn.flatMap((s) =>
		s.values.flatMap((v, i) => {
			const x = xOf(i);
			return x === null ? [] : [[x, v ?? 0, s.name]];
		}),
	);
	const { option, plot } = frame(input, { legend: drawn.length > 1, legendNames: drawn.map((s) => s.name) });
	const c = colors(input);
	const style = axisStyle(input, false);
	const ends = along === "category" ? { min: 0, max: Math.max(labels.length - 1, 1) } : extent(labels.map((_, i) => xOf(i)));
	const { formatter: write, ticks } =
		along === "category"
			? { formatter: (i: number) => labels[i] ?? "", ticks: null }
			: alongTicks(input, along, ends, cells, tickRoom(input, { left: plot.left + 10, right: plot.right + 10 }));
	return {
		...option,
		...(along === "time" ? { useUTC: true } : {}),
		tooltip: { trigger: "axis" },
		singleAxis: {
			type: along === "time" ? "time" : "value",
			top: plot.top,
			bottom: plot.bottom + 20,
			left: plot.left + 10,
			right: plot.right + 10,
			...(ends && ends.min < ends.max ? { min: ends.min, max: ends.max } : {}),
			...(along === "period" ? { minInterval: 1 } : {}),
			...style,
			axisLabel: {
				color: c.mutedText,
				hideOverlap: true,
				...(write ? { formatter: write } : {}),
				...(ticks ? { customValues: ticks } : {}),
			},
			...(ticks ? { axisTick: { ...(style.axisTick as Option | undefined), customValues: ticks } } : {}),
		},
		series: [{ type: "themeRiver", data, label: { show: false }, emphasis: { focus: "series" } }],
	};
}

export function radarOption(input: RenderInput, notes = new DrawingNotes()): Option {
	const allAxes = categories(input);
	// A radar of more axes is a blur of spokes; the first ones are drawn.
	const axes = allAxes.slice(0, maxRadarAxes);
	if (axes.length < allAxes.length)
		notes.add(`the first ${axes.length} of ${formatCount(allAxes.length)} rows are drawn as axes; the CSV export has them all`);
	const drawn = firstSeries(visibleSeries(input), maxRadarSeries, notes).map((s) => ({
		name: s.name,
		values: s.values.slice(0, axes.length),
	}));
	const max = Math.max(extent(drawn.flatMap((s) => s.values))?.max ?? 0, 0);
	const { option, plot } = frame(input, { legend: drawn.length > 1 });
	const c = colors(input);
	const width = input.width - plot.left - plot.right;
	const height = input.height - plot.top - plot.bottom;
	return {
		...option,
		radar: {
			indicator: axes.map((name) => ({ name, max: max > 0 ? max * 1.1 : 1 })),
			center: [plot.left + width / 2, plot.top + height / 2 + 6],
			radius: Math.max(20, Math.min(width, height) / 2 - 30),
			axisName: { color: c.text },
			splitLine: { lineStyle: { color: c.grid } },
			splitArea: { show: false },
			axisLine: { lineStyle: { color: c.grid } },
		},
		series: [
			{ type: "radar", data: drawn.map((s) => ({ name: s.name, value: s.values.map((v) => v ?? 0), areaStyle: { opacity: 0.15 } })) },
		],
	};
}
