/**
 * The overlay's tooltip (a box of text, never markup: labels come from data) and the marks that
 * show what it describes, drawn into the shown drawing: a line across the plot with a ring on
 * each point (lines), a band behind the bars (bars), an outline (pie slices, scatter points).
 */
import type { ReaderTips, TipLayout } from "../../tips/model";
import type { Point } from "./hit";
import type { ShownDrawing } from "./shown-drawing";
import { colourOf, toClient } from "./shown-drawing";

const svgNs = "http://www.w3.org/2000/svg";

export interface TipRow {
	colour: string;
	label: string;
	value: string;
}

export interface TipContent {
	header: string;
	rows: TipRow[];
}

/** What the tooltip says for a category or item, leaving hidden series out. */
export function tipContent(tips: ReaderTips, index: number, drawing: ShownDrawing, hidden: ReadonlySet<number>): TipContent {
	if (tips.trigger === "item") {
		const item = tips.items?.[index];
		if (!item) return { header: "", rows: [] };
		const colour = colourOf(drawing.svg, item.series, tips.series.length === 1 ? index : undefined);
		// One marker for the item, on its first row (the rows are its fields).
		return { header: item.header, rows: item.rows.map(([label, value], r) => ({ colour: r === 0 ? colour : "", label, value })) };
	}
	const category = tips.categories?.[index];
	if (!category) return { header: "", rows: [] };
	const rows = category.values.flatMap((value, s) =>
		value === null || hidden.has(s) ? [] : [{ colour: colourOf(drawing.svg, s), label: tips.series[s]?.name ?? "", value }],
	);
	return { header: category.header, rows };
}

/** The content as one sentence, for the live region. */
export function tipSentence(content: TipContent): string {
	return [content.header, ...content.rows.map((row) => `${row.label} ${row.value}`.trim())].filter(Boolean).join(", ");
}

export class Tooltip {
	private readonly box: HTMLDivElement;
	private marks: SVGGElement | null = null;

	constructor(
		private readonly main: HTMLElement,
		private readonly tips: ReaderTips,
	) {
		this.box = document.createElement("div");
		this.box.className = "chart-tooltip";
		this.box.setAttribute("aria-hidden", "true");
		this.box.hidden = true;
		main.append(this.box);
	}

	show(content: TipContent, drawing: ShownDrawing, layout: TipLayout, index: number, anchor: Point, hidden: ReadonlySet<number>): void {
		const colours = this.tips.colors[drawing.mode];
		const box = this.box;
		box.replaceChildren();
		Object.assign(box.style, { background: colours.surface, color: colours.text, borderColor: colours.grid });
		if (content.header) {
			const header = document.createElement("div");
			header.className = "chart-tooltip-header";
			header.textContent = content.header;
			box.append(header);
		}
		for (const row of content.rows) {
			const line = document.createElement("div");
			const marker = document.createElement("span");
			marker.className = "chart-tooltip-marker";
			marker.style.background = row.colour || "transparent";
			const label = document.createElement("span");
			label.textContent = row.label;
			const value = document.createElement("b");
			value.textContent = row.value;
			// The space keeps label and value apart when the tooltip is read as text.
			line.append(marker, label, " ", value);
			box.append(line);
		}
		box.hidden = false;
		this.place(drawing, anchor);
		this.highlight(drawing, layout, index, hidden);
	}

	hide(): void {
		this.box.hidden = true;
		this.marks?.remove();
		this.marks = null;
	}

	/** Beside the anchor, kept inside the page (the frame) on every side. */
	private place(drawing: ShownDrawing, anchor: Point): void {
		const client = toClient(drawing.svg, anchor);
		if (!client) return;
		const frame = this.main.getBoundingClientRect();
		const { width, height } = this.box.getBoundingClientRect();
		const gap = 12;
		let left = client.x - frame.left + gap;
		if (left + width > frame.width - 4) left = client.x - frame.left - gap - width;
		let top = client.y - frame.top - height - gap;
		if (top < 4) top = client.y - frame.top + gap;
		this.box.style.left = `${Math.max(4, Math.min(left, frame.width - width - 4))}px`;
		this.box.style.top = `${Math.max(4, Math.min(top, frame.height - height - 4))}px`;
	}

