/**
 * Own data as CSV (docs/contract.md#section-2-6, docs/design.md#section-4, D18): a header row, then data rows, separated by `,`,
 * `;` or tab. Numbers may use thousands separators and a decimal point or comma, decided per
 * column; empty cells are null, and so are missing-value marks (`NA`, `-`, `..`) in a column of
 * numbers; each column gets a type from its cells.
 */
import Papa from "papaparse";
import type { DecimalMark } from "./csv-cells";
import {
	dayMonthOrderOf,
	fallbackDecimalMark,
	isIsoDate,
	isNumberText,
	isoFromDayMonth,
	maxColumnNameLength,
	maxCsvColumns,
	maxCsvRows,
	parseNumber,
	parseNumberWith,
	readNumberColumn,
} from "./csv-cells";
import { headerSeparator } from "./csv-separator";
import type { Cell, ColumnType, Dataset, DatasetColumn } from "./dataset";
import { csvRowNumber, InvalidDataError } from "./dataset";

export type { DayMonthOrder, DecimalMark } from "./csv-cells";
export { dayMonthOrderOf, isIsoDate, isNumberText, isoFromDayMonth, maxCsvColumns, maxCsvRows, parseNumber, parseNumberWith };

/**
 * Numbers if every filled cell is one (with the column's decimal mark) or a missing-value mark
 * beside at least one number (read as null), else dates if every filled cell is one, else text.
 */
function typedColumn(name: string, cells: string[], fallbackMark: DecimalMark): DatasetColumn {
	const numbers = readNumberColumn(cells, fallbackMark);
	if (numbers && "mixed" in numbers) {
		const { pointIndex, commaIndex } = numbers.mixed;
		const [pointRow, commaRow] = [csvRowNumber(pointIndex), csvRowNumber(commaIndex)];
		throw new InvalidDataError(
			`Column "${name}" writes numbers two ways: row ${pointRow} has "${cells[pointIndex]}" (a decimal point) and row ${commaRow} has "${cells[commaIndex]}" (a decimal comma). Write every number in the column one way.`,
			{ row: Math.max(pointRow, commaRow), column: name },
		);
	}
	if (numbers) return { name, type: "number", values: numbers.values };
	const values: Cell[] = cells.map((cell) => (cell === "" ? null : cell));
	const type: ColumnType = cells.every((cell) => cell === "" || isIsoDate(cell)) ? "date" : "text";
	return { name, type, values };
}

/** Text that is plainly not a table (a web page, JSON) is refused saying what it is, not at a row PapaParse stumbled on. */
function refuseWhatIsNoTable(body: string): void {
	const start = body.trimStart().slice(0, 15).toLowerCase();
	if (start.startsWith("<!doctype html") || start.startsWith("<html"))
		throw new InvalidDataError(
			"The data is a web page (HTML), not a CSV table. Send the table itself: a header row, then one row per data point (for a Google Sheet, its published CSV link, not the sheet's page).",
		);
	if (start.startsWith("[") || start.startsWith("{")) {
		try {
			JSON.parse(body);
		} catch {
			return;
		}
		throw new InvalidDataError(
			"The data is JSON, not a CSV table. Send it as CSV: a header row, then one row per data point (JSON rows are read from a linked source: PUT /v1/charts/{id}/data with its url).",
		);
	}
}

export function parseCsv(text: string): Dataset {
	const body = text.replace(/^\uFEFF/, "");
	refuseWhatIsNoTable(body);
	const parsed = Papa.parse<string[]>(body, { header: false, skipEmptyLines: "greedy", delimiter: headerSeparator(body) });
	const quoteError = parsed.errors.find((error) => error.type === "Quotes");
	if (quoteError) {
		throw new InvalidDataError(`The CSV has a quote that is never closed, in row ${(quoteError.row ?? 0) + 1}.`, {
			row: (quoteError.row ?? 0) + 1,
		});
	}
	const [header, ...rows] = parsed.data;
	if (!header) throw new InvalidDataError("The CSV is empty: send a header row, then one row per data point.");
	return datasetFromTable(header, rows, { separator: parsed.meta.delimiter });
}

/**
 * A header and rows of cell texts (a CSV's, or JSON rows read by json-rows.ts) as a typed
 * dataset, by the CSV's rules: the limits, named and distinct columns, one cell per column.
 * `separator` is the CSV's (JSON rows read as a comma-separated CSV): it decides how a column of
 * numbers that read either way (`1,234`) is read.
 */
export function datasetFromTable(
	givenHeader: readonly string[],
	givenRows: readonly (readonly string[])[],
	{ separator = "," }: { separator?: string } = {},
): Dataset {
	const { header, rows } = withoutTrailingEmptyColumns(givenHeader, givenRows);
	if (rows.length === 0) throw new InvalidDataError("The CSV has a header but no data rows.");
	if (rows.length > maxCsvRows) throw new InvalidDataError(`The CSV has ${rows.length} data rows; the limit is ${maxCsvRows}.`);
	if (header.length > maxCsvColumns) throw new InvalidDataError(`The CSV has ${header.length} columns; the limit is ${maxCsvColumns}.`);

	const names = header.map((name) => name.trim());
	const seen = new Map<string, number>();
	names.forEach((name, index) => {
		if (name === "") throw new InvalidDataError(`Column ${index + 1} has no name in the header row.`, { row: 1 });
		if (name.length > maxColumnNameLength)
			throw new InvalidDataError(
				`Column ${index + 1}'s name is ${name.length} characters long; a column name may have at most ${maxColumnNameLength}: shorten it in the header row.`,
				{ row: 1 },
			);
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

	const fallbackMark = fallbackDecimalMark(separator);
	return { columns: names.map((name, index) => typedColumn(name, cellsByColumn[index] as string[], fallbackMark)) };
}

const isBlank = (cell: string | undefined) => cell === undefined || cell.trim() === "";

/**
 * The table less the empty columns at its right: Excel writes a sheet's unused columns as
 * trailing separators (`Partei;Stimmen;;`), in the header, in the data rows, or in both. A
 * column at the right is left out when it has no name and no row fills it; a filled cell there
 * keeps it, and the header's missing name is then refused as before.
 */
function withoutTrailingEmptyColumns(
	header: readonly string[],
	rows: readonly (readonly string[])[],
): { header: readonly string[]; rows: readonly (readonly string[])[] } {
	const widest = rows.reduce((most, row) => Math.max(most, row.length), header.length);
	let width = widest;
	while (width > 1 && isBlank(header[width - 1]) && rows.every((row) => isBlank(row[width - 1]))) width--;
	if (width === widest && rows.every((row) => row.length === header.length)) return { header, rows };
	// Only the blank cells beyond `width` go: a row still short or long of the header is refused as before.
	const trim = (row: readonly string[]) => (row.length > width ? row.slice(0, width) : row);
	return { header: trim(header), rows: rows.map(trim) };
}
