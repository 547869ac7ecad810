/**
 * How one CSV cell reads (docs/contract.md#section-2-6, D18): a number (thousands separators allowed, a decimal
 * point or a decimal comma decided per column), a missing number (`NA`, `-`, `..`: an empty cell
 * in a column of numbers) or an ISO date; and day/month dates, which are
 * read as dates only where a column's roles ask for them. Apart from csv-parse.ts so the
 * console's data table detects column types exactly as the API will, without bundling the CSV
 * parser.
 */

export const maxCsvRows = 200_000;
export const maxCsvColumns = 500;
/** The longest column name: `meta.columns` names a column by it (column-roles-schema.ts). */
export const maxColumnNameLength = 300;

const numberPattern = /^[+-]?(?:\d+|\d{1,3}(?:,\d{3})+)?(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
/** `YYYY-MM`, `YYYY-MM-DD`, optionally a time and an offset; the parts are range-checked after. */
const datePattern = /^(\d{4})-(\d{2})(?:-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-](\d{2}):?(\d{2}))?)?)?$/;

/** A number cell written with a decimal point (`1,234.5`), or undefined if the text is not one. */
export function parseNumber(text: string): number | undefined {
	if (!/\d/.test(text) || !numberPattern.test(text)) return undefined;
	const value = Number(text.replaceAll(",", ""));
	return Number.isFinite(value) ? value : undefined;
}

/** How a column writes its decimals: `1,234.5` (point) or `1.234,5` (comma). */
export type DecimalMark = "point" | "comma";

// Thousands are grouped by threes with one separator throughout the number: `,` beside a decimal
// point, `.` beside a decimal comma, and a space (also no-break and narrow no-break, as
// spreadsheets and typesetters write it) beside either. A decimal comma's `.` groups may not
// start with 0: `0.123` is a decimal point, never "123". The sign may be the typographic minus
// (U+2212, as Word, InDesign and many statistics offices write it), and a percent sign may follow
// (`24,1 %`, `24.1%`): the number is the figure before it, as Datawrapper reads it.
const pointNumberPattern =
	/^[+\u2212-]?(?:\d+|\d{1,3}([, \u00A0\u202F])\d{3}(?:\1\d{3})*)?(?:\.\d+)?(?:[eE][+-]?\d+)?(?:[ \u00A0\u202F]?%)?$/;
const commaNumberPattern =
	/^[+\u2212-]?(?:\d+|[1-9]\d{0,2}([. \u00A0\u202F])\d{3}(?:\1\d{3})*)?(?:,\d+)?(?:[eE][+-]?\d+)?(?:[ \u00A0\u202F]?%)?$/;
const pointGrouping = /[, \u00A0\u202F]/g;
const commaGrouping = /[. \u00A0\u202F]/g;
/** Reads the same with either mark: the common case, checked first. */
const plainInteger = /^[+-]?\d+$/;

/** A number cell written with `mark` as its decimal mark, or undefined if the text is not one. */
export function parseNumberWith(text: string, mark: DecimalMark): number | undefined {
	if (!/\d/.test(text)) return undefined;
	if (!(mark === "point" ? pointNumberPattern : commaNumberPattern).test(text)) return undefined;
	const value = numberOfShape(text, mark);
	return Number.isFinite(value) ? value : undefined;
}

/** A cell already matched to `mark`'s pattern as a JavaScript number: groups, `%` and a typographic minus dropped. */
function numberOfShape(cell: string, mark: DecimalMark): number {
	let plain = mark === "point" ? cell.replace(pointGrouping, "") : cell.replace(commaGrouping, "").replace(",", ".");
	if (plain.endsWith("%")) plain = plain.slice(0, -1);
	if (plain.charCodeAt(0) === 0x2212) plain = `-${plain.slice(1)}`;
	return Number(plain);
}

/**
 * How spreadsheets, statistics software and statistics offices write a number that is missing,
 * compared with a trimmed cell, letters in any case. Each is punctuation or an abbreviation no one
 * writes as a category, and none holds a digit (readNumberColumn relies on that):
 * - `-`, `–`, `—`: a dash for "no figure" (spreadsheets; Datawrapper and Flourish read it as
 *   missing; Destatis's `–` means "nothing", which is still no number to draw: write 0 for zero);
 * - `.`, `..`, `...`, `…`: Destatis (`.` unknown or secret, `...` not yet available), the OECD,
 *   the World Bank, the UN and the ABS (`..` not available);
 * - `:`: Eurostat (not available); `/`: Destatis (too uncertain to publish);
 * - `NA`, `N/A`, `n.a.`, `n. a.`, `#N/A`, `NaN`, `null`: R, pandas, Excel and Google Sheets
 *   (`#N/A`, `=NA()`), SQL exports, English tables; `k.A.`, `k. A.`: German tables (keine Angabe);
 * - `[x]`, `[c]`, `[z]`: the UK's ONS (not available, confidential, not applicable).
 * Left out: a bare `x` or `X` (Destatis, Statistics Canada), since `1`, `X`, `2` is a real
 * category (a football draw); `None` and `nil`, which a table may mean as zero; spreadsheet errors
 * (`#DIV/0!`, `#VALUE!`), which are mistakes to fix rather than a figure left out.
 */
