/**
 * How a table's cells are written and its rows ordered, apart from its drawing (`table.ts`), so
 * the embed page's reader extras and table controls (its data table, search and pages) need no
 * renderer.
 */
import type { DatasetColumn } from "../../domain/dataset";
import { isIdColumn, isPeriodColumn } from "../../domain/period-columns";
import type { DrawingNotes } from "../drawing-notes";
import type { RenderInput } from "../input";
import { label } from "../input";
import { chartLocale, dateFormatter, formatsNumbers, valueFormatter } from "../number-format";

export const numberFormat = new Intl.NumberFormat("en-US", { maximumFractionDigits: 4 });

/**
 * How the table writes a column's cells: numbers in the chart's number format (periods and ids as
 * they are), dates in its locale, text as it is. Exports and the embed's search both go through
 * here, so a reader searches for what the cells show.
 */
export function cellWriter(input: RenderInput): (column: DatasetColumn, value: DatasetColumn["values"][number]) => string {
	const writeNumber = formatsNumbers(input.meta) ? valueFormatter(input.meta) : (value: number) => numberFormat.format(value);
	const writeDate = input.meta.locale !== undefined ? dateFormatter(input.meta) : null;
	return (column, value) => {
		// A year or a code is no quantity: `2020`, never `2,020` or `2.020,0`.
		if (typeof value === "number") return isPeriodColumn(column) || isIdColumn(column) ? String(value) : writeNumber(value);
		const text = label(value ?? null);
		return writeDate && column.type === "date" ? writeDate(text) : text;
	};
}

/** Row order from `meta.table.sortBy` (numbers by value, text by the locale's collation; empty cells last). */
export function rowOrder(input: RenderInput, notes: DrawingNotes): number[] {
	const rows = input.dataset.columns[0]?.values.length ?? 0;
	const order = Array.from({ length: rows }, (_, i) => i);
	const settings = input.meta.table;
	if (!settings?.sortBy) return order;
	const column = input.dataset.columns.find((col) => col.name === settings.sortBy);
	if (!column) {
		notes.add(`table.sortBy names no column of this table ("${settings.sortBy}"); rows are in data order`);
		return order;
	}
	const direction = settings.sortDirection === "desc" ? -1 : 1;
	const collator = new Intl.Collator(chartLocale(input.meta), { numeric: true });
	return order.sort((a, b) => {
		const x = column.values[a] ?? null;
		const y = column.values[b] ?? null;
		if (x === null || y === null) return x === y ? a - b : x === null ? 1 : -1;
		const compared = typeof x === "number" && typeof y === "number" ? x - y : collator.compare(String(x), String(y));
		return compared === 0 ? a - b : compared * direction;
	});
}
