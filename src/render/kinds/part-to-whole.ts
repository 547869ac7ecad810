/**
 * Part-to-whole kinds: pie (pie, `donut`, `halfPie`), treemap (flat or nested) and sankey.
 * Library-backed pies and treemaps draw each series' value at the latest period, or at
 * `meta.period` when set.
 */

import { DrawingNotes, formatCount } from "../drawing-notes";
import type { Option } from "../frame";
import { fontStack, frame } from "../frame";
import type { RenderInput } from "../input";
import { categories, colors, label, numbersOf, visibleSeries } from "../input";
import { foldSmallParts, otherPartsName } from "../reduce";
import { textWidth } from "../text-width";

/** Pies draw at most this many slices (the smallest past it are folded into "Other"). */
export const maxPieSlices = 20;
/** Treemaps draw at most this many boxes on each level of nesting. */
export const maxTreemapBoxes = 200;
/** Sankey diagrams draw at most this many flows, the largest. */
export const maxSankeyLinks = 300;

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

/** A part's name in a note, one and many. */
interface Unit {
	one: string;
	many: string;
}
const sliceUnit: Unit = { one: "slice", many: "slices" };
const boxUnit: Unit = { one: "box", many: "boxes" };

/** How many left-out parts a note names, and how long each name may be. */
const namedParts = 3;
const partNameLength = 40;

/** "1 slice below zero is left out (Labour): …": said, since the layout check (layouts.ts) cannot see them all. */
function noteNegativeParts(names: readonly string[], notes: DrawingNotes, unit: Unit, whole: string): void {
	if (names.length === 0) return;
	const one = names.length === 1;
	const shown = names
		.slice(0, namedParts)
		.map((name) => (Array.from(name).length > partNameLength ? `${Array.from(name).slice(0, partNameLength).join("")}...` : name));
	const more = names.length > namedParts ? ` and ${formatCount(names.length - namedParts)} more` : "";
	notes.add(
		`${formatCount(names.length)} ${one ? unit.one : unit.many} below zero ${one ? "is" : "are"} left out (${shown.join(", ")}${more}): ${whole}, so draw values below zero as a bar chart`,
	);
}

/**
 * The parts 0 or more: ECharts leaves a negative part out of the whole yet names it in the
 * legend. Own data is refused with one (layouts.ts), but a transform (`multiply` by -1), a
 * library series at its period, or data stored before that check can still give one.
 */
function partsAtLeastZero(parts: Slice[], notes: DrawingNotes, unit: Unit, whole: string): Slice[] {
	if (parts.every((part) => part.value >= 0)) return parts;
	noteNegativeParts(
		parts.filter((part) => part.value < 0).map((part) => part.name),
		notes,
		unit,
		whole,
	);
	return parts.filter((part) => part.value >= 0);
}

const pieWhole = "a pie shows parts of a whole";
const treemapWhole = "a treemap shows parts of a whole as areas";

/** Parts past `keep` folded into "Other", with a note saying how many. */
function folded(parts: Slice[], keep: number, notes: DrawingNotes, unit: Unit): Slice[] {
	const drawn = foldSmallParts(parts, keep, otherPartsName);
	if (drawn.length < parts.length)
		notes.add(
			`the ${keep - 1} largest of ${formatCount(parts.length)} ${unit.many} are drawn, the other ${formatCount(parts.length - keep + 1)} as one "Other" ${unit.one}; the CSV export has them all`,
		);
	return drawn;
}

/** A label line's two segments, set rather than ECharts' defaults (15 and 30) so the room below is theirs. */
const labelLineLengths = { length: 15, length2: 15 };
/** The label line and the gap to the text (ECharts' `distanceToLabelLine`). */
const labelLineRoom = labelLineLengths.length + labelLineLengths.length2 + 5;

/** ECharts' `bleedMargin` for a pie's labels: the room it keeps from the chart's edge. */
function bleedMargin(input: RenderInput): number {
	return Math.min(input.width, input.height) > 200 ? 10 : 2;
}

interface PieLabels {
	radius: number;
	label: Option;
	labelLine: Option;
	labelLayout?: Option;
}

