/**
 * Value axes widened to hold the chart's annotations. ECharts sizes an axis from its series
 * alone, so a reference line at 50 over values 1–4 would fall off the plot; here each value axis
 * that an annotation lies beyond gets a round bound past it. A bound the user set
 * (`meta.axes.x|y.min|max`) is never moved: an annotation beyond it is left out, and named.
 */
import type { Annotation, Axis } from "../../domain/meta-settings";
import { type Extent, extent } from "../extent";
import type { Option } from "../frame";
import type { RenderInput } from "../input";
import { asList, axesOf, isValueAxis, itemValue, seriesOf } from "./option-parts";

type Which = "x" | "y";

/** A number from an annotation's position as a value axis reads it, or null (a category name). */
function asNumber(value: string | number): number | null {
	if (typeof value === "number") return value;
	const parsed = Number(value);
	return value.trim() !== "" && Number.isFinite(parsed) ? parsed : null;
}

/** The positions an annotation takes along one axis. */
export function annotationValues(annotation: Annotation, which: Which): number[] {
	const raw =
		annotation.type === "text"
			? [annotation, ...(annotation.arrow ? [annotation.arrow] : [])].map((point) => (which === "x" ? point.x : point.y))
			: annotation.axis !== which
				? []
				: annotation.type === "line"
					? [annotation.value]
					: [annotation.from, annotation.to];
	return raw.map(asNumber).filter((n): n is number => n !== null);
}

/**
 * Why an annotation cannot be placed on the axes the user set, or null: it lies beyond a bound
 * the user fixed, or at zero or below on a log scale.
 */
export function outOfRange(annotation: Annotation, input: RenderInput, option: Option): string | null {
	for (const which of ["x", "y"] as const) {
		const fixed: Axis | undefined = input.meta.axes?.[which];
		if (!fixed) continue;
		const log = axesOf(option, which).some((axis) => axis.type === "log");
		for (const v of annotationValues(annotation, which)) {
			if (log && v <= 0) return `at or below zero on the ${which} axis's log scale`;
			if ((fixed.min !== undefined && v < fixed.min) || (fixed.max !== undefined && v > fixed.max))
				return `outside the ${which} axis range set in the chart's settings (${fixed.min ?? "auto"} to ${fixed.max ?? "auto"})`;
		}
	}
	return null;
}

/** The numbers of a data item that lie along a value axis, by the item's shape and series type. */
function itemNumbers(series: Option, item: unknown, which: Which, plainNumbersHere: boolean): number[] {
	const value = itemValue(item);
	if (typeof value === "number") return plainNumbersHere ? [value] : [];
	if (!Array.isArray(value)) return [];
	const numbers = (list: unknown[]) => list.filter((n): n is number => typeof n === "number" && Number.isFinite(n));
	// Candles and boxes are [category-free] lists of values; a custom series leads with its row.
	if (series.type === "candlestick" || series.type === "boxplot") return numbers(value);
	if (series.type === "custom") return numbers(value.slice(1));
	return numbers([value[which === "x" ? 0 : 1]]);
}

/** The extent of the values drawn along value axis `index`, stacked series summed as ECharts stacks them. */
function drawnExtent(option: Option, which: Which, index: number): Extent | null {
	const other = asList(option[which === "x" ? "yAxis" : "xAxis"]);
	const axisKey = which === "x" ? "xAxisIndex" : "yAxisIndex";
	let min = Number.POSITIVE_INFINITY;
	let max = Number.NEGATIVE_INFINITY;
	const take = (n: number) => {
		if (n < min) min = n;
		if (n > max) max = n;
	};
	const stacks = new Map<string, { up: number[]; down: number[] }>();
	for (const series of seriesOf(option)) {
		if (Number(series[axisKey] ?? 0) !== index || !Array.isArray(series.data)) continue;
		const otherIndex = Number(series[which === "x" ? "yAxisIndex" : "xAxisIndex"] ?? 0);
		const plainNumbersHere = !isValueAxis(other[otherIndex] ?? {});
		const stack = typeof series.stack === "string" ? (stacks.get(series.stack) ?? { up: [], down: [] }) : null;
		if (stack && typeof series.stack === "string") stacks.set(series.stack, stack);
		series.data.forEach((item: unknown, i: number) => {
			for (const n of itemNumbers(series, item, which, plainNumbersHere)) {
				if (!stack) take(n);
				else if (n >= 0) stack.up[i] = (stack.up[i] ?? 0) + n;
				else stack.down[i] = (stack.down[i] ?? 0) + n;
			}
		});
	}
	for (const { up, down } of stacks.values()) for (const n of [...up, ...down]) if (n !== undefined) take(n);
	return min <= max ? { min, max } : null;
}

/** A round step for a span: 1, 2 or 5 times a power of ten, about five to a span. */
function niceStep(span: number): number {
	const rough = span / 5;
	const power = 10 ** Math.floor(Math.log10(rough));
	const scaled = rough / power;
	return (scaled <= 1 ? 1 : scaled <= 2 ? 2 : scaled <= 5 ? 5 : 10) * power;
}

/** An axis stretched so `low`–`high` (the annotations) fit beside what it draws; null when it already holds them. */
function widened(axis: Option, drawn: Extent | null, low: number, high: number, fixed: Axis | undefined): Option | null {
	const axisMin = typeof axis.min === "number" ? axis.min : undefined;
	const axisMax = typeof axis.max === "number" ? axis.max : undefined;
	// ECharts' own bounds: what it draws, and zero unless the axis is scaled to its data.
	const floor = axisMin ?? Math.min(drawn?.min ?? low, axis.scale === true || axis.type === "log" ? Number.POSITIVE_INFINITY : 0);
	const ceiling = axisMax ?? Math.max(drawn?.max ?? high, axis.scale === true || axis.type === "log" ? Number.NEGATIVE_INFINITY : 0);
	const raiseMax = high > ceiling && fixed?.max === undefined;
	const lowerMin = low < floor && fixed?.min === undefined;
	if (!raiseMax && !lowerMin) return null;
	if (axis.type === "log") {
		return {
			...axis,
			...(raiseMax ? { max: 10 ** Math.ceil(Math.log10(high)) } : {}),
			...(lowerMin && low > 0 ? { min: 10 ** Math.floor(Math.log10(low)) } : {}),
		};
	}
	const from = Math.min(low, floor);
	const to = Math.max(high, ceiling);
	const step = niceStep(to - from || Math.abs(to) || 1);
	return {
		...axis,
		...(raiseMax ? { max: Math.ceil(high / step) * step } : {}),
		...(lowerMin ? { min: Math.floor(low / step) * step } : {}),
	};
}

/** The option with each value axis widened to hold `annotations` (those within any range the user set). */
export function fitAxesToAnnotations(option: Option, annotations: readonly Annotation[], input: RenderInput): Option {
	let next = option;
	for (const which of ["x", "y"] as const) {
		const values = annotations.flatMap((a) => annotationValues(a, which));
		if (values.length === 0) continue;
		const { min: low, max: high } = extent(values) ?? { min: 0, max: 0 };
		const key = which === "x" ? "xAxis" : "yAxis";
		let changed = false;
		const axes = axesOf(next, which).map((axis, index) => {
			if (!isValueAxis(axis)) return axis;
			const wider = widened(axis, drawnExtent(next, which, index), low, high, input.meta.axes?.[which]);
			if (!wider) return axis;
			changed = true;
			return wider;
		});
		if (changed) next = { ...next, [key]: Array.isArray(next[key]) ? axes : axes[0] };
	}
	return next;
}
