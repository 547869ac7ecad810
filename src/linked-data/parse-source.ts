/**
 * A linked source's text as a dataset (issue 29): CSV (also a published Google Sheet's CSV) as an
 * upload is read, or JSON rows, turned into the same table and read by the same CSV rules, so a
 * linked chart's data obeys exactly the limits and column typing of own data.
 *
 * JSON rows are an array of objects (the keys of all rows, in order of appearance, are the
 * columns) or an array of arrays (the first is the header). Cells are strings, numbers, booleans
 * or null; anything nested is refused with its row and column.
 */
import Papa from "papaparse";
import { maxCsvColumns, maxCsvRows, parseCsv } from "../domain/csv-parse";
import type { Dataset } from "../domain/dataset";
import { InvalidDataError } from "../domain/dataset";

function looksLikeJson(text: string, contentType: string | null): boolean {
	const type = contentType?.split(";")[0]?.trim().toLowerCase() ?? "";
	if (type === "application/json" || type.endsWith("+json")) return true;
	return /^\uFEFF?\s*\[/.test(text);
}

export function parseSource(text: string, contentType: string | null): Dataset {
	return parseCsv(looksLikeJson(text, contentType) ? jsonRowsAsCsv(text) : text);
}

type Cell = string | number | boolean | null;

function cellText(value: unknown, row: number, column: string): string {
	if (value === null || value === undefined) return "";
	if (typeof value === "string") return value;
	if (typeof value === "number" || typeof value === "boolean") return String(value);
	throw new InvalidDataError(
		`Row ${row}, column "${column}" holds an object or array; each cell must be a string, number, boolean or null.`,
		{
			row,
			column,
		},
	);
}

/** JSON rows as CSV text (rows are numbered as in the CSV: the header is row 1). */
export function jsonRowsAsCsv(text: string): string {
	let value: unknown;
	try {
		value = JSON.parse(text);
	} catch (error) {
		throw new InvalidDataError(`The source is not valid JSON: ${error instanceof Error ? error.message : "syntax error"}.`);
	}
	if (!Array.isArray(value))
		throw new InvalidDataError("The JSON source must be an array of rows (objects, or arrays after a header array).");
	if (value.length > maxCsvRows + 1) throw new InvalidDataError(`The JSON source has ${value.length} rows; the limit is ${maxCsvRows}.`);
	if (value.length === 0) throw new InvalidDataError("The JSON source is an empty array: it has no rows.");
	if (value.every((row) => Array.isArray(row))) {
		const [header = [], ...rows] = value as unknown[][];
		const names = header.map((cell, i) => cellText(cell, 1, `column ${i + 1}`));
		return Papa.unparse([names, ...rows.map((row, r) => row.map((cell, i) => cellText(cell, r + 2, names[i] ?? `column ${i + 1}`)))]);
	}
	const columns = new Map<string, number>();
	value.forEach((row, r) => {
		if (typeof row !== "object" || row === null || Array.isArray(row)) {
			throw new InvalidDataError(`Row ${r + 2} of the JSON source is not an object; every row must be one (or every row an array).`, {
				row: r + 2,
			});
		}
		for (const key of Object.keys(row)) {
			if (!columns.has(key)) {
				if (columns.size >= maxCsvColumns) throw new InvalidDataError(`The JSON source has more than ${maxCsvColumns} columns, the limit.`);
				columns.set(key, columns.size);
			}
		}
	});
	const names = [...columns.keys()];
	const rows = (value as Record<string, Cell>[]).map((row, r) => names.map((name) => cellText(row[name], r + 2, name)));
	return Papa.unparse([names, ...rows]);
}
