/**
 * Own data as CSV (spec §2.6, DESIGN §4, D18): a header row, then data rows. Numbers may use
 * thousands separators; empty cells are null; each column gets a type from its cells.
 */
import Papa from "papaparse";
import { isIsoDate, maxCsvColumns, maxCsvRows, parseNumber } from "./csv-cells";
import type { Cell, ColumnType, Dataset, DatasetColumn } from "./dataset";
import { InvalidDataError } from "./dataset";

export { isIsoDate, maxCsvColumns, maxCsvRows, parseNumber };

/** One pass: numbers if every filled cell is one, else dates if every one is, else text. */
function typedColumn(name: string, cells: string[]): DatasetColumn {
	const numbers: Cell[] = new Array(cells.length);
	let numeric = true;
	for (let i = 0; i < cells.length && numeric; i++) {
		const cell = cells[i] as string;
		const value = cell === "" ? null : parseNumber(cell);
		if (value === undefined) numeric = false;
		else numbers[i] = value;
	}
	if (numeric) return { name, type: "number", values: numbers };
	const values: Cell[] = cells.map((cell) => (cell === "" ? null : cell));
	const type: ColumnType = cells.every((cell) => cell === "" || isIsoDate(cell)) ? "date" : "text";
	return { name, type, values };
}

export function parseCsv(text: string): Dataset {
	const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), { header: false, skipEmptyLines: "greedy" });
	const quoteError = parsed.errors.find((error) => error.type === "Quotes");
	if (quoteError) {
		throw new InvalidDataError(`The CSV has a quote that is never closed, in row ${(quoteError.row ?? 0) + 1}.`, {
			row: (quoteError.row ?? 0) + 1,
		});
	}
	const [header, ...rows] = parsed.data;
	if (!header) throw new InvalidDataError("The CSV is empty: send a header row, then one row per data point.");
	return datasetFromTable(header, rows);
}

/**
 * A header and rows of cell texts (a CSV's, or JSON rows read by json-rows.ts) as a typed
 * dataset, by the CSV's rules: the limits, named and distinct columns, one cell per column.
 */
export function datasetFromTable(header: readonly string[], rows: readonly (readonly string[])[]): Dataset {
	if (rows.length === 0) throw new InvalidDataError("The CSV has a header but no data rows.");
	if (rows.length > maxCsvRows) throw new InvalidDataError(`The CSV has ${rows.length} data rows; the limit is ${maxCsvRows}.`);
	if (header.length > maxCsvColumns) throw new InvalidDataError(`The CSV has ${header.length} columns; the limit is ${maxCsvColumns}.`);

	const names = header.map((name) => name.trim());
	const seen = new Map<string, number>();
	names.forEach((name, index) => {
		if (name === "") throw new InvalidDataError(`Column ${index + 1} has no name in the header row.`, { row: 1 });
		const previous = seen.get(name);
		if (previous !== undefined) {
			throw new InvalidDataError(`Columns ${previous + 1} and ${index + 1} are both named "${name}"; column names must differ.`, {
				row: 1,
				column: name,
			});
		}
		seen.set(name, index);
	});

	const cellsByColumn: string[][] = names.map(() => new Array<string>(rows.length));
	rows.forEach((row, rowIndex) => {
		if (row.length !== names.length) {
			throw new InvalidDataError(`Row ${rowIndex + 2} has ${row.length} cells; the header has ${names.length}.`, { row: rowIndex + 2 });
		}
		row.forEach((cell, columnIndex) => {
			(cellsByColumn[columnIndex] as string[])[rowIndex] = cell.trim();
		});
	});

	return { columns: names.map((name, index) => typedColumn(name, cellsByColumn[index] as string[])) };
}
