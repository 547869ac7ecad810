/**
 * Rows to the CSV the API takes: a list of objects (the header is their keys, in first-seen
 * order) or a list of arrays whose first row is the header. Dates are written as ISO dates.
 */
export type Cell = string | number | boolean | Date | null | undefined;
export type Rows = readonly (readonly Cell[])[] | readonly Readonly<Record<string, Cell>>[];

function cell(value: Cell): string {
	if (value === null || value === undefined || (typeof value === "number" && Number.isNaN(value))) return "";
	if (value instanceof Date) {
		const iso = value.toISOString();
		return iso.endsWith("T00:00:00.000Z") ? iso.slice(0, 10) : iso;
	}
	if (typeof value === "number" && !Number.isFinite(value)) throw new RangeError("A cell holds Infinity, which a chart cannot show.");
	const text = String(value);
	return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(rows: Rows): string {
	let table: Cell[][];
	const first = rows[0];
	if (first === undefined) return "";
	if (Array.isArray(first)) {
		table = (rows as readonly (readonly Cell[])[]).map((row) => [...row]);
	} else {
		const objects = rows as readonly Readonly<Record<string, Cell>>[];
		const header = [...new Set(objects.flatMap((row) => Object.keys(row)))];
		table = [header, ...objects.map((row) => header.map((name) => row[name]))];
	}
	return table.map((row) => `${row.map(cell).join(",")}\n`).join("");
}
