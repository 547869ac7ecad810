/**
 * The Data step's editable table as plain data and pure functions: cells as
 * text, edits (cells, rows, columns, transpose, paste, reading a column as numbers or dates),
 * undo and redo, and the CSV the API receives (`PUT /v1/charts/{id}/data`), written so the
 * API's parser (src/domain/csv-parse.ts) reads back exactly these cells. Nothing here touches
 * the page, so every edit is a unit test (test/node/console/table-model.test.ts).
 */
import {
	fallbackDecimalMark,
	isIsoDate,
	isMissingValueMark,
	isNumberText,
	type MixedDecimalMarks,
	maxCsvColumns,
	maxCsvRows,
	readNumberColumn,
} from "../../../../../domain/csv-cells";
import type { ColumnType, Dataset } from "../../../../../domain/dataset";

export interface Table {
	/** Column names, as the CSV's header row. */
	header: string[];
	/** Data rows; every row has one cell per column. */
	rows: string[][];
	/** A stable id per column: a rename keeps it, so settings keyed by a series name can follow it. */
	ids: number[];
}

/** A cell, `row` -1 being the header. */
export interface CellAt {
	row: number;
	column: number;
}

/** A rectangle of cells, both corners included (`row` -1 is the header). */
export interface Range {
	top: number;
	left: number;
	bottom: number;
	right: number;
}

let nextId = 1;
function newIds(count: number): number[] {
	return Array.from({ length: count }, () => nextId++);
}

function cellText(value: string | number | null | undefined): string {
	if (value === null || value === undefined) return "";
	return typeof value === "number" ? String(value) : value;
}

/** The table of a dataset the API answered: numbers written plainly ("1234.5"), empty cells empty. */
export function tableFromDataset(dataset: Dataset): Table {
	const rowCount = dataset.columns[0]?.values.length ?? 0;
	const rows: string[][] = new Array(rowCount);
	for (let row = 0; row < rowCount; row++) rows[row] = dataset.columns.map((column) => cellText(column.values[row]));
	return { header: dataset.columns.map((column) => column.name), rows, ids: newIds(dataset.columns.length) };
}

/** A table from a grid of text (first row the header), e.g. a CSV parsed by hand or a paste. */
export function tableFromGrid(grid: readonly (readonly string[])[]): Table {
	const width = Math.max(1, ...grid.map((row) => row.length));
	const pad = (row: readonly string[]) => Array.from({ length: width }, (_, index) => row[index] ?? "");
	const [header = [], ...rows] = grid;
	return { header: pad(header), rows: rows.map(pad), ids: newIds(width) };
}

function isBlankRow(row: readonly string[]): boolean {
	return row.every((cell) => cell.trim() === "");
}

// Quoted when a parser could read the cell otherwise: a quote, a line break, or any delimiter
// PapaParse may guess (it guesses between these when the CSV does not say).
const quoteTriggers = ['"', "\r", "\n", ",", ";", "\t", "|", "\u001e", "\u001f"];

function csvCell(text: string): string {
	return quoteTriggers.some((trigger) => text.includes(trigger)) ? `"${text.replaceAll('"', '""')}"` : text;
}

export interface CsvOut {
	csv: string;
	/** For each data row sent, the table row it came from (blank rows are not sent). */
	sentRows: number[];
}

/** The CSV the API receives: comma separated, blank rows left out (the API skips them too). */
export function tableToCsv(table: Table): CsvOut {
	const lines = [table.header.map(csvCell).join(",")];
	const sentRows: number[] = [];
	table.rows.forEach((row, index) => {
		if (isBlankRow(row)) return;
		sentRows.push(index);
		// A row of one empty cell would be a blank line: quote it so it stays a row.
		lines.push(row.length === 1 && row[0] === "" ? '""' : row.map(csvCell).join(","));
	});
	return { csv: `${lines.join("\n")}\n`, sentRows };
}

// tableToCsv sends comma-separated text, where a column of cells that read either way
// (`"1,234"`) reads as thousands: the grid decides decimal marks as the API will read what it sends.
const sentDecimalFallback = fallbackDecimalMark(",");

