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

/** A date written in the locale ("3. Jan. 2024"), or the text itself when it is no ISO date. */
export function dateFormatter(meta: Meta): (text: string) => string {
	const intl = new Intl.DateTimeFormat(chartLocale(meta), { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });
	const monthly = new Intl.DateTimeFormat(chartLocale(meta), { year: "numeric", month: "short", timeZone: "UTC" });
	return (text) => {
		const match = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(text);
		if (!match) return text;
		const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3] ?? 1)));
		if (Number.isNaN(date.getTime())) return text;
		return (match[3] ? intl : monthly).format(date);
	};
}
