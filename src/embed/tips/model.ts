/**
 * What a published page's light client needs to make the server's drawings interactive (D40): the text of every tooltip, written once on the server in the chart's locale and
 * number format, and where each mark sits in each width class's drawing. Served as the
 * snapshot's `tips.json` for the kinds the light client draws (`tipKinds`); the other kinds keep
 * their ECharts client.
 */

/** Line and bar charts show one tooltip per category (all series); pies and scatters one per mark. */
export type TipTrigger = "axis" | "item";

export interface SeriesTip {
	/** The series' name as the legend and tooltips show it. */
	name: string;
}

/** An axis chart's tooltip for one category: its header and each series' written value. */
export interface CategoryTip {
	header: string;
	/** Per series, in series order; null where the series has no value there. */
	values: (string | null)[];
}

/** An item's tooltip: which series it belongs to, a header and label/value rows. */
export interface ItemTip {
	series: number;
	header: string;
	rows: [label: string, value: string][];
}

/**
 * One width class's geometry, in the drawing's own coordinates (its `viewBox`), rounded to
 * 0.1 px. `plot` is the grid's rectangle `[x, y, width, height]` (axis charts).
 * - line: `marks[series][category] = [x, y]`; categories run along x.
 * - horizontal bar: `marks[series][category] = [x, y, width, height]` (the bar); categories run along y.
 * - scatter: `marks[item] = [x, y, radius]`; pie: `marks[item] = [cx, cy, r0, r, startAngle, endAngle]`.
 */
export interface TipLayout {
	plot?: [number, number, number, number];
	/** Where each category sits along its axis (axis charts). */
	positions?: (number | null)[];
	marks: (number[] | null)[] | (number[] | null)[][];
	/**
	 * Which of `categories` each of this drawing's categories is, where a narrow drawing shows
	 * fewer (a long line is thinned to two points per pixel of width); absent when they are all.
	 */
	rows?: number[];
}

/** The tooltip's colours in each mode: the theme's surface, text and grid colours, as ECharts' tooltip had. */
export interface TipColors {
	surface: string;
	text: string;
	grid: string;
}

export interface ReaderTips {
	trigger: TipTrigger;
	colors: { light: TipColors; dark: TipColors };
	/** Categories along x (line) or y (horizontal bar); absent for item charts. */
	along?: "x" | "y";
	series: SeriesTip[];
	/** Legend entry → series index, for toggling (null where an entry is not a series: a pie's slices). */
	legend: (number | null)[];
	categories?: CategoryTip[];
	items?: ItemTip[];
	/** Keyed by width class (the drawing's `viewBox` width). */
	layouts: Record<string, TipLayout>;
}
