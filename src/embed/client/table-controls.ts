/**
 * The table kind's reader controls in the embed (`meta.table.search`, `meta.table.pageSize`). The
 * page holds them from its first paint (`../table-controls-html.ts`); this makes them live as the
 * script runs, before the table is drawn: a search typed or a page turned while the client
 * hydrates is kept and applied once it has drawn (`render/kinds/table-page.ts` cuts the rows).
 */
import type { RenderInput } from "../../render/input";
import { hasTableControls, tablePager, tableStatus } from "../../render/kinds/table-page";
import { tableControlsHtml } from "../table-controls-html";

export type ShowRows = (input: RenderInput) => void;

export interface TableControls {
	/** The controls' box, above the chart: reaching for it draws the interactive table. */
	element: HTMLElement;
	/** Shows the page the controls ask for through `show`, now and after every search or page turn. */
	connect(input: RenderInput, show: ShowRows): void;
	/** Disables the controls again: the table could not be drawn, so they cannot act. */
	disable(): void;
}

/** Makes the page's controls take the reader's input; undefined when the page has none. */
export function liveTableControls(): TableControls | undefined {
	const element = document.querySelector<HTMLElement>(".table-controls");
	if (!element) return undefined;
	const control = <T extends HTMLElement>(name: string) => element.querySelector<T>(`[data-control="${name}"]`);
	const search = control<HTMLInputElement>("search");
	const previous = control<HTMLButtonElement>("previous");
	const next = control<HTMLButtonElement>("next");
	const status = control<HTMLElement>("status");
	let page = 0;
	// Until the table is drawn, the controls only remember: the search is the box's own value.
	let redraw: (() => void) | undefined;
	const changed = () => {
		if (redraw) redraw();
		else if (previous) previous.disabled = page === 0;
	};
	search?.addEventListener("input", () => {
		page = 0;
		changed();
	});
	previous?.addEventListener("click", () => {
		page = Math.max(0, page - 1);
		changed();
	});
	next?.addEventListener("click", () => {
		page++;
		changed();
	});
	for (const waiting of element.querySelectorAll<HTMLInputElement | HTMLButtonElement>("[data-needs-script]")) {
		waiting.disabled = false;
		waiting.removeAttribute("data-needs-script");
	}
	return {
		element,
		connect(input, show) {
			const pageOf = tablePager(input);
			redraw = () => {
				const shown = pageOf(search?.value ?? "", page);
				page = shown.page;
				if (status) status.textContent = tableStatus(shown);
				if (previous) previous.disabled = shown.page === 0;
				if (next) next.disabled = shown.page >= shown.pages - 1;
				show(shown.input);
			};
			redraw();
		},
		disable() {
			redraw = undefined;
			for (const live of [search, previous, next]) if (live) live.disabled = true;
		},
	};
}

/**
 * Connects the table's controls once it is drawn. A page published before the controls were in
 * its HTML (it hydrated at once) gets them here, from the same markup.
 */
export function startTableControls(main: HTMLElement, input: RenderInput, show: ShowRows, controls?: TableControls): void {
	if (!hasTableControls(input)) return;
	let live = controls;
	if (!live) {
		main.insertAdjacentHTML("beforebegin", tableControlsHtml(input));
		live = liveTableControls();
	}
	live?.connect(input, show);
}
