/**
 * How one CSV cell reads (spec §2.6, D18): a number (thousands separators allowed) or an ISO
 * date. Apart from csv-parse.ts so the console's data table detects column types exactly as the
 * API will, without bundling the CSV parser.
 */

export const maxCsvRows = 200_000;
export const maxCsvColumns = 500;

const numberPattern = /^[+-]?(?:\d+|\d{1,3}(?:,\d{3})+)?(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
/** `YYYY-MM`, `YYYY-MM-DD`, optionally a time and an offset; the parts are range-checked after. */
const datePattern = /^(\d{4})-(\d{2})(?:-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-](\d{2}):?(\d{2}))?)?)?$/;

/** A number cell, or undefined if the text is not one. */
export function parseNumber(text: string): number | undefined {
	if (!/\d/.test(text) || !numberPattern.test(text)) return undefined;
	const value = Number(text.replaceAll(",", ""));
	return Number.isFinite(value) ? value : undefined;
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
