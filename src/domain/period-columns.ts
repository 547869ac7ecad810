/**
 * Columns of numbers that are not quantities: periods (years, months written as whole numbers)
 * and identifiers (ids, codes, ranks), told by their name and their whole numbers. A chart never
 * draws them as a series, and a table writes them as they are (`2020`, never `2,020`).
 */
import type { DatasetColumn } from "./dataset";

const periodName =
	/^(year|years|jahr|année|annee|año|ano|anno|jaar|år|yr|fy|date|datum|month|monat|mois|quarter|quartal|week|woche|day|tag|period|zeitraum|time|zeit)$/i;
const idName = /(^|[\s_.-])(id|code|nr|no|num|number|fips|zip|plz|ags|iso|rank|index)$|^#$/i;

function isWholeNumbers(column: DatasetColumn): boolean {
	return column.values.every((cell) => cell === null || (typeof cell === "number" && Number.isInteger(cell)));
}

/** A column of periods: dates, or whole numbers under a name that says year, month, … */
export function isPeriodColumn(column: DatasetColumn): boolean {
	return column.type === "date" || (column.type === "number" && periodName.test(column.name.trim()) && isWholeNumbers(column));
}

/** A column of identifiers: whole numbers under a name that says id, code, number, rank, … */
export function isIdColumn(column: DatasetColumn): boolean {
	return column.type === "number" && idName.test(column.name.trim()) && isWholeNumbers(column);
}
