/**
 * Kinds that place values in a plane or along axes: scatter (scatter, bubble, `connected`),
 * dot / range / arrow plots, boxplot, heatmap (cartesian or calendar), themeriver, radar.
 */
import type { DatasetColumn } from "../../domain/dataset";
import type { Option } from "../frame";
import { axisStyle, frame, gridLines, plotGrid } from "../frame";
import type { RenderInput } from "../input";
import { categories, colors, label, numbersOf, visibleSeries } from "../input";

export function scatterOption(input: RenderInput): Option {
	const numeric = input.dataset.columns.filter((c) => c.type === "number");
	const text = input.dataset.columns.filter((c) => c.type !== "number");
	const [x, y, size] = numeric as [DatasetColumn, DatasetColumn, DatasetColumn | undefined];
	const group = text[1];
	const names = text[0];
	const xs = numbersOf(x.values);
	const ys = numbersOf(y.values);
	const sizes = size ? numbersOf(size.values) : [];
	const maxSize = Math.max(...sizes.filter((v): v is number => v !== null), 1);
	const groups = group ? [...new Set(group.values.map(label))] : [y.name];
	const { option, plot } = frame(input, { legend: groups.length > 1 });
	const lines = gridLines(input);
	const connected = input.meta.connected === true;
	const hidden = input.meta.seriesTransform?.[y.name]?.hidden === true;
	return {
		...option,
		grid: plotGrid(plot),
		xAxis: { type: "value", name: x.name, nameLocation: "middle", nameGap: 28, scale: true, ...axisStyle(input, lines.vertical) },
		yAxis: { type: "value", name: y.name, nameLocation: "middle", nameGap: 44, scale: true, ...axisStyle(input, lines.horizontal) },
		series: hidden
			? []
			: groups.map((g) => ({
					type: connected ? "line" : "scatter",
					name: g,
					data: xs
						.map((xv, i) => ({ i, xv }))
						.filter(({ i }) => !group || label(group.values[i] ?? null) === g)
						.filter(({ i, xv }) => xv !== null && ys[i] !== null)
						.map(({ i, xv }) => ({ name: names ? label(names.values[i] ?? null) : undefined, value: [xv, ys[i], sizes[i] ?? null] })),
					symbolSize: size ? (value: number[]) => 6 + 34 * Math.sqrt(Math.max(value[2] ?? 0, 0) / maxSize) : 8,
					...(connected ? { showSymbol: true, lineStyle: { width: 1.5 } } : {}),
					itemStyle: { opacity: size ? 0.7 : 0.9 },
				})),
	};
}

/** Dot, range and arrow plots: one row per category, values along a shared value axis. */
export function rangeFamilyOption(input: RenderInput): Option {
	const drawn = visibleSeries(input);
	const shown = input.kind === "dot" ? drawn : drawn.slice(0, 2);
	const labels = categories(input);
	// The legend names the value series (which end is which), never the connector.
	const { option, plot } = frame(input, { legend: shown.length > 1, legendNames: shown.map((s) => s.name) });
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
			if (values.length < 2) return null;
			const from = input.kind === "dot" ? Math.min(...values) : (values[0] as number);
			const to = input.kind === "dot" ? Math.max(...values) : (values[1] as number);
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

export function boxplotOption(input: RenderInput): Option {
	const [groups, ...stats] = input.dataset.columns;
	const order: string[] = [];
	const boxes = new Map<string, number[][]>();
	(groups?.values ?? []).forEach((g, i) => {
		const name = label(g);
		if (!boxes.has(name)) {
			order.push(name);
			boxes.set(name, []);
		}
		boxes.get(name)?.push(stats.map((s) => (typeof s.values[i] === "number" ? (s.values[i] as number) : Number.NaN)));
	});
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

export function heatmapOption(input: RenderInput): Option {
	const c = colors(input);
	const calendar = input.dataset.columns.length === 2;
	const valueColumn = input.dataset.columns[calendar ? 1 : 2];
	const values = numbersOf(valueColumn?.values ?? []);
	const present = values.filter((v): v is number => v !== null);
	const { option, plot } = frame(input, { legend: false });
	const visualMap = {
		min: Math.min(...present, 0),
		max: Math.max(...present, 1),
		calculable: false,
		orient: "horizontal",
		left: "center",
		bottom: plot.bottom - 6,
		itemHeight: Math.min(240, input.width / 3),
		textStyle: { color: c.mutedText },
		inRange: { color: [c.surface, c.palette[0] as string] },
	};
	if (calendar) {
		const dates = (input.dataset.columns[0]?.values ?? []).map(label);
		const years = [...new Set(dates.map((d) => d.slice(0, 4)))].sort();
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
			series: years.map((year, i) => ({
				type: "heatmap",
				coordinateSystem: "calendar",
				calendarIndex: i,
				data: dates.map((d, k) => [d.slice(0, 10), values[k]]).filter(([d, v]) => (d as string).startsWith(year) && v !== null),
			})),
		};
	}
	const xs = [...new Set((input.dataset.columns[0]?.values ?? []).map(label))];
	const ys = [...new Set((input.dataset.columns[1]?.values ?? []).map(label))];
	const data = values.map((v, i) => [
		xs.indexOf(label(input.dataset.columns[0]?.values[i] ?? null)),
		ys.indexOf(label(input.dataset.columns[1]?.values[i] ?? null)),
		v,
	]);
	return {
		...option,
		grid: { ...plotGrid(plot), bottom: plot.bottom + 40 },
		xAxis: { type: "category", data: xs, splitArea: { show: false }, ...axisStyle(input, false) },
		yAxis: { type: "category", data: ys, ...axisStyle(input, false) },
		visualMap,
		series: [
			{
				type: "heatmap",
				name: valueColumn?.name,
				data,
				itemStyle: { borderColor: input.transparent ? "transparent" : c.background, borderWidth: 1 },
			},
		],
	};
}

export function themeriverOption(input: RenderInput): Option {
	const drawn = visibleSeries(input);
	const periods = input.dataset.columns[0];
	const dates = periods?.type === "date";
	const labels = categories(input);
	const data = drawn.flatMap((s) => s.values.map((v, i) => [dates ? labels[i] : i, v ?? 0, s.name]));
	const { option, plot } = frame(input, { legend: drawn.length > 1, legendNames: drawn.map((s) => s.name) });
	const c = colors(input);
	return {
		...option,
		tooltip: { trigger: "axis" },
		singleAxis: {
			type: dates ? "time" : "value",
			top: plot.top,
			bottom: plot.bottom + 20,
			left: plot.left + 10,
			right: plot.right + 10,
			...(dates ? {} : { min: 0, max: Math.max(labels.length - 1, 1), axisLabel: { formatter: (i: number) => labels[i] ?? "" } }),
			...axisStyle(input, false),
			axisLabel: { color: c.mutedText, hideOverlap: true, ...(dates ? {} : { formatter: (i: number) => labels[i] ?? "" }) },
		},
		series: [{ type: "themeRiver", data, label: { show: false }, emphasis: { focus: "series" } }],
	};
}

export function radarOption(input: RenderInput): Option {
	const drawn = visibleSeries(input);
	const axes = categories(input);
	const max = Math.max(...drawn.flatMap((s) => s.values.filter((v): v is number => v !== null)), 0);
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
