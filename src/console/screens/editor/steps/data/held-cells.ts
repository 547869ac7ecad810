/**
 * Cells held back from a save while the rest of the table is saved (use-table-save.ts): a typo
 * that would turn a column of numbers into text, or a cell the API refused. A held cell is sent
 * with the value it had when last saved, and shown to the person with what they typed, marked.
 */
import type { CellAt, Table } from "./table-model";
import { cellsNotOfType, columnType, tableToCsv } from "./table-model";

export interface HeldCell {
	at: CellAt;
	/** Why it is held, as the banner under the table says it. */
	message: string;
}

/** Cells held back in one save, at most: past this the edit looks deliberate, or the table is refused as a whole. */
export const mostHeldCells = 20;

/** The indexes of a table's rows that hold something (blank rows are not sent). */
function filledRows(table: Table): number[] {
	return tableToCsv(table).sentRows;
}

/**
 * The value a held cell is sent with: what the last saved table had there (same column, and the
 * same row counting filled rows only, when no row was filled or emptied since), else empty.
 */
export function heldValue(saved: Table, sending: Table, at: CellAt): string {
	const column = saved.ids.indexOf(sending.ids[at.column] ?? -1);
	if (column < 0) return "";
	if (at.row === -1) return saved.header[column] ?? "";
	const savedRows = filledRows(saved);
	const sendingRows = filledRows(sending);
	const position = sendingRows.indexOf(at.row);
	const savedRow = savedRows.length === sendingRows.length ? savedRows[position] : undefined;
	return savedRow === undefined ? "" : (saved.rows[savedRow]?.[column] ?? "");
}

/**
 * Cells that are not numbers in a column that was all numbers when last saved, while others in
 * it still are: typos ("2O", "1O.5"), which would make the whole column text. A column rewritten
 * as text throughout, or with more such cells than `mostHeldCells`, is taken as meant.
 */
export function typoCells(saved: Table, sending: Table): HeldCell[] {
	const held: HeldCell[] = [];
	sending.header.forEach((name, column) => {
		const savedColumn = saved.ids.indexOf(sending.ids[column] ?? -1);
		if (savedColumn < 0 || columnType(saved, savedColumn) !== "number") return;
		const misfits = cellsNotOfType(sending, column, "number");
		const filled = sending.rows.filter((row) => (row[column] ?? "").trim() !== "").length;
		if (misfits.length === 0 || misfits.length === filled || misfits.length > mostHeldCells) return;
		for (const row of misfits) {
			const typed = sending.rows[row]?.[column] ?? "";
			held.push({
				at: { row, column },
				message: `“${typed}” in row ${row + 2} is not a number, and “${name.trim()}” is a column of numbers: correct it, or empty the cell.`,
			});
		}
	});
	return held.slice(0, mostHeldCells);
}