/**
 * Where a pie's labels go for the room it has (a phone's width class included), so no label is
 * cut at the chart's edge: outside on one line, the pie shrunk as far as 60% of its size to make
 * room; else outside on two lines (name, then share), shrunk as far as 45%; else the shares inside
 * the slices and the names in the legend, which every pie draws. `reach` is how far from the
 * pie's centre a label may end. Outside labels line up at their side's farthest label line
 * (`alignTo: "labelLine"`): left to themselves, ECharts moves labels it has shifted apart onto an
 * ellipse that can lie further out than their slice, and cuts their text there ("Trans…").
 */
function pieLabels(input: RenderInput, data: readonly Slice[], fullRadius: number, reach: number): PieLabels {
	const c = colors(input);
	const size = input.theme.fonts.bodySize;
	const font = fontStack(input);
	const total = data.reduce((sum, d) => sum + Math.abs(d.value), 0) || 1;
	// ECharts writes {d} with up to two decimals; measure the longest it can be.
	const share = (d: Slice) => `${((Math.abs(d.value) / total) * 100).toFixed(2)}%`;
	const widest = (text: (d: Slice) => string) =>
		data.slice(0, maxPieSlices).reduce((w, d) => Math.max(w, textWidth(text(d), size, font)), 0);
	const style = { color: c.text, fontSize: size, fontFamily: font };
	const outside = { ...style, alignTo: "labelLine" };
	const line = { ...labelLineLengths, lineStyle: { color: c.axis } };
	const fits = (labelWidth: number, floor: number) => {
		const radius = Math.min(fullRadius, reach - labelLineRoom - labelWidth);
		return radius >= fullRadius * floor ? radius : null;
	};
	const oneLine = fits(
		widest((d) => `${d.name}: ${share(d)}`),
		0.6,
	);
	if (oneLine !== null) return { radius: oneLine, label: { ...outside, formatter: "{b}: {d}%" }, labelLine: line };
	const twoLines = fits(
		Math.max(
			widest((d) => d.name),
			widest(share),
		),
		0.45,
	);
	if (twoLines !== null)
		return { radius: twoLines, label: { ...outside, formatter: "{b}\n{d}%", lineHeight: Math.round(size * 1.25) }, labelLine: line };
	return {
		radius: fullRadius,
		// Shares inside; a slice too thin for its share shows none rather than one over its neighbour.
		label: { ...style, position: "inside", formatter: "{d}%", color: "#ffffff", textBorderColor: "rgba(0,0,0,0.45)", textBorderWidth: 2 },
		labelLine: { show: false },
		labelLayout: { hideOverlap: true },
	};
}

