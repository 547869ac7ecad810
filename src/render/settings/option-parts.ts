/**
 * Small typed accessors for the parts of an ECharts option the settings rewrite: axes (one or
 * an array), series, and nested style objects. The option builders return plain records.
 */
import type { Option } from "../frame";

export function asList(value: unknown): Option[] {
	if (Array.isArray(value)) return value.filter((v): v is Option => typeof v === "object" && v !== null);
	return typeof value === "object" && value !== null ? [value as Option] : [];
}

export function part(owner: Option, key: string): Option {
	const value = owner[key];
	return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Option) : {};
}

export function seriesOf(option: Option): Option[] {
	return asList(option.series);
}

/** The option's x or y axes, in order (a single axis is a list of one). */
export function axesOf(option: Option, which: "x" | "y"): Option[] {
	return asList(option[which === "x" ? "xAxis" : "yAxis"]);
}

export function isValueAxis(axis: Option): boolean {
	return axis.type === "value" || axis.type === "log";
}

/** A series' drawn value at a data item: a number, `[x, y]`, or `{ value }`. */
export function itemValue(item: unknown): unknown {
	return typeof item === "object" && item !== null && !Array.isArray(item) ? (item as Option).value : item;
}
