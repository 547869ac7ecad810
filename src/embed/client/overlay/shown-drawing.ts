/**
 * The server drawing the page shows now: one per width class and mode, chosen by the page's CSS
 * (media queries and the mode), so the client asks the browser which one is displayed.
 */
import { drawnMode } from "../mode";
import type { Point } from "./hit";

export interface ShownDrawing {
	svg: SVGSVGElement;
	/** The width class: the drawing's `viewBox` width, the key of `tips.json`'s layouts. */
	width: number;
	mode: "light" | "dark";
}

export function shownDrawing(main: HTMLElement): ShownDrawing | null {
	for (const svg of main.querySelectorAll<SVGSVGElement>(":scope > div > div > svg")) {
		if (svg.getBoundingClientRect().width === 0) continue;
		const width = svg.viewBox.baseVal?.width ?? 0;
		// A drawing shared by both modes takes the page's mode (its dark colours come from the page's CSS).
		const mode = svg.closest(".mode-dark") ? "dark" : svg.closest(".mode-light") ? "light" : drawnMode("light");
		return { svg, width: Math.round(width), mode };
	}
	return null;
}

/** A pointer's page position in the drawing's own coordinates. */
export function toDrawing(svg: SVGSVGElement, clientX: number, clientY: number): Point | null {
	const matrix = svg.getScreenCTM();
	if (!matrix) return null;
	const point = new DOMPoint(clientX, clientY).matrixTransform(matrix.inverse());
	return { x: point.x, y: point.y };
}

/** A drawing position in page (client) coordinates. */
export function toClient(svg: SVGSVGElement, point: Point): Point | null {
	const matrix = svg.getScreenCTM();
	if (!matrix) return null;
	const client = new DOMPoint(point.x, point.y).matrixTransform(matrix);
	return { x: client.x, y: client.y };
}

/** The colour a shape is painted with now (a shared drawing's dark colours come from CSS, not its attributes). */
function paint(element: Element, property: "fill" | "stroke"): string {
	return getComputedStyle(element)[property];
}

/** The colour a series (or one of its items) is drawn in, read from the drawing itself. */
export function colourOf(svg: SVGSVGElement, series: number, dataIndex?: number): string {
	const item = dataIndex === undefined ? "" : `[ecmeta_data_index="${dataIndex}"]`;
	const shapes = [...svg.querySelectorAll(`[ecmeta_series_index="${series}"][ecmeta_ssr_type="chart"]${item}`)].filter(
		(e) => e.tagName !== "text",
	);
	// A filled shape says it best (a bar, a slice); a line's symbols are filled with the background,
	// and a label's guide line is grey.
	const background = backgroundOf(svg);
	const painted = (value: string) => value !== "none" && value !== background && value !== "rgb(255, 255, 255)";
	for (const property of ["fill", "stroke"] as const) {
		const shape = shapes.find((candidate) => painted(paint(candidate, property)));
		if (shape) return paint(shape, property);
	}
	return "currentColor";
}

/** The drawing's background: the colour of its first, full-size rectangle. */
export function backgroundOf(svg: SVGSVGElement): string {
	const rect = svg.querySelector("rect");
	return rect ? paint(rect, "fill") : "transparent";
}
