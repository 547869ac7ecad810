/**
 * Part-to-whole kinds: pie (pie, `donut`, `halfPie`), treemap (flat or nested) and sankey.
 * Library-backed pies and treemaps draw each series' value at the latest period, or at
 * `meta.period` when set.
 */

import type { Option } from "../frame";
import { frame } from "../frame";
import type { RenderInput } from "../input";
import { categories, colors, label, numbersOf, visibleSeries } from "../input";

interface Slice {
	name: string;
	value: number;
}

/** Slices: label column × first visible series; or, from statistics, one slice per series. */
export function slices(input: RenderInput): Slice[] {
	const drawn = visibleSeries(input);
	if (input.fromStatistics) {
		const periods = categories(input);
		const wanted = typeof input.meta.period === "string" ? periods.indexOf(input.meta.period) : -1;
		return drawn
			.map((s) => {
				const index = wanted >= 0 ? wanted : s.values.findLastIndex((v) => v !== null);
				return { name: s.name, value: s.values[index] ?? null };
			})
			.filter((s): s is Slice => s.value !== null);
	}
	const first = drawn[0];
	if (!first) return [];
	return categories(input)
		.map((name, i) => ({ name, value: first.values[i] ?? null }))
		.filter((s): s is Slice => s.value !== null);
}

export function pieOption(input: RenderInput): Option {
	const data = slices(input);
	const { option, plot } = frame(input, { legend: true, legendNames: data.map((d) => d.name) });
	const half = input.meta.halfPie === true;
	const donut = input.meta.donut === true || half;
	const width = input.width - plot.left - plot.right;
	const height = input.height - plot.top - plot.bottom;
	const radius = Math.max(10, Math.min(width / 2, half ? height * 0.9 : height / 2) * 0.8);
	return {
		...option,
		series: [
			{
				type: "pie",
				radius: donut ? [radius * 0.55, radius] : [0, radius],
				center: [plot.left + width / 2, half ? plot.top + height * 0.92 : plot.top + height / 2],
				...(half ? { startAngle: 180, endAngle: 360 } : {}),
				data,
				label: { color: colors(input).text, formatter: "{b}: {d}%" },
				labelLine: { lineStyle: { color: colors(input).axis } },
				itemStyle: { borderColor: input.transparent ? "transparent" : colors(input).background, borderWidth: 1 },
			},
		],
	};
}

interface TreeNode {
	name: string;
	value?: number;
	children?: TreeNode[];
}

export function treemapOption(input: RenderInput): Option {
	const firstValue = input.dataset.columns.findIndex((c) => c.type === "number");
	const pathColumns = input.dataset.columns.slice(0, firstValue);
	let data: TreeNode[];
	if (input.fromStatistics || pathColumns.length <= 1) {
		data = slices(input);
	} else {
		// Nested: the leading text columns are the path, the value column the leaves' size.
		const values = numbersOf(input.dataset.columns[firstValue]?.values ?? []);
		const root: TreeNode = { name: "", children: [] };
		values.forEach((value, row) => {
			if (value === null) return;
			let node = root;
			for (const pathColumn of pathColumns) {
				const name = label(pathColumn.values[row] ?? null);
				node.children ??= [];
				let child = node.children.find((n) => n.name === name);
				if (!child) {
					child = { name };
					node.children.push(child);
				}
				node = child;
			}
			node.value = (node.value ?? 0) + value;
		});
		data = root.children ?? [];
	}
	const { option, plot } = frame(input, { legend: false });
	const c = colors(input);
	return {
		...option,
		series: [
			{
				type: "treemap",
				data,
				top: plot.top,
				left: plot.left,
				right: plot.right,
				bottom: plot.bottom,
				roam: false,
				nodeClick: false,
				breadcrumb: { show: false },
				label: { show: true, color: "#ffffff", fontSize: input.theme.fonts.bodySize },
				upperLabel: { show: pathColumns.length > 1, height: 20, color: c.text },
				itemStyle: { borderColor: input.transparent ? c.surface : c.background, borderWidth: 2, gapWidth: 2 },
				levels: [{ itemStyle: { borderWidth: 0, gapWidth: 4 } }, { colorSaturation: [0.35, 0.6] }],
			},
		],
	};
}

export function sankeyOption(input: RenderInput): Option {
	const [source, target, value] = input.dataset.columns;
	const amounts = numbersOf(value?.values ?? []);
	const links = (source?.values ?? []).map((from, i) => ({
		source: label(from),
		target: label(target?.values[i] ?? null),
		value: amounts[i] ?? 0,
	}));
	const nodes = [...new Set(links.flatMap((l) => [l.source, l.target]))].map((name) => ({ name }));
	const { option, plot } = frame(input, { legend: false });
	const c = colors(input);
	return {
		...option,
		series: [
			{
				type: "sankey",
				top: plot.top,
				left: plot.left,
				right: plot.right + 80,
				bottom: plot.bottom,
				data: nodes,
				links,
				emphasis: { focus: "adjacency" },
				label: { color: c.text, fontSize: input.theme.fonts.bodySize },
				lineStyle: { color: "gradient", opacity: 0.35 },
				itemStyle: { borderWidth: 0 },
			},
		],
	};
}