function columnCells(table: Table, column: number): string[] {
	return table.rows.map((row) => (row[column] ?? "").trim());
}

/**
 * The column's type as the API will detect it: numbers if every filled cell is one (a decimal
 * point or a decimal comma, one way throughout) or a missing-value mark (`NA`, `-`: read as empty)
 * beside at least one number, else dates, else text. A column writing decimals both ways is text
 * here; the API refuses it, and tableProblems says so.
 */
export function columnType(table: Table, column: number): ColumnType {
	const cells = columnCells(table, column);
	const numbers = readNumberColumn(cells, sentDecimalFallback);
	if (numbers) return "mark" in numbers ? "number" : "text";
	return cells.every((cell) => cell === "" || isIsoDate(cell)) ? "date" : "text";
}

/**
 * Cells of a column that keep it from being `type`: row indexes. A missing-value mark (`NA`, `-`)
 * keeps a column from being numbers only when no cell of it is a number, as the API reads it.
 */
export function cellsNotOfType(table: Table, column: number, type: "number" | "date"): number[] {
	const misfits: number[] = [];
	const marks: number[] = [];
	let someNumber = false;
	table.rows.forEach((row, index) => {
		const cell = (row[column] ?? "").trim();
		if (cell === "") return;
		if (type === "date") {
			if (!isIsoDate(cell)) misfits.push(index);
		} else if (isNumberText(cell)) someNumber = true;
		else if (isMissingValueMark(cell)) marks.push(index);
		else misfits.push(index);
	});
	return someNumber || marks.length === 0 ? misfits : [...misfits, ...marks].sort((a, b) => a - b);
}

function mixedDecimalsProblem(table: Table, column: number, { pointIndex, commaIndex }: MixedDecimalMarks): Problem {
	const cell = (index: number) => (table.rows[index]?.[column] ?? "").trim();
	return {
		message: `Column “${(table.header[column] ?? "").trim()}” writes numbers two ways: row ${pointIndex + 2} has “${cell(pointIndex)}” (a decimal point) and row ${commaIndex + 2} has “${cell(commaIndex)}” (a decimal comma). Write every number in the column one way.`,
		at: { row: Math.max(pointIndex, commaIndex), column },
	};
}

export interface Problem {
	message: string;
	/** The row (-1: header) and column the problem is at, when it is at one. */
	at?: CellAt;
}

/** What the API would refuse whatever the chart's kind: checked before sending, said in place. */
export function tableProblems(table: Table): Problem[] {
	const problems: Problem[] = [];
	const seen = new Map<string, number>();
	table.header.forEach((raw, column) => {
		const name = raw.trim();
		if (name === "") {
			problems.push({ message: `Column ${column + 1} has no name: type one in its header cell.`, at: { row: -1, column } });
			return;
		}
		const earlier = seen.get(name);
		if (earlier !== undefined)
			problems.push({
				message: `Columns ${earlier + 1} and ${column + 1} are both named “${name}”; column names must differ.`,
				at: { row: -1, column },
			});
		else seen.set(name, column);
	});
	table.header.forEach((_, column) => {
		const numbers = readNumberColumn(columnCells(table, column), sentDecimalFallback);
		if (numbers && "mixed" in numbers) problems.push(mixedDecimalsProblem(table, column, numbers.mixed));
	});
	if (table.header.length > maxCsvColumns)
		problems.push({ message: `The table has ${table.header.length} columns; the limit is ${maxCsvColumns}.` });
	const filled = table.rows.filter((row) => !isBlankRow(row)).length;
	if (filled === 0) problems.push({ message: "The table has no data rows: fill in at least one row." });
	if (filled > maxCsvRows)
		problems.push({ message: `The table has ${filled.toLocaleString()} rows; the limit is ${maxCsvRows.toLocaleString()}.` });
	return problems;
}

// Edits. Each answers a new table and leaves the one it was given as it was (undo keeps them).

function inTable(table: Table, at: CellAt): boolean {
	return at.row >= -1 && at.row < table.rows.length && at.column >= 0 && at.column < table.header.length;
}

