/**
 * How a published chart is laid out for the width of the frame it is shown in (docs/design.md#d38).
 *
 * The snapshot draws the chart once per width class; the embed page shows, with CSS alone, the
 * widest class that fits the frame, scaled up to the frame's width. A drawing is never shown
 * narrower than it was drawn (above 280 px), so its text is never smaller than the theme made
 * it. Narrow layouts grow taller rather than shrink: rows of bars, dots and tables keep the
 * chart's height, and every other kind keeps a plot tall enough to read.
 *
 * Shared by the server (the snapshot's drawings) and the embed client (its interactive drawing),
 * so the client draws in exactly the box the server's drawing took and nothing shifts.
 */
import type { ChartKind } from "../domain/kinds";

/** Narrow widths drawn besides the chart's own: phones (280–479 px) and small columns. */
const narrowClasses = [280, 360, 480, 640] as const;

/** Kinds drawn as rows: each row needs its height whatever the width. */
const rowKinds: ReadonlySet<ChartKind> = new Set<ChartKind>(["horizontal-bar", "dot", "range", "arrow", "table"]);

/**
 * A narrow drawing is at least this tall: a plot three quarters of its width tall plus room for
 * a wrapped title, a legend and the source line (and never taller than the chart itself).
 */
const narrowHeight = (width: number) => Math.round(width * 0.75) + 90;

export interface ChartBox {
	kind: ChartKind;
	width: number;
	height: number;
}

/**
 * Maps get fewer: each drawing carries the whole base map (about 40 KB gzipped), and a map's
 * few texts stay legible scaled up, so a map's page holds six drawings rather than ten.
 */
const mapClasses = [280, 480] as const;

/** The widths a snapshot is drawn at, narrowest first, ending with the chart's own. */
export function widthClasses(chart: ChartBox): number[] {
	const narrow: readonly number[] = chart.kind === "map" ? mapClasses : narrowClasses;
	return [...narrow.filter((width) => width < chart.width), chart.width];
}

/** The widest class that fits a frame, or the narrowest when none does. */
export function widthClassFor(chart: ChartBox, frameWidth: number): number {
	const classes = widthClasses(chart);
	return classes.filter((width) => width <= frameWidth).at(-1) ?? (classes[0] as number);
}

/** The height a chart is drawn at for one of its width classes. */
export function classHeight(chart: ChartBox, classWidth: number): number {
	if (classWidth >= chart.width) return chart.height;
	if (rowKinds.has(chart.kind)) return chart.height;
	const scaled = (chart.height * classWidth) / chart.width;
	return Math.round(Math.max(scaled, Math.min(chart.height, narrowHeight(classWidth))));
}

/** The box the chart takes in a frame: its class's drawing scaled to the frame's width. */
export function frameBox(chart: ChartBox, frameWidth: number): { width: number; height: number; classWidth: number } {
	const classWidth = widthClassFor(chart, frameWidth);
	const width = Math.max(1, Math.round(frameWidth));
	return { width, height: Math.round((classHeight(chart, classWidth) * width) / classWidth), classWidth };
}