const missingValueMarks: ReadonlySet<string> = new Set([
	"-",
	"\u2013",
	"\u2014",
	".",
	"..",
	"...",
	"\u2026",
	":",
	"/",
	"na",
	"n/a",
	"n.a.",
	"n. a.",
	"#n/a",
	"nan",
	"null",
	"k.a.",
	"k. a.",
	"[x]",
	"[c]",
	"[z]",
]);
const longestMissingValueMark = 5;

/** A trimmed cell that marks a missing number: read as empty in a column of numbers. */
export function isMissingValueMark(text: string): boolean {
	return text.length <= longestMissingValueMark && text !== "" && missingValueMarks.has(text.toLowerCase());
}

/** Whether `text` holds an ASCII digit: a number cell does, a missing-value mark never. */
function hasDigit(text: string): boolean {
	for (let index = 0; index < text.length; index++) {
		const code = text.charCodeAt(index);
		if (code >= 48 && code <= 57) return true;
	}
	return false;
}

/**
 * The cell that keeps a text column from being numbers, by index (-1 when none): the first that
 * is no number, passing over missing-value marks (empty beside a number), unless marks are all
 * there is. What a refusal names, so it points at the typo and not at an `NA` before it.
 */
export function firstNonNumberCell(values: readonly unknown[]): number {
	const notNumber = (cell: unknown) => cell !== null && !isNumberText(String(cell));
	const typo = values.findIndex((cell) => notNumber(cell) && !isMissingValueMark(String(cell)));
	return typo >= 0 ? typo : values.findIndex(notNumber);
}

/** A number with either mark: what a cell must be for its column to be a number column. */
export function isNumberText(text: string): boolean {
	return plainInteger.test(text) || parseNumberWith(text, "point") !== undefined || parseNumberWith(text, "comma") !== undefined;
}

/**
 * What a column of cells that could read either way (`1,234`, `1.234`) reads as: a `;`-separated
 * file is written where the comma is the decimal mark (Excel in most of Europe), any other file
 * (and JSON rows) with a decimal point, where `"1,234"` had to be quoted and means thousands.
 */
export function fallbackDecimalMark(separator: string): DecimalMark {
	return separator === ";" ? "comma" : "point";
}

/** A column that writes decimals both ways: the first cell of each way, by index into its cells. */
export interface MixedDecimalMarks {
	pointIndex: number;
	commaIndex: number;
}

/** A column's cells read as numbers, with the decimal mark they were read with. */
export interface NumberColumn {
	mark: DecimalMark;
	values: (number | null)[];
}

/**
 * A column's cells (trimmed; empty ones are null) read as numbers, with one decimal mark decided
 * from all of them: cells that read either way (`1,234`, `1.234`, `206`) follow the cells that
 * read only one way, and `fallback` when there are none. A missing-value mark (`NA`, `-`, `..`:
 * isMissingValueMark) is null like an empty cell, when at least one other cell is a number: a
 * column of only marks and empty cells is no number column. `{ mixed }` when every cell is a
 * number but some read only with a point and others only with a comma; null when a cell is no
 * number. Two passes: the shapes decide the mark, then the values are read with it.
 */
export function readNumberColumn(cells: readonly string[], fallback: DecimalMark): NumberColumn | { mixed: MixedDecimalMarks } | null {
	let pointIndex = -1;
	let commaIndex = -1;
	let empty = 0;
	let marks = 0;
	for (let index = 0; index < cells.length; index++) {
		const cell = cells[index] as string;
		if (cell === "") {
			empty++;
			continue;
		}
		if (plainInteger.test(cell)) continue;
		if (!/\d/.test(cell)) {
			if (!isMissingValueMark(cell)) return null;
			marks++;
			continue;
		}
		const point = pointNumberPattern.test(cell);
		const comma = commaNumberPattern.test(cell);
		if (point === comma) {
			if (point) continue;
			return null;
		}
		if (point && pointIndex < 0) pointIndex = index;
		if (comma && commaIndex < 0) commaIndex = index;
	}
	if (pointIndex >= 0 && commaIndex >= 0) return { mixed: { pointIndex, commaIndex } };
	// Marks beside no number at all: the column stays text, as it always was.
	if (marks > 0 && empty + marks === cells.length) return null;
	const mark = pointIndex >= 0 ? "point" : commaIndex >= 0 ? "comma" : fallback;
	const values: (number | null)[] = new Array(cells.length);
	for (let index = 0; index < cells.length; index++) {
		const cell = cells[index] as string;
		// Every filled cell is now a number, which holds a digit, or a mark, which never does.
		if (cell === "" || (marks > 0 && !hasDigit(cell))) {
			values[index] = null;
			continue;
		}
		const value = numberOfShape(cell, mark);
		// A shape can still overflow (`1e999`) or be no number at all (`e5`): then the column is not numbers.
		if (!Number.isFinite(value)) return null;
		values[index] = value;
	}
	return { mark, values };
}

