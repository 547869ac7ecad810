/**
 * The table kind's reader controls in the embed (`meta.table.search`, `meta.table.pageSize`): a
 * search box that keeps the rows with a matching cell, as the cell is shown (numbers and dates in
 * the chart's format and locale: "1.234,5" finds what a de-DE table shows), and paging. Rows are ordered as exports
 * order them (`rowOrder`), then filtered, then cut to the page; the builder draws what it gets.
 */
import type { Dataset } from "../../domain/dataset";
import { DrawingNotes } from "../../render/drawing-notes";
import type { RenderInput } from "../../render/input";
import { cellWriter, rowOrder } from "../../render/kinds/table";

export type ShowRows = (input: RenderInput) => void;

function withRows(dataset: Dataset, rows: readonly number[]): Dataset {
	return { columns: dataset.columns.map((column) => ({ ...column, values: rows.map((row) => column.values[row] ?? null) })) };
}

export function startTableControls(main: HTMLElement, input: RenderInput, show: ShowRows): void {
	const settings = input.meta.table;
	if (input.kind !== "table" || !settings || (!settings.search && settings.pageSize === undefined)) return;
	const ordered = rowOrder(input, new DrawingNotes());
	const writeCell = cellWriter(input);
	// Each row's shown text, once: searching runs on every keystroke.
	const shownColumns = input.dataset.columns.filter((column) => !input.meta.seriesTransform?.[column.name]?.hidden);
	const rowTexts = new Map(
		ordered.map((row) => [row, shownColumns.map((column) => writeCell(column, column.values[row] ?? null).toLocaleLowerCase())]),
	);
	const pageSize = settings.pageSize ?? ordered.length;
	let query = "";
	let page = 0;
	const bar = document.createElement("div");
	bar.className = "table-controls";
	const search = document.createElement("input");
	search.type = "search";
	search.placeholder = "Search";
	search.setAttribute("aria-label", "Search the table");
	const previous = document.createElement("button");
	previous.type = "button";
	previous.textContent = "Previous";
	const next = document.createElement("button");
	next.type = "button";
	next.textContent = "Next";
	const status = document.createElement("span");
	status.setAttribute("aria-live", "polite");
	const render = () => {
		const needle = query.trim().toLocaleLowerCase();
		const matching = needle ? ordered.filter((row) => rowTexts.get(row)?.some((text) => text.includes(needle)) === true) : ordered;
		const pages = Math.max(1, Math.ceil(matching.length / pageSize));
		page = Math.min(page, pages - 1);
		const rows = matching.slice(page * pageSize, (page + 1) * pageSize);
		status.textContent = `${matching.length} ${matching.length === 1 ? "row" : "rows"} · page ${page + 1} of ${pages}`;
		previous.disabled = page === 0;
		next.disabled = page >= pages - 1;
		// Already in order: the builder must not sort the page again.
		show({ ...input, dataset: withRows(input.dataset, rows), meta: { ...input.meta, table: { ...settings, sortBy: undefined } } });
	};
	search.addEventListener("input", () => {
		query = search.value;
		page = 0;
		render();
	});
	previous.addEventListener("click", () => {
		page--;
		render();
	});
	next.addEventListener("click", () => {
		page++;
		render();
	});
	if (settings.search) bar.append(search);
	if (settings.pageSize !== undefined) bar.append(previous, next);
	bar.append(status);
	main.prepend(bar);
	render();
}
