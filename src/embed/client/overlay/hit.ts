/**
 * Which mark the reader points at, in the shown drawing's own coordinates: pure functions over
 * `tips.json` (`../../tips/model.ts`), so they are tested without a browser
 * (`test/node/console/overlay-hit.test.ts`).
 */
import type { ReaderTips, TipLayout } from "../../tips/model";

export interface Point {
	x: number;
	y: number;
}

/** How far from a scatter point (beyond its radius) a pointer still counts as on it, in drawing px. */
const itemReach = 12;

/** The categories that have a value in a shown series, in order. */
export function shownCategories(tips: ReaderTips, hidden: ReadonlySet<number>): number[] {
	return (tips.categories ?? []).flatMap((category, c) =>
		category.values.some((value, s) => value !== null && !hidden.has(s)) ? [c] : [],
	);
}

/** The items of shown series, in order. */
export function shownItems(tips: ReaderTips, hidden: ReadonlySet<number>): number[] {
	return (tips.items ?? []).flatMap((item, i) => (hidden.has(item.series) ? [] : [i]));
}

function insidePlot(layout: TipLayout, point: Point): boolean {
	if (!layout.plot) return true;
	const [x, y, width, height] = layout.plot;
	return point.x >= x - 8 && point.x <= x + width + 8 && point.y >= y - 8 && point.y <= y + height + 8;
}

/** An axis chart: the shown category nearest the pointer along the category axis, within the plot. */
export function categoryAt(tips: ReaderTips, layout: TipLayout, point: Point, hidden: ReadonlySet<number>): number | null {
	if (!insidePlot(layout, point)) return null;
	const along = tips.along === "y" ? point.y : point.x;
	let best: number | null = null;
	let distance = Number.POSITIVE_INFINITY;
	for (const c of shownCategories(tips, hidden)) {
		const position = layout.positions?.[c];
		if (position === null || position === undefined) continue;
		const d = Math.abs(position - along);
		if (d < distance) {
			distance = d;
			best = c;
		}
	}
	return best;
}

/** Whether an angle (radians, as drawn) lies in a slice running from `from` to `to`. */
function inSlice(angle: number, from: number, to: number): boolean {
	const turn = 2 * Math.PI;
	let a = angle;
	while (a < from) a += turn;
	while (a >= from + turn) a -= turn;
	return a <= to;
}

/** An item chart: the pie slice under the pointer, or the nearest scatter point within reach. */
export function itemAt(tips: ReaderTips, layout: TipLayout, point: Point, hidden: ReadonlySet<number>): number | null {
	const marks = layout.marks as (number[] | null)[];
	let best: number | null = null;
	let distance = Number.POSITIVE_INFINITY;
	for (const i of shownItems(tips, hidden)) {
		const mark = marks[i];
		if (!mark) continue;
		if (mark.length === 6) {
			const [cx, cy, r0, r, from, to] = mark as [number, number, number, number, number, number];
			const d = Math.hypot(point.x - cx, point.y - cy);
			if (d >= r0 && d <= r && inSlice(Math.atan2(point.y - cy, point.x - cx), from, to)) return i;
			continue;
		}
		const [x, y, radius] = mark as [number, number, number];
		const d = Math.hypot(point.x - x, point.y - y) - radius;
		if (d <= itemReach && d < distance) {
			distance = d;
			best = i;
		}
	}
	return best;
}

/** Where a tooltip for a category or item points to, in drawing coordinates. */
export function anchorOf(tips: ReaderTips, layout: TipLayout, index: number, hidden: ReadonlySet<number>): Point | null {
	if (tips.trigger === "item") {
		const mark = (layout.marks as (number[] | null)[])[index];
		if (!mark) return null;
		if (mark.length === 6) {
			const [cx, cy, r0, r, from, to] = mark as [number, number, number, number, number, number];
			const middle = (from + to) / 2;
			const reach = (r0 + r) / 2;
			return { x: cx + reach * Math.cos(middle), y: cy + reach * Math.sin(middle) };
		}
		return { x: mark[0] as number, y: mark[1] as number };
	}
	const position = layout.positions?.[index];
	if (position === null || position === undefined) return null;
	// The top of the category's highest shown mark (a line's point, a column), or the end of its longest bar.
	const marks = (layout.marks as (number[] | null)[][])
		.flatMap((series, s) => (hidden.has(s) ? [] : [series[index]]))
		.filter((m) => !!m) as number[][];
	if (tips.along === "y") {
		const end = Math.max(...marks.map((m) => Math.max(m[0] as number, (m[0] as number) + (m[2] as number))));
		return { x: Number.isFinite(end) ? end : 0, y: position };
	}
	const top = Math.min(...marks.map((m) => m[1] as number));
	return { x: position, y: Number.isFinite(top) ? top : 0 };
}