export function cellValue(table: Table, at: CellAt): string {
	if (at.row === -1) return table.header[at.column] ?? "";
	return table.rows[at.row]?.[at.column] ?? "";
}

export function setCell(table: Table, at: CellAt, value: string): Table {
	if (!inTable(table, at) || cellValue(table, at) === value) return table;
	if (at.row === -1) {
		const header = [...table.header];
		header[at.column] = value;
		return { ...table, header };
	}
	const rows = [...table.rows];
	const row = [...(rows[at.row] as string[])];
	row[at.column] = value;
	rows[at.row] = row;
	return { ...table, rows };
}

export function insertRows(table: Table, at: number, count = 1): Table {
	const index = Math.max(0, Math.min(at, table.rows.length));
	const blank = Array.from({ length: count }, () => table.header.map(() => ""));
	return { ...table, rows: [...table.rows.slice(0, index), ...blank, ...table.rows.slice(index)] };
}

export function removeRows(table: Table, from: number, count = 1): Table {
	if (from < 0 || from >= table.rows.length || count < 1) return table;
	return { ...table, rows: [...table.rows.slice(0, from), ...table.rows.slice(from + count)] };
}

/** A name no column has yet: "Column 4", or "Column 4 (2)". */
export function freshColumnName(header: readonly string[], position: number): string {
	const taken = new Set(header.map((name) => name.trim()));
	const base = `Column ${position + 1}`;
	if (!taken.has(base)) return base;
	for (let n = 2; ; n++) if (!taken.has(`${base} (${n})`)) return `${base} (${n})`;
}

export function insertColumn(table: Table, at: number, name?: string): Table {
	const index = Math.max(0, Math.min(at, table.header.length));
	const header = [...table.header];
	header.splice(index, 0, name ?? freshColumnName(table.header, index));
	const ids = [...table.ids];
	ids.splice(index, 0, ...newIds(1));
	const rows = table.rows.map((row) => [...row.slice(0, index), "", ...row.slice(index)]);
	return { header, rows, ids };
}

export function removeColumns(table: Table, from: number, count = 1): Table {
	if (from < 0 || from >= table.header.length || count < 1 || table.header.length - count < 1) return table;
	const keep = (_: unknown, index: number) => index < from || index >= from + count;
	return { header: table.header.filter(keep), ids: table.ids.filter(keep), rows: table.rows.map((row) => row.filter(keep)) };
}

/** Rows become columns: the first column's cells become the header, the header the first column. */
export function transpose(table: Table): Table {
	const grid: string[][] = table.header.map((name, column) => [name, ...table.rows.map((row) => row[column] ?? "")]);
	const [header = [], ...rows] = grid;
	return { header, rows, ids: newIds(header.length) };
}

/** Pastes a grid of text with its top-left cell at `at`, growing the table where it runs over. */
export function pasteGrid(table: Table, at: CellAt, grid: readonly (readonly string[])[]): Table {
	if (grid.length === 0 || !inTable(table, at)) return table;
	const width = Math.max(...grid.map((row) => row.length));
	let next = table;
	while (next.header.length < at.column + width) next = insertColumn(next, next.header.length);
	const lastRow = at.row + grid.length - 1;
	if (lastRow >= next.rows.length) next = insertRows(next, next.rows.length, lastRow - next.rows.length + 1);
	const header = [...next.header];
	const rows = [...next.rows];
	grid.forEach((cells, offset) => {
		const row = at.row + offset;
		const target = row === -1 ? header : [...(rows[row] as string[])];
		cells.forEach((cell, column) => {
			target[at.column + column] = cell;
		});
		if (row >= 0) rows[row] = target;
	});
	return { ...next, header, rows };
}

export function normalRange(range: Range): Range {
	return {
		top: Math.min(range.top, range.bottom),
		bottom: Math.max(range.top, range.bottom),
		left: Math.min(range.left, range.right),
		right: Math.max(range.left, range.right),
	};
}

/** The cells of a range as a grid of text (header cells included when the range starts at -1). */
export function rangeGrid(table: Table, range: Range): string[][] {
	const { top, bottom, left, right } = normalRange(range);
	const grid: string[][] = [];
	for (let row = top; row <= bottom; row++) {
		const cells: string[] = [];
		for (let column = left; column <= right; column++) cells.push(cellValue(table, { row, column }));
		grid.push(cells);
	}
	return grid;
}

