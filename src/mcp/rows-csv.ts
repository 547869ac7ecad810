/**
 * JSON rows (an array of objects, as an assistant or a DataFrame's `to_dict("records")` holds a
 * table) written as the CSV the API reads: the columns are the keys of all rows in order of first
 * appearance, numbers written with a decimal point, booleans as `true`/`false`, a missing key or
 * null as an empty cell, and a cell quoted when it holds a comma, a quote or a line break.
 */
export type RowCell = string | number | boolean | null;
export type Row = Record<string, RowCell>;

function cellText(cell: RowCell | undefined): string {
	if (cell === undefined || cell === null) return "";
	const text = typeof cell === "string" ? cell : String(cell);
	return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

export function rowsToCsv(rows: readonly Row[]): string {
	const header = new Map<string, true>();
	for (const row of rows) for (const key of Object.keys(row)) header.set(key, true);
	const names = [...header.keys()];
	const lines = [names.map(cellText).join(",")];
	for (const row of rows) lines.push(names.map((name) => cellText(Object.hasOwn(row, name) ? row[name] : undefined)).join(","));
	return `${lines.join("\n")}\n`;
}
