/**
 * A table's reader controls (`meta.table.search`, `meta.table.pageSize`) as plain data: which
 * rows a search finds (matching cells as they are shown: numbers and dates in the chart's format
 * and locale, so "1.234,5" finds what a de-DE table shows) and which page of them is drawn. Rows
 * are ordered as exports order them (`rowOrder`), then filtered, then cut to the page; the
 * builder draws what it gets. The embed page's server drawing is page 1 of this and its client
 * draws every page from it, so the first paint and the interactive table show the same rows.
 */
import type { Dataset } from "../../domain/dataset";
import { DrawingNotes } from "../drawing-notes";
import type { RenderInput } from "../input";
import { cellWriter, rowOrder } from "./table-cells";

/** One page of the rows a search found, ready to draw. */
export interface TablePage {
	/** The chart cut to the page's rows, already in order. */
	input: RenderInput;
	/** Rows the search found (every row for an empty search). */
	found: number;
	/** The page shown, from 0, and how many there are (at least 1). */
	page: number;
	pages: number;
}

/** Whether the table offers its reader a search box or paging. */
export function hasTableControls(input: RenderInput): boolean {
	const settings = input.meta.table;
	return input.kind === "table" && settings !== undefined && (settings.search === true || settings.pageSize !== undefined);
}

function withRows(dataset: Dataset, rows: readonly number[]): Dataset {
	return { columns: dataset.columns.map((column) => ({ ...column, values: rows.map((row) => column.values[row] ?? null) })) };
}

/** Cuts `input` to the page a search and a page number ask for; a page past the last shows the last. */
export function tablePager(input: RenderInput): (query: string, page: number) => TablePage {
	const settings = input.meta.table ?? {};
	const ordered = rowOrder(input, new DrawingNotes());
	const writeCell = cellWriter(input);
	const shownColumns = input.dataset.columns.filter((column) => !input.meta.seriesTransform?.[column.name]?.hidden);
	// Each row's shown text, written at the first search and kept: searching runs on every keystroke.
	let rowTexts: Map<number, string[]> | undefined;
	const textsOf = (row: number): string[] => {
		rowTexts ??= new Map(
			ordered.map((at) => [at, shownColumns.map((column) => writeCell(column, column.values[at] ?? null).toLocaleLowerCase())]),
		);
		return rowTexts.get(row) ?? [];
	};
	const pageSize = settings.pageSize ?? Math.max(1, ordered.length);
	// Already in order: the builder must not sort the page again.
	const meta = { ...input.meta, table: { ...settings, sortBy: undefined } };
	return (query, page) => {
		const needle = query.trim().toLocaleLowerCase();
		const found = needle ? ordered.filter((row) => textsOf(row).some((text) => text.includes(needle))) : ordered;
		const pages = Math.max(1, Math.ceil(found.length / pageSize));
		const shown = Math.min(Math.max(0, page), pages - 1);
		const rows = found.slice(shown * pageSize, (shown + 1) * pageSize);
		return { input: { ...input, dataset: withRows(input.dataset, rows), meta }, found: found.length, page: shown, pages };
	};
}

/** What the controls say about the page shown, e.g. "12 rows · page 1 of 3". */
export function tableStatus({ found, page, pages }: TablePage): string {
	return `${found} ${found === 1 ? "row" : "rows"} · page ${page + 1} of ${pages}`;
}