/** Empties the data cells of a range (column names are renamed, not emptied, so the header stays). */
export function clearRange(table: Table, range: Range): Table {
	const { top, bottom, left, right } = normalRange(range);
	const rows = [...table.rows];
	let changed = false;
	for (let row = Math.max(0, top); row <= Math.min(bottom, rows.length - 1); row++) {
		const cells = [...(rows[row] as string[])];
		for (let column = left; column <= right; column++) {
			if (cells[column] !== "") {
				cells[column] = "";
				changed = true;
			}
		}
		rows[row] = cells;
	}
	return changed ? { ...table, rows } : table;
}

// Reading a column as numbers or dates: the API detects types from what cells look like, so a
// column typed "1.234,5" or "31/12/2024" becomes numbers or dates by rewriting its cells.

export type DecimalMark = "." | ",";
export type DateOrder = "dmy" | "mdy" | "ymd" | "my";

const currencyAndUnits = /[^\d.,+\-−eE]/g;

/** A number as the API reads it ("1234.5"), from text written with `decimal` as the decimal mark; null if it is none. */
export function readNumber(text: string, decimal: DecimalMark): string | null {
	const trimmed = text.trim();
	if (trimmed === "") return "";
	const negative = /^\(.*\)$/.test(trimmed);
	let core = trimmed.replace(currencyAndUnits, "").replace("−", "-");
	if (decimal === ",") core = core.replaceAll(".", "").replace(",", ".");
	else core = core.replaceAll(",", "");
	if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(core)) return null;
	const value = Number(core) * (negative ? -1 : 1);
	return Number.isFinite(value) ? String(value) : null;
}

const monthNames = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

function pad2(value: number): string {
	return String(value).padStart(2, "0");
}

/** An ISO date ("2024-12-31", or "2024-12" for a month) from text in `order`; null if it is none. */
export function readDate(text: string, order: DateOrder): string | null {
	const trimmed = text.trim();
	if (trimmed === "") return "";
	if (isIsoDate(trimmed)) return trimmed;
	let iso: string | null = null;
	if (order === "my") {
		const nameFirst = /^([A-Za-z]{3,})\.?\s+(\d{4})$/.exec(trimmed);
		const yearFirst = /^(\d{4})\s+([A-Za-z]{3,})\.?$/.exec(trimmed);
		const [name, year] = nameFirst ? [nameFirst[1], nameFirst[2]] : yearFirst ? [yearFirst[2], yearFirst[1]] : [];
		const month = monthNames.indexOf((name ?? "").slice(0, 3).toLowerCase());
		if (year && month >= 0) iso = `${year}-${pad2(month + 1)}`;
		const numeric = /^(\d{1,2})[/.\-\s](\d{4})$/.exec(trimmed);
		if (numeric) iso = `${numeric[2]}-${pad2(Number(numeric[1]))}`;
	} else {
		const parts = trimmed.split(/[/.\-\s]+/);
		if (parts.length === 3 && parts.every((part) => /^\d+$/.test(part))) {
			const [a, b, c] = parts.map(Number) as [number, number, number];
			const [year, month, day] = order === "ymd" ? [a, b, c] : order === "dmy" ? [c, b, a] : [c, a, b];
			if (String(year).length === 4) iso = `${year}-${pad2(month)}-${pad2(day)}`;
		}
	}
	return iso !== null && isIsoDate(iso) ? iso : null;
}

export type ReadAs = { type: "number"; decimal: DecimalMark } | { type: "date"; order: DateOrder };

/**
 * Rewrites a column's cells as numbers or ISO dates; cells that cannot be read stay as they were
 * and are listed. Read as numbers, a missing-value mark (`NA`, `-`) stays as written, since the API
 * reads it as empty beside a number; listed only when no cell reads as a number.
 */