function isLeapYear(year: number): boolean {
	return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
	if (month === 2) return isLeapYear(year) ? 29 : 28;
	return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** An optional two-digit part of a date: absent, or within `min`–`max`. */
function partWithin(part: string | undefined, min: number, max: number): boolean {
	return part === undefined || (Number(part) >= min && Number(part) <= max);
}

/**
 * A real calendar date (or month), as ISO 8601 writes it. Strict on purpose: JavaScript's
 * `Date.parse` rolls `2026-02-30` over into March, so a typo would silently become another day.
 */
export function isIsoDate(text: string): boolean {
	const match = datePattern.exec(text);
	if (!match) return false;
	const [, yearText, monthText, dayText, hour, minute, second, offsetHours, offsetMinutes] = match;
	const year = Number(yearText);
	const month = Number(monthText);
	if (month < 1 || month > 12) return false;
	if (!partWithin(dayText, 1, daysInMonth(year, month))) return false;
	return (
		partWithin(hour, 0, 23) &&
		partWithin(minute, 0, 59) &&
		partWithin(second, 0, 59) &&
		partWithin(offsetHours, 0, 23) &&
		partWithin(offsetMinutes, 0, 59) &&
		// The renderers read dates with Date.parse: a form it cannot read is no date to them.
		!Number.isNaN(Date.parse(text.length === 7 ? `${text}-01` : text))
	);
}

/** Which part of a `31/12/2024` or `12/31/2024` date is the day. */
export type DayMonthOrder = "day-first" | "month-first";

/**
 * A date written with the day and month before a four-digit year, both of one or two digits and
 * separated alike by `/`, `.` or `-`: `31/12/2024`, `31.12.2024`, `31-12-2024`, `12/31/2024`,
 * `1/2/2024`. Two-digit years (`1/2/24`) are left out: their century would be a guess.
 */
const dayMonthPattern = /^(\d{1,2})([/.-])(\d{1,2})\2(\d{4})$/;

function dayMonthParts(text: string): { first: number; second: number; year: number } | null {
	const match = dayMonthPattern.exec(text.trim());
	if (!match) return null;
	return { first: Number(match[1]), second: Number(match[3]), year: Number(match[4]) };
}

function isCalendarDay(year: number, month: number, day: number): boolean {
	return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/**
 * Which order a column of day/month dates is written in, from all its filled cells (null and
 * empty cells skipped): `day-first` when some cell is a real date only with the day first
 * (`31/12/2024`), `month-first` when some cell is one only with the month first (`12/31/2024`),
 * `ambiguous` when every cell is a real date either way (`01/02/2024`), and null when the
 * cells disagree, when a cell is not of the shape or no real date either way (`31/02/2024`), or
 * when no cell is filled.
 */
export function dayMonthOrderOf(cells: readonly (string | null)[]): DayMonthOrder | "ambiguous" | null {
	let dayFirst = true;
	let monthFirst = true;
	let filled = 0;
	for (const cell of cells) {
		if (cell === null || cell.trim() === "") continue;
		const parts = dayMonthParts(cell);
		if (!parts) return null;
		filled++;
		dayFirst &&= isCalendarDay(parts.year, parts.second, parts.first);
		monthFirst &&= isCalendarDay(parts.year, parts.first, parts.second);
		if (!dayFirst && !monthFirst) return null;
	}
	if (filled === 0) return null;
	if (dayFirst && monthFirst) return "ambiguous";
	return dayFirst ? "day-first" : "month-first";
}

/** A day/month date (the shapes `dayMonthOrderOf` reads) as ISO `YYYY-MM-DD`, or null if it is no real date in that order. */
export function isoFromDayMonth(text: string, order: DayMonthOrder): string | null {
	const parts = dayMonthParts(text);
	if (!parts) return null;
	const [day, month] = order === "day-first" ? [parts.first, parts.second] : [parts.second, parts.first];
	const iso = `${String(parts.year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
	return isIsoDate(iso) ? iso : null;
}
