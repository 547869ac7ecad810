/**
 * `meta.locale` on dates: month and day names in the locale wherever a chart shows a date from
 * its data — category axes and their tooltip headers, time axes, calendar month and day labels,
 * legends, radar spokes, pie and treemap labels, and the item tooltips of pies, treemaps and heatmaps. Data keeps its ISO
 * dates (annotations, `race.period` and sorting match them); only what is written changes.
 * Without a locale, dates are written as the data has them.
 */
import { escapeMarkup } from "../../domain/markup";
import type { Option } from "../frame";
import type { RenderInput } from "../input";
import { calendarNames, dateFormatter, timeTickFormatter } from "../number-format";
import { valueWriter } from "./numbers";
import { asList, axesOf, part, seriesOf } from "./option-parts";

type WriteDate = (text: string) => string;

/** How this chart writes a date from its data, or null when it writes them as they are. */
export function dateWriter(input: RenderInput): WriteDate | null {
	if (input.meta.locale === undefined || !input.dataset.columns.some((column) => column.type === "date")) return null;
	return dateFormatter(input.meta);
}

interface TooltipParams {
	name?: unknown;
	value?: unknown;
	data?: unknown;
	marker?: unknown;
	percent?: unknown;
	seriesName?: unknown;
}

/** A category axis: its labels and the tooltip header (the axis pointer's label) in the locale. */
function categoryAxis(axis: Option, writeDate: WriteDate): Option {
	if (axis.type !== "category") return axis;
	const label = part(axis, "axisLabel");
	const pointer = part(axis, "axisPointer");
	return {
		...axis,
		// A builder's own formatter (e.g. themeriver's index → label) already writes the text.
		axisLabel: { ...label, formatter: label.formatter ?? writeDate },
		axisPointer: {
			...pointer,
			label: { ...part(pointer, "label"), formatter: (p: { value?: unknown }) => writeDate(String(p.value ?? "")) },
		},
	};
}

function timeAxis(axis: Option, input: RenderInput): Option {
	// A line writes its own time axis (its ticks, and its tooltip header as the data writes the date): kinds/cartesian.ts.
	if (axis.type !== "time" || part(axis, "axisLabel").formatter) return axis;
	const writeDate = dateFormatter(input.meta);
	const iso = (value: unknown) => (typeof value === "number" ? new Date(value).toISOString().slice(0, 10) : String(value ?? ""));
	const pointer = part(axis, "axisPointer");
	return {
		...axis,
		axisLabel: { ...part(axis, "axisLabel"), formatter: timeTickFormatter(input.meta) },
		axisPointer: { ...pointer, label: { ...part(pointer, "label"), formatter: (p: { value?: unknown }) => writeDate(iso(p.value)) } },
	};
}

/** Item tooltips that name a date: "● 3. Jan. 2024  1.234,5" (markup escaped; ECharts sets it as HTML). */
function itemTooltip(series: Option, input: RenderInput, writeDate: WriteDate): Option {
	const write = valueWriter(input);
	const number = (value: unknown) => (typeof value === "number" ? write(value) : escapeMarkup(String(value ?? "")));
	const line = (marker: unknown, name: string, value: unknown) =>
		`${typeof marker === "string" ? marker : ""}${escapeMarkup(name)}&nbsp;&nbsp;<b>${number(value)}</b>`;
	const header = (p: TooltipParams) => (typeof p.seriesName === "string" && p.seriesName ? `${escapeMarkup(p.seriesName)}<br/>` : "");
	let formatter: ((p: TooltipParams) => string) | undefined;
	if (series.type === "pie" || series.type === "treemap")
		formatter = (p) =>
			`${header(p)}${line(p.marker, writeDate(String(p.name ?? "")), p.value)}${typeof p.percent === "number" ? ` (${p.percent}%)` : ""}`;
	else if (series.type === "heatmap")
		formatter = (p) => {
			const cell = Array.isArray(p.data) ? p.data : Array.isArray(p.value) ? p.value : [];
			if (series.coordinateSystem === "calendar") return line(p.marker, writeDate(String(cell[0] ?? "")), cell[1]);
			return line(p.marker, `${writeDate(String(cell[0] ?? ""))} · ${writeDate(String(cell[1] ?? ""))}`, cell[2]);
		};
	if (!formatter) return series;
	return { ...series, tooltip: { ...part(series, "tooltip"), formatter } };
}

/** A pie's slice labels (and a treemap's box labels) name the date in the locale, keeping whatever the label said after it. */
function pieLabels(series: Option, writeDate: WriteDate): Option {
	if (series.type !== "pie" && series.type !== "treemap") return series;
	const label = part(series, "label");
	const own = label.formatter;
	const formatter =
		typeof own === "function"
			? (p: TooltipParams) => (own as (p: TooltipParams) => string)({ ...p, name: writeDate(String(p.name ?? "")) })
			: (p: TooltipParams) =>
					String(own ?? "{b}")
						.replaceAll("{b}", writeDate(String(p.name ?? "")))
						.replaceAll("{d}", String(p.percent ?? ""))
						.replaceAll("{c}", String(p.value ?? ""));
	return { ...series, label: { ...label, formatter } };
}

export function applyDateLocale(option: Option, input: RenderInput): Option {
	const writeDate = dateWriter(input);
	if (!writeDate) return option;
	const next: Option = { ...option };
	for (const which of ["x", "y"] as const) {
		const key = which === "x" ? "xAxis" : "yAxis";
		if (next[key] === undefined) continue;
		const axes = axesOf(next, which).map((axis) => timeAxis(categoryAxis(axis, writeDate), input));
		next[key] = Array.isArray(next[key]) ? axes : axes[0];
	}
	if (next.singleAxis !== undefined) {
		const axes = asList(next.singleAxis).map((axis) => timeAxis(axis, input));
		next.singleAxis = Array.isArray(next.singleAxis) ? axes : axes[0];
	}
	if (next.calendar !== undefined) {
		const { months, days } = calendarNames(input.meta);
		next.calendar = asList(next.calendar).map((calendar) => ({
			...calendar,
			monthLabel: { ...part(calendar, "monthLabel"), nameMap: months },
			dayLabel: { ...part(calendar, "dayLabel"), nameMap: days },
		}));
	}
	if (next.radar !== undefined) {
		// A radar's spokes are the data's rows: months of a year, often.
		const radars = asList(next.radar).map((radar) => ({
			...radar,
			axisName: { ...part(radar, "axisName"), formatter: (name: string) => writeDate(name) },
		}));
		next.radar = Array.isArray(next.radar) ? radars : radars[0];
	}
	if (next.legend !== undefined) {
		const legends = asList(next.legend).map((legend) => ({ ...legend, formatter: (name: string) => writeDate(name) }));
		next.legend = Array.isArray(next.legend) ? legends : legends[0];
	}
	next.series = seriesOf(next).map((series) => itemTooltip(pieLabels(series, writeDate), input, writeDate));
	return next;
}