export function readColumnAs(table: Table, column: number, how: ReadAs): { table: Table; unreadable: number[] } {
	let unreadable: number[] = [];
	const marks: number[] = [];
	let someNumber = false;
	let rows = table.rows;
	table.rows.forEach((row, index) => {
		const cell = row[column] ?? "";
		if (how.type === "number" && isMissingValueMark(cell.trim())) {
			marks.push(index);
			return;
		}
		const read = how.type === "number" ? readNumber(cell, how.decimal) : readDate(cell, how.order);
		if (read === null) unreadable.push(index);
		else {
			if (read !== "") someNumber = true;
			if (read !== cell) {
				if (rows === table.rows) rows = [...table.rows];
				const copy = [...row];
				copy[column] = read;
				rows[index] = copy;
			}
		}
	});
	if (!someNumber && marks.length > 0) unreadable = [...unreadable, ...marks].sort((a, b) => a - b);
	return { table: rows === table.rows ? table : { ...table, rows }, unreadable };
}

// Clipboard: spreadsheets put tab-separated text on it, quoting cells that hold tabs, quotes or line breaks.

/** Tab-separated text (from a spreadsheet, or a CSV line with commas when there is no tab) as a grid. */
export function parseClipboard(text: string): string[][] {
	const body = text.replace(/\r\n?/g, "\n").replace(/\n$/, "");
	if (body === "") return [];
	const delimiter = body.includes("\t") ? "\t" : null;
	if (delimiter === null) return body.split("\n").map((line) => [line]);
	const grid: string[][] = [];
	let row: string[] = [];
	let cell = "";
	let quoted = false;
	for (let index = 0; index < body.length; index++) {
		const char = body[index] as string;
		if (quoted) {
			if (char === '"' && body[index + 1] === '"') {
				cell += '"';
				index++;
			} else if (char === '"') quoted = false;
			else cell += char;
		} else if (char === '"' && cell === "") quoted = true;
		else if (char === delimiter) {
			row.push(cell);
			cell = "";
		} else if (char === "\n") {
			row.push(cell);
			grid.push(row);
			row = [];
			cell = "";
		} else cell += char;
	}
	row.push(cell);
	grid.push(row);
	return grid;
}

/** A grid as tab-separated text a spreadsheet pastes cell by cell. */
export function gridToClipboard(grid: readonly (readonly string[])[]): string {
	return grid.map((row) => row.map((cell) => (/[\t\n\r"]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell)).join("\t")).join("\n");
}

// Undo and redo: whole tables, sharing unchanged rows, as many as fit a budget of cells kept.

export interface TableHistory {
	table: Table;
	past: Table[];
	future: Table[];
}

const undoCellBudget = 4_000_000;
const undoMost = 100;

export function startHistory(table: Table): TableHistory {
	return { table, past: [], future: [] };
}

function undoDepth(table: Table): number {
	const cells = Math.max(1, table.rows.length * table.header.length);
	return Math.max(5, Math.min(undoMost, Math.floor(undoCellBudget / cells)));
}

/** Records `next` as an edit; the same table (a no-op edit) records nothing. */
export function record(history: TableHistory, next: Table): TableHistory {
	if (next === history.table) return history;
	const past = [...history.past, history.table];
	return { table: next, past: past.slice(Math.max(0, past.length - undoDepth(next))), future: [] };
}

export function undo(history: TableHistory): TableHistory {
	const previous = history.past[history.past.length - 1];
	if (!previous) return history;
	return { table: previous, past: history.past.slice(0, -1), future: [history.table, ...history.future] };
}

export function redo(history: TableHistory): TableHistory {
	const [next, ...future] = history.future;
	if (!next) return history;
	return { table: next, past: [...history.past, history.table], future };
}

/** Columns whose name changed between two tables (same id, other name): old name → new name. */
export function renamedColumns(before: Table, after: Table): Map<string, string> {
	const renamed = new Map<string, string>();
	after.ids.forEach((id, index) => {
		const was = before.ids.indexOf(id);
		const oldName = before.header[was]?.trim();
		const newName = after.header[index]?.trim();
		if (was >= 0 && oldName && newName && oldName !== newName) renamed.set(oldName, newName);
	});
	return renamed;
}
