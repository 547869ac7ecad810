/**
 * The server drawing the page shows now: one per width class and mode, chosen by the page's CSS
 * (media queries and the mode), so the client asks the browser which one is displayed.
 */
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
		const mode = svg.closest(".mode-dark") ? "dark" : "light";
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

/** The colour a series (or one of its items) is drawn in, read from the drawing itself. */
export function colourOf(svg: SVGSVGElement, series: number, dataIndex?: number): string {
	const item = dataIndex === undefined ? "" : `[ecmeta_data_index="${dataIndex}"]`;
	const shapes = [...svg.querySelectorAll(`[ecmeta_series_index="${series}"][ecmeta_ssr_type="chart"]${item}`)].filter(
		(e) => e.tagName !== "text",
	);
	// A filled shape says it best (a bar, a slice; a line's symbols are filled white); a label's guide line is grey.
	const painted = (value: string | null) => !!value && value !== "none" && value !== "#fff" && value !== "#ffffff";
	const filled = shapes.find((shape) => painted(shape.getAttribute("fill")))?.getAttribute("fill");
	if (filled) return filled;
	const stroked = shapes.find((shape) => painted(shape.getAttribute("stroke")))?.getAttribute("stroke");
	if (stroked) return stroked;
	return "currentColor";
}
