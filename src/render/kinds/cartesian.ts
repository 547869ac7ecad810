/**
 * Cartesian kinds: line (line, area, stacked, 100%), horizontal-bar (bar, column, stacked,
 * grouped, 100%; a bar race is drawn as its final frame), small multiples and candlestick.
 *
 * Variants are meta fields: `area` (boolean), `stack` ("none" | "stacked" | "percent"),
 * `orientation` ("horizontal" | "vertical", bars only), `sort` ("none" | "descending", bars).
 */

import { sharedIndices } from "../downsample";
import type { Option } from "../frame";
import { axisStyle, containLabels, frame, gridLines, plotGrid } from "../frame";
import type { RenderInput, SeriesValues } from "../input";
import { categories, colors, numbersOf, visibleSeries } from "../input";

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
function downsampled(input: RenderInput, series: SeriesValues[]): { labels: string[]; series: SeriesValues[] } {
	const labels = categories(input);
	const keep = sharedIndices(
		series.map((s) => s.values),
		input.width * 2,
	);
	if (keep.length === labels.length) return { labels, series };
	return {
		labels: keep.map((i) => labels[i] as string),
		series: series.map((s) => ({ name: s.name, values: keep.map((i) => s.values[i] ?? null) })),
	};
}

export function lineOption(input: RenderInput): Option {
	const stack = stackMode(input);
	const { labels, series: drawn } = downsampled(input, stack === "percent" ? asPercent(visibleSeries(input)) : visibleSeries(input));
	const { option, plot } = frame(input, { legend: drawn.length > 1 });
	const lines = gridLines(input);
	const area = input.meta.area === true || stack !== "none";
	return {
		...option,
		tooltip: { trigger: "axis" },
		grid: plotGrid(plot),
		xAxis: { type: "category", data: labels, boundaryGap: false, ...axisStyle(input, lines.vertical) },
		yAxis: {
			type: "value",
			scale: !area,
			...(stack === "percent" ? { max: 100, axisLabel: { formatter: "{value}%" } } : {}),
			...axisStyle(input, lines.horizontal),
		},
		series: drawn.map((s) => ({
			type: "line",
			name: s.name,
			data: s.values,
			showSymbol: s.values.length <= 40,
			symbolSize: 5,
			lineStyle: { width: 2 },
			connectNulls: false,
			...(stack !== "none" ? { stack: "total" } : {}),
			...(area ? { areaStyle: { opacity: stack === "none" ? 0.25 : 0.85 } } : {}),
		})),
	};
}

export function barOption(input: RenderInput): Option {
	const stack = stackMode(input);
	let drawn = stack === "percent" ? asPercent(visibleSeries(input)) : visibleSeries(input);
	let labels = categories(input);
	if (input.meta.sort === "descending" && drawn.length > 0) {
		const order = labels
			.map((_, i) => i)
			.sort((a, b) => (drawn[0]?.values[b] ?? Number.NEGATIVE_INFINITY) - (drawn[0]?.values[a] ?? Number.NEGATIVE_INFINITY));
		labels = order.map((i) => labels[i] as string);
		drawn = drawn.map((s) => ({ name: s.name, values: order.map((i) => s.values[i] ?? null) }));
	}
	const horizontal = input.meta.orientation !== "vertical";
	const { option, plot } = frame(input, { legend: drawn.length > 1 });
	const lines = gridLines(input);
	// Horizontal bars read top to bottom in data order.
	const categoryAxis = { type: "category", data: labels, inverse: horizontal, ...axisStyle(input, false) };
	const valueAxis = {
		type: "value",
		...(stack === "percent" ? { max: 100, axisLabel: { formatter: "{value}%" } } : {}),
		...axisStyle(input, horizontal ? lines.vertical || lines.horizontal : lines.horizontal),
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

export function multiplesOption(input: RenderInput): Option {
	const { labels, series: drawn } = downsampled(input, visibleSeries(input));
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
	const all = drawn.flatMap((s) => s.values).filter((v): v is number => v !== null);
	// Shared scales, so panels compare at a glance.
	const min = niceBound(Math.min(0, ...all));
	const max = niceBound(Math.max(...all, 0));
	return {
		...option,
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
			type: "category",
			gridIndex: i,
			data: labels,
			boundaryGap: false,
			...axisStyle(input, false),
			axisLabel: { color: c.mutedText, hideOverlap: true, fontSize: 10 },
		})),
		yAxis: drawn.map((_, i) => ({
			type: "value",
			gridIndex: i,
			min,
			max,
			splitNumber: 3,
			...axisStyle(input, gridLines(input).horizontal),
			axisLabel: { color: c.mutedText, fontSize: 10 },
		})),
		series: drawn.map((s, i) => ({
			type: "line",
			name: s.name,
			xAxisIndex: i,
			yAxisIndex: i,
			data: s.values,
			showSymbol: false,
			lineStyle: { width: 2, color: c.palette[i % c.palette.length] },
			areaStyle: { opacity: 0.15, color: c.palette[i % c.palette.length] },
		})),
	};
}

export function candlestickOption(input: RenderInput): Option {
	const [dates, open, high, low, close, volume] = input.dataset.columns;
	const { option, plot } = frame(input, { legend: false });
	const c = colors(input);
	const rising = c.palette[2] ?? "#009E73";
	const falling = c.palette[3] ?? "#D55E00";
	const rows = dates?.values.length ?? 0;
	const data = Array.from({ length: rows }, (_, i) => [open, close, low, high].map((col) => numbersOf(col?.values ?? [])[i] ?? null));
	const labels = categories(input);
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
							data: numbersOf(volume.values),
							itemStyle: { color: c.axis, opacity: 0.6 },
						},
					]
				: []),
		],
	};
}