export function pieOption(input: RenderInput, notes = new DrawingNotes()): Option {
	const data = folded(partsAtLeastZero(slices(input), notes, sliceUnit, pieWhole), maxPieSlices, notes, sliceUnit);
	const { option, plot } = frame(input, { legend: true, legendNames: data.map((d) => d.name) });
	const half = input.meta.halfPie === true;
	const donut = input.meta.donut === true || half;
	const width = input.width - plot.left - plot.right;
	const height = input.height - plot.top - plot.bottom;
	const fullRadius = Math.max(10, Math.min(width / 2, half ? height * 0.9 : height / 2) * 0.8);
	// Labels may reach the chart's padding, not past it, nor into the margin ECharts keeps at the edge.
	const reach = width / 2 + Math.min(plot.left, plot.right) - Math.max(input.theme.surfaces.padding, bleedMargin(input));
	const { radius, label, labelLine, labelLayout } = pieLabels(input, data, fullRadius, reach);
	return {
		...option,
		series: [
			{
				type: "pie",
				radius: donut ? [radius * 0.55, radius] : [0, radius],
				center: [plot.left + width / 2, half ? plot.top + height * 0.92 : plot.top + height / 2],
				...(half ? { startAngle: 180, endAngle: 360 } : {}),
				data,
				label,
				labelLine,
				...(labelLayout ? { labelLayout } : {}),
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

/** A box while the tree is built: children by name, so each row finds its path in constant time. */
interface GrowingNode {
	name: string;
	total: number;
	leafValue: number | null;
	children: Map<string, GrowingNode>;
}

/** The tree of path columns, built in one pass over the rows (no recursion: paths are user data); rows below zero are left out and named. */
function growTree(
	pathColumns: readonly { values: readonly (string | number | null)[] }[],
	values: readonly (number | null)[],
	notes: DrawingNotes,
): GrowingNode {
	const root: GrowingNode = { name: "", total: 0, leafValue: null, children: new Map() };
	const negative: string[] = [];
	values.forEach((value, row) => {
		if (value === null) return;
		if (value < 0) {
			negative.push(pathColumns.map((pathColumn) => label(pathColumn.values[row] ?? null)).join(" › "));
			return;
		}
		let node = root;
		node.total += value;
		for (const pathColumn of pathColumns) {
			const name = label(pathColumn.values[row] ?? null);
			let child = node.children.get(name);
			if (!child) {
				child = { name, total: 0, leafValue: null, children: new Map() };
				node.children.set(name, child);
			}
			child.total += value;
			node = child;
		}
		node.leafValue = (node.leafValue ?? 0) + value;
	});
	noteNegativeParts(negative, notes, boxUnit, treemapWhole);
	return root;
}

/**
 * The tree ECharts draws, level by level: each level keeps its largest boxes (at most
 * `maxTreemapBoxes`), and each parent gets one "Other" box for the children cut from it.
 */
function drawnTree(root: GrowingNode, notes: DrawingNotes): TreeNode[] {
	const top: TreeNode = { name: "" };
	let level: { from: GrowingNode; to: TreeNode }[] = [{ from: root, to: top }];
	let cut = 0;
	let total = 0;
	while (level.length > 0) {
		const candidates = level.flatMap(({ from, to }) => [...from.children.values()].map((child) => ({ child, parent: to })));
		total += candidates.length;
		const kept = new Set(
			candidates.length <= maxTreemapBoxes
				? candidates
				: [...candidates].sort((a, b) => Math.abs(b.child.total) - Math.abs(a.child.total)).slice(0, maxTreemapBoxes),
		);
		const next: { from: GrowingNode; to: TreeNode }[] = [];
		const folded = new Map<TreeNode, { value: number; count: number }>();
		for (const candidate of candidates) {
			const { child, parent } = candidate;
			parent.children ??= [];
			if (!kept.has(candidate)) {
				const other = folded.get(parent) ?? { value: 0, count: 0 };
				other.value += child.total;
				other.count++;
				folded.set(parent, other);
				continue;
			}
			const node: TreeNode = child.children.size === 0 ? { name: child.name, value: child.leafValue ?? child.total } : { name: child.name };
			parent.children.push(node);
			if (child.children.size > 0) next.push({ from: child, to: node });
		}
		for (const [parent, other] of folded) {
			parent.children?.push({ name: otherPartsName(other.count), value: other.value });
			cut += other.count;
		}
		level = next;
	}
	if (cut > 0)
		notes.add(
			`${formatCount(total - cut)} of ${formatCount(total)} boxes are drawn, the smallest folded into "Other"; the CSV export has them all`,
		);
	return top.children ?? [];
}

export function treemapOption(input: RenderInput, notes = new DrawingNotes()): Option {
	const firstValue = input.dataset.columns.findIndex((c) => c.type === "number");
	const pathColumns = input.dataset.columns.slice(0, firstValue);
	// Nested: the leading text columns are the path, the value column the leaves' size.
	const data: TreeNode[] =
		input.fromStatistics || pathColumns.length <= 1
			? folded(partsAtLeastZero(slices(input), notes, boxUnit, treemapWhole), maxTreemapBoxes, notes, boxUnit)
			: drawnTree(growTree(pathColumns, numbersOf(input.dataset.columns[firstValue]?.values ?? []), notes), notes);
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

export function sankeyOption(input: RenderInput, notes = new DrawingNotes()): Option {
	const [source, target, value] = input.dataset.columns;
	const amounts = numbersOf(value?.values ?? []);
	const allLinks = (source?.values ?? []).map((from, i) => ({
		source: label(from),
		target: label(target?.values[i] ?? null),
		value: amounts[i] ?? 0,
	}));
	// The largest flows, in data order: the layout's cost grows with links and nodes.
	const links =
		allLinks.length <= maxSankeyLinks
			? allLinks
			: (() => {
					const largest = new Set(
						allLinks
							.map((link, i) => ({ i, amount: link.value }))
							.sort((a, b) => b.amount - a.amount)
							.slice(0, maxSankeyLinks)
							.map(({ i }) => i),
					);
					return allLinks.filter((_, i) => largest.has(i));
				})();
	notes.cut(links.length, allLinks.length, "flows", "the largest flows");
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
