/**
 * What a published page offers readers under the chart, all plain HTML so it
 * works without JavaScript: a "View as table" toggle (a `<details>` holding the data drawn, as
 * screen-reader users and readers who want the numbers expect; `meta.embed.dataTable: false`
 * leaves it out) and, when `meta.embed.dataLink` is on, a "Get the data" link to the CSV of
 * what is drawn (`{embedUrl}data.csv`).
 *
 * Both are built from the page's data (`pageData`): hidden series are left out as they are from
 * `data.json`, so neither publishes more than the chart shows.
 */
import { exportCsv } from "../domain/csv-export";
import { escapeMarkup } from "../domain/markup";
import type { RenderInput } from "../render/input";
import { cellWriter } from "../render/kinds/table-cells";

/** Rows the page's table holds at most; the CSV (when linked) has them all. */
export const maxTableRows = 500;

/** Whether the page offers the table: on unless turned off, and never for a table chart (it is one). */
export function offersDataTable(input: RenderInput): boolean {
	return input.kind !== "table" && input.meta.embed?.dataTable !== false;
}

export function offersDataLink(input: RenderInput): boolean {
	return input.meta.embed?.dataLink === true;
}

/** The CSV behind "Get the data": the whole table, raw and transformed columns, as the API's CSV export writes them. */
export function dataCsv(data: RenderInput): string {
	return exportCsv(data.table ?? data.dataset, [...data.seriesNames], data.meta.seriesTransform);
}

/** The data drawn as an HTML table: numbers and dates written in the chart's locale. */
export function dataTableHtml(data: RenderInput): string {
	const columns = data.dataset.columns;
	const rows = columns[0]?.values.length ?? 0;
	const shown = Math.min(rows, maxTableRows);
	const write = cellWriter(data);
	const head = columns.map((column) => `<th scope="col">${escapeMarkup(column.name)}</th>`).join("");
	let body = "";
	for (let row = 0; row < shown; row++) {
		const cells = columns.map((column, i) => {
			const value = column.values[row] ?? null;
			// The first column names the rows (a year, a category): written as it is drawn on the axis, not as a quantity.
			const written = value === null ? "" : i === 0 && typeof value === "number" ? String(value) : write(column, value);
			const text = escapeMarkup(written);
			return i === 0 ? `<th scope="row">${text}</th>` : `<td${typeof value === "number" ? ' class="number"' : ""}>${text}</td>`;
		});
		body += `<tr>${cells.join("")}</tr>`;
	}
	const caption = escapeMarkup(data.meta.title?.trim() || "The chart's data");
	const cut = shown < rows ? `<p class="extras-note">The first ${shown} of ${rows} rows.</p>` : "";
	return `<details class="extras-table"><summary>View as table</summary><div class="table-scroll"><table><caption>${caption}</caption><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></div>${cut}</details>`;
}

/** The extras' markup under the chart (`input` says which, `data` is what they hold), or "" when the page offers none. */
export function readerExtrasHtml(input: RenderInput, data: RenderInput, dataCsvUrl: string): string {
	const link = offersDataLink(input) ? `<a class="extras-link" href="${escapeMarkup(dataCsvUrl)}" download>Get the data</a>` : "";
	const table = offersDataTable(input) ? dataTableHtml(data) : "";
	return link || table ? `<div class="extras">${link}${table}</div>` : "";
}

export { readerExtrasCss } from "./page-css";
