/**
 * `meta.locale` and `meta.numberFormat` on what the option builders drew: value-axis labels and
 * tooltips. Value labels, tables and map scales format through `valueWriter` themselves; dates
 * are written in the locale by `dates.ts`.
 */
import type { Option } from "../frame";
import type { RenderInput } from "../input";
import { formatNumber } from "../input";
import type { ValueFormatter } from "../number-format";
import { formatsNumbers, valueFormatter } from "../number-format";
import { asList, axesOf, isValueAxis, part } from "./option-parts";

/** How this chart writes a value: the chart's own format when set, else the readable default. */
export function valueWriter(input: RenderInput): ValueFormatter {
	return formatsNumbers(input.meta) ? valueFormatter(input.meta) : formatNumber;
}

function labelFormatter(axis: Option, write: ValueFormatter): ValueFormatter {
	// A 100% stack writes "{value}%"; the locale's number keeps the percent sign.
	const existing = part(axis, "axisLabel").formatter;
	return existing === "{value}%" ? (value) => `${write(value)}%` : write;
}

export function applyNumberFormat(option: Option, input: RenderInput): Option {
	if (!formatsNumbers(input.meta)) return option;
	const write = valueFormatter(input.meta);
	const next: Option = { ...option };
	for (const which of ["x", "y"] as const) {
		const key = which === "x" ? "xAxis" : "yAxis";
		if (next[key] === undefined) continue;
		// A line's (or small multiples') x holds periods or numbers, not values: its builder writes them (2020, never 2.020).
		if (which === "x" && (input.kind === "line" || input.kind === "multiples")) continue;
		const axes = axesOf(next, which).map((axis) => {
			if (isValueAxis(axis)) return { ...axis, axisLabel: { ...part(axis, "axisLabel"), formatter: labelFormatter(axis, write) } };
			return axis;
		});
		next[key] = Array.isArray(next[key]) ? axes : axes[0];
	}
	const tooltip = part(next, "tooltip");
	next.tooltip = { ...tooltip, valueFormatter: (value: unknown) => (typeof value === "number" ? write(value) : String(value ?? "")) };
	if (next.visualMap !== undefined) {
		next.visualMap = asList(next.visualMap).map((map) => ({
			...map,
			formatter: (value: unknown) => (typeof value === "number" ? write(value) : String(value)),
		}))[0];
	}
	return next;
}
