/**
 * Legend toggling over the server's drawings: a click on a legend entry hides that series in
 * every drawing of the page (every width class and mode, so a resize or a mode switch keeps the
 * reader's choice) and veils the entry. The axes keep their scale: the drawing is the server's,
 * and hiding a series does not re-lay it out. From the keyboard, the data table holds every series.
 */
import type { ReaderTips } from "../../tips/model";
import type { ShownDrawing } from "./shown-drawing";

const veilClass = "legend-veil";

/** The series of the legend entry under a pointer, if it is one the reader can toggle. */
export function legendSeriesAt(tips: ReaderTips, drawing: ShownDrawing, clientX: number, clientY: number): number | null {
	for (const hit of drawing.svg.querySelectorAll('[ecmeta_ssr_type="legend"]')) {
		const box = hit.getBoundingClientRect();
		if (clientX < box.left || clientX > box.right || clientY < box.top || clientY > box.bottom) continue;
		const series = Number(hit.getAttribute("ecmeta_series_index"));
		return tips.legend.includes(series) ? series : null;
	}
	return null;
}

/** Shows or hides a series in every drawing of the page. */
export function setSeriesShown(main: HTMLElement, series: number, shown: boolean): void {
	for (const element of main.querySelectorAll<SVGElement>(`svg [ecmeta_series_index="${series}"][ecmeta_ssr_type="chart"]`)) {
		element.style.visibility = shown ? "" : "hidden";
	}
	for (const svg of main.querySelectorAll("svg")) {
		svg.querySelector(`.${veilClass}[data-series="${series}"]`)?.remove();
		if (shown) continue;
		// The entry's hit area: the one legend shape that is not silent (its symbol and text are).
		const hit = svg.querySelector(`[ecmeta_ssr_type="legend"][ecmeta_series_index="${series}"]:not([ecmeta_silent])`);
		if (!hit) continue;
		// The entry's own hit area, filled with the drawing's background: the entry reads as off.
		const veil = hit.cloneNode() as SVGElement;
		for (const name of ["ecmeta_series_index", "ecmeta_data_index", "ecmeta_ssr_type", "class"]) veil.removeAttribute(name);
		// The background's colour, and in a drawing shared by both modes its dark-colour class, so the veil follows the mode.
		const background = svg.querySelector("rect");
		veil.setAttribute("class", [veilClass, background?.getAttribute("class") ?? ""].join(" ").trim());
		veil.setAttribute("data-series", String(series));
		veil.setAttribute("fill", background?.getAttribute("fill") ?? "#fff");
		veil.setAttribute("fill-opacity", "0.7");
		veil.setAttribute("pointer-events", "none");
		svg.append(veil);
	}
}
