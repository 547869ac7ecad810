/**
 * A table's search box and paging as the page's own HTML: above the chart from the
 * first paint, showing page 1 as the server's drawing does, so the table can wait for the
 * reader's first interaction to be drawn by the client (the server's drawing stays the largest
 * paint) and nothing moves when it is. The client (`client/table-controls.ts`) makes them live.
 *
 * They are written `disabled`, and the client enables the ones marked `data-needs-script` as
 * its script runs: the page's CSP forbids inline script, so nothing else could make them act,
 * and a control that cannot act must say so. A disabled control is announced and drawn as
 * unavailable, keeps its place (so enabling it shifts nothing), and stays that way wherever the
 * client never runs (JavaScript off, the script blocked or failed). Readers without JavaScript
 * do not see them at all (`tableControlsNoscriptCss`): they never will be able to use them.
 */
import { escapeMarkup } from "../domain/markup";
import type { RenderInput } from "../render/input";
import { hasTableControls, tablePager, tableStatus } from "../render/kinds/table-page";

/** The controls' markup, showing page 1 of every row; "" for a table without controls (or another kind). */
export function tableControlsHtml(input: RenderInput): string {
	if (!hasTableControls(input)) return "";
	const first = tablePager(input)("", 0);
	const search =
		input.meta.table?.search === true
			? '<input type="search" placeholder="Search" aria-label="Search the table" data-control="search" disabled data-needs-script>'
			: "";
	const paging =
		input.meta.table?.pageSize !== undefined
			? '<button type="button" data-control="previous" disabled>Previous</button>' +
				`<button type="button" data-control="next" disabled${first.pages > 1 ? " data-needs-script" : ""}>Next</button>`
			: "";
	return `<div class="table-controls">${search}${paging}<span data-control="status" aria-live="polite">${escapeMarkup(tableStatus(first))}</span></div>`;
}

export { tableControlsNoscriptCss } from "./page-css";
