/**
 * How a chart writes its values (`meta.locale`, `meta.numberFormat`): on axes, in labels,
 * tooltips and table cells. Built on `Intl`, so the server and the embed page's browser write
 * "1.234,5" the same way for de-DE. The CSV export never goes through here (raw numbers).
 */
import type { Meta } from "../domain/meta";
import { formatNumber } from "./input";

export type ValueFormatter = (value: number) => string;

/** The locale numbers and dates are written in; en-US when absent or unknown to this runtime. */
export function chartLocale(meta: Meta): string {
	const tag = meta.locale;
	if (typeof tag !== "string") return "en-US";
	try {
		return Intl.NumberFormat.supportedLocalesOf([tag])[0] ?? "en-US";
	} catch {
		return "en-US";
	}
}

/** Whether the chart asks for its own number writing (otherwise each kind keeps its default). */
export function formatsNumbers(meta: Meta): boolean {
	return meta.numberFormat !== undefined || meta.locale !== undefined;
}

/**
 * The formatter of `meta`. Without `decimals`, up to 2 fraction digits (1 in compact form);
 * `percent` values are percentages already (25 → "25%", "25 %" in de-DE).
 */
export function valueFormatter(meta: Meta): ValueFormatter {
	const format = meta.numberFormat ?? {};
	const decimals = format.decimals;
	const options: Intl.NumberFormatOptions = {
		...(format.compact ? { notation: "compact", compactDisplay: "short" } : {}),
		...(format.percent ? { style: "percent" } : {}),
		...(decimals !== undefined
			? { minimumFractionDigits: decimals, maximumFractionDigits: decimals }
			: { maximumFractionDigits: format.compact ? 1 : 2 }),
	};
	const intl = new Intl.NumberFormat(chartLocale(meta), options);
	const prefix = format.prefix ?? "";
	const suffix = format.suffix ?? "";
	return (value) => {
		if (!Number.isFinite(value)) return "";
		// Values beyond what Intl writes readably fall back to the compact scientific form.
		const body = Math.abs(value) >= 1e15 ? formatNumber(value) : intl.format(format.percent ? value / 100 : value);
		return `${prefix}${body}${suffix}`;
	};
}

/** An ISO date or date-time as written in data ("2024-01", "2024-01-03", "2024-01-03T10:00"). */
const isoDate = /^(\d{4})-(\d{2})(?:-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?)?$/;

/**
 * A date written in the locale ("3. Jan. 2024", "Jan. 2024", "3. Jan. 2024, 10:00"), or the text
 * itself when it is no ISO date. Dates without an offset are read as UTC, so the server and
 * every reader's browser write the same day.
 */
export function dateFormatter(meta: Meta): (text: string) => string {
	const locale = chartLocale(meta);
	const utc = { timeZone: "UTC" } as const;
	const daily = new Intl.DateTimeFormat(locale, { year: "numeric", month: "short", day: "numeric", ...utc });
	const monthly = new Intl.DateTimeFormat(locale, { year: "numeric", month: "short", ...utc });
	const timed = new Intl.DateTimeFormat(locale, {
		year: "numeric",
		month: "short",
		day: "numeric",
		hour: "2-digit",
		minute: "2-digit",
		...utc,
	});
	return (text) => {
		const match = isoDate.exec(text);
		if (!match) return text;
		const [, year, month, day, hour, minute, second, offset] = match;
		const time = hour !== undefined ? `T${hour}:${minute}:${second ?? "00"}${offset ?? "Z"}` : "T00:00:00Z";
		const date = new Date(`${year}-${month}-${day ?? "01"}${time}`);
		if (Number.isNaN(date.getTime())) return text;
		return (hour !== undefined ? timed : day !== undefined ? daily : monthly).format(date);
	};
}

/**
 * Labels of a time axis's ticks in the locale: the year at a year's start, the month at a
 * month's start, else day and month (ECharts' own names are English or Chinese only).
 */
export function timeTickFormatter(meta: Meta): (value: number) => string {
	const locale = chartLocale(meta);
	const utc = { timeZone: "UTC" } as const;
	const year = new Intl.DateTimeFormat(locale, { year: "numeric", ...utc });
	const month = new Intl.DateTimeFormat(locale, { month: "short", ...utc });
	const day = new Intl.DateTimeFormat(locale, { month: "short", day: "numeric", ...utc });
	return (value) => {
		const date = new Date(value);
		if (Number.isNaN(date.getTime())) return "";
		if (date.getUTCDate() !== 1) return day.format(date);
		return date.getUTCMonth() === 0 ? year.format(date) : month.format(date);
	};
}

/** The locale's short month names (January first) and one-letter-ish day names (Sunday first). */
export function calendarNames(meta: Meta): { months: string[]; days: string[] } {
	const locale = chartLocale(meta);
	const month = new Intl.DateTimeFormat(locale, { month: "short", timeZone: "UTC" });
	const day = new Intl.DateTimeFormat(locale, { weekday: "narrow", timeZone: "UTC" });
	return {
		months: Array.from({ length: 12 }, (_, i) => month.format(new Date(Date.UTC(2024, i, 1)))),
		// 2024-01-07 was a Sunday.
		days: Array.from({ length: 7 }, (_, i) => day.format(new Date(Date.UTC(2024, 0, 7 + i)))),
	};
}
