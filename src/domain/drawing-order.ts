/**
 * The order a chart draws its rows in. A line runs along its x: a wide table whose periods or
 * numbers came out of order (`2010, 2012, 2011`) is drawn in order, as the tidy form's pivot
 * already draws them (column-roles.ts), rather than as a line that doubles back. Categories,
 * and every other kind (a bar chart's rows are often a ranking), keep the table's order.
 */
import type { Cell, Dataset, DatasetColumn } from "./dataset";
import type { ChartKind } from "./kinds";

const kindsAlongX = new Set<ChartKind>(["line", "themeriver", "multiples"]);

/** Empty cells last; numbers by value; dates (ISO text) as text. */
export function compareCells(a: Cell, b: Cell): number {
	if (a === null || b === null) return a === null ? (b === null ? 0 : 1) : -1;
	if (typeof a === "number" && typeof b === "number") return a - b;
	const [left, right] = [String(a), String(b)];
	return left < right ? -1 : left > right ? 1 : 0;
}

function inOrder(values: readonly Cell[]): boolean {
	for (let row = 1; row < values.length; row++) if (compareCells(values[row - 1] ?? null, values[row] ?? null) > 0) return false;
	return true;
}

/** `dataset` (the same object when already in order) with its rows in the order `kind` draws them. */
export function inDrawingOrder(kind: ChartKind, dataset: Dataset): Dataset {
	const x = dataset.columns[0];
	if (!kindsAlongX.has(kind) || !x || x.type === "text" || inOrder(x.values)) return dataset;
	const rows = x.values.map((_, row) => row);
	rows.sort((a, b) => compareCells(x.values[a] ?? null, x.values[b] ?? null) || a - b);
	const reorder = (column: DatasetColumn): DatasetColumn => ({ ...column, values: rows.map((row) => column.values[row] ?? null) });
	return { columns: dataset.columns.map(reorder) };
}