	private highlight(drawing: ShownDrawing, layout: TipLayout, index: number, hidden: ReadonlySet<number>): void {
		this.marks?.remove();
		const group = document.createElementNS(svgNs, "g");
		group.setAttribute("class", "overlay-marks");
		group.setAttribute("pointer-events", "none");
		const colours = this.tips.colors[drawing.mode];
		const add = (tag: string, attributes: Record<string, string | number>) => {
			const element = document.createElementNS(svgNs, tag);
			for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
			group.append(element);
		};
		if (this.tips.trigger === "item") {
			const mark = (layout.marks as (number[] | null)[])[index];
			if (mark?.length === 6) {
				const [cx, cy, r0, r, from, to] = mark as [number, number, number, number, number, number];
				add("path", { d: slicePath(cx, cy, r0, r + 4, from, to), fill: "none", stroke: colours.text, "stroke-width": 2 });
			} else if (mark) {
				add("circle", {
					cx: mark[0] as number,
					cy: mark[1] as number,
					r: (mark[2] as number) + 3,
					fill: "none",
					stroke: colours.text,
					"stroke-width": 2,
				});
			}
		} else if (layout.plot) {
			const [x, y, width, height] = layout.plot;
			const position = layout.positions?.[index] ?? 0;
			const series = layout.marks as (number[] | null)[][];
			const bars = series.flatMap((s, k) => (s[index]?.length === 4 && !hidden.has(k) ? [s[index] as number[]] : []));
			if (bars.length > 0) {
				// The category's band, a little wider than its bars, behind them: across the plot from
				// the first bar's top to the last one's bottom (bars), or from left to right (columns).
				const from = (k: 0 | 1) => Math.min(...bars.map((b) => b[k] as number)) - 4;
				const to = (k: 0 | 1) => Math.max(...bars.map((b) => (b[k] as number) + (b[k + 2] as number))) + 4;
				const band =
					this.tips.along === "y" ? { x, y: from(1), width, height: to(1) - from(1) } : { x: from(0), y, width: to(0) - from(0), height };
				add("rect", { ...band, fill: colours.text, "fill-opacity": 0.08 });
				const firstMark = drawing.svg.querySelector(`[ecmeta_ssr_type="chart"]`);
				if (firstMark?.parentNode) firstMark.parentNode.insertBefore(group, firstMark);
				else drawing.svg.append(group);
				this.marks = group;
				return;
			}
			add("line", { x1: position, x2: position, y1: y, y2: y + height, stroke: colours.text, "stroke-opacity": 0.45, "stroke-width": 1 });
			series.forEach((points, s) => {
				const point = points[index];
				if (!point || hidden.has(s)) return;
				add("circle", {
					cx: point[0] as number,
					cy: point[1] as number,
					r: 4.5,
					fill: colours.surface,
					stroke: colourOf(drawing.svg, s),
					"stroke-width": 2.5,
				});
			});
		}
		drawing.svg.append(group);
		this.marks = group;
	}
}

/** An SVG path for a ring slice (angles in radians, y down, as ECharts lays them out). */
function slicePath(cx: number, cy: number, r0: number, r: number, from: number, to: number): string {
	const at = (radius: number, angle: number) => `${cx + radius * Math.cos(angle)} ${cy + radius * Math.sin(angle)}`;
	const large = to - from > Math.PI ? 1 : 0;
	const outer = `M${at(r, from)}A${r} ${r} 0 ${large} 1 ${at(r, to)}`;
	return r0 > 0 ? `${outer}L${at(r0, to)}A${r0} ${r0} 0 ${large} 0 ${at(r0, from)}Z` : `${outer}L${cx} ${cy}Z`;
}
