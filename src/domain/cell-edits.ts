/**
 * Which cells a data write changed, for a version's words: a table edited in the console saves
 * the whole dataset each time, and "cells edited" alone does not say which. Compared only when
 * the two datasets have the same columns and rows (anything else is described by its shape).
 */
import type { Cell, Dataset } from "./dataset";

/** One changed cell: its column, the row's label (its first column's value) and the two values. */
export interface CellEdit {
	column: string;
	row: string;
	from: string;
	to: string;
}

/** What changed: how many cells, in which columns (in table order), the first few spelt out. */
export interface CellEdits {
	count: number;
	columns: string[];
	examples: CellEdit[];
}

/** Cells spelt out in a summary; the rest are counted. */
const shownEdits = 3;

function cellText(cell: Cell | undefined): string {
	return cell === null || cell === undefined ? "" : String(cell);
}

/** The cells `after` changed in `before`, or null when the tables differ in shape (or nothing changed). */
export function cellEdits(before: Dataset, after: Dataset): CellEdits | null {
	const rows = before.columns[0]?.values.length ?? 0;
	const sameShape =
		before.columns.length === after.columns.length &&
		before.columns.every((column, i) => column.name === after.columns[i]?.name && column.values.length === rows) &&
		after.columns.every((column) => column.values.length === rows);
	if (!sameShape) return null;
	const labels = after.columns[0]?.values ?? [];
	const edits: CellEdits = { count: 0, columns: [], examples: [] };
	after.columns.forEach((column, c) => {
		const was = before.columns[c]?.values ?? [];
		column.values.forEach((value, r) => {
			const from = cellText(was[r]);
			const to = cellText(value);
			if (from === to) return;
			edits.count += 1;
			if (!edits.columns.includes(column.name)) edits.columns.push(column.name);
			// A row is named by its label as it reads now (an edited label by its new text).
			if (edits.examples.length < shownEdits) edits.examples.push({ column: column.name, row: cellText(labels[r]), from, to });
		});
	});
	return edits.count > 0 ? edits : null;
}
