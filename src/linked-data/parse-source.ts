/**
 * A linked source's text as a dataset: CSV (also a published Google Sheet's CSV) is
 * read as an upload is, and JSON rows (domain/json-rows.ts) become the same header and cell texts
 * and go through the same rules, so a linked chart's data obeys exactly the limits and column
 * typing of own data. JSON rows are read with the limits checked as they go, so an over-wide or
 * over-long source is refused before it is built.
 */
import { datasetFromTable, parseCsv } from "../domain/csv-parse";
import type { Dataset } from "../domain/dataset";
import { readJsonRows } from "../domain/json-rows";

function looksLikeJson(text: string, contentType: string | null): boolean {
	const type = contentType?.split(";")[0]?.trim().toLowerCase() ?? "";
	if (type === "application/json" || type.endsWith("+json")) return true;
	return /^\uFEFF?\s*\[/.test(text);
}

export function parseSource(text: string, contentType: string | null): Dataset {
	if (!looksLikeJson(text, contentType)) return parseCsv(text);
	const { header, rows } = readJsonRows(text);
	return datasetFromTable(header, rows);
}
