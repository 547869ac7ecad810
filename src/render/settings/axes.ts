/**
 * `meta.axes`: titles, ranges, log scale, ticks, grid lines and hidden axes, applied to the axes
 * an option builder made. Ranges and scales only touch value axes; a title or `hidden` any axis.
 * A log scale cannot place zero or negative values: they are left out of the drawing, and the
 * warnings say how many.
 */
import type { Axis } from "../../domain/meta-settings";
import type { DrawingNotes } from "../drawing-notes";
import { formatCount } from "../drawing-notes";
import type { Option } from "../frame";
import type { RenderInput } from "../input";
import { axesOf, isValueAxis, itemValue, part, seriesOf } from "./option-parts";

function titled(axis: Option, which: "x" | "y", title: string): Option {
	return {
		...axis,
		name: title,
		nameLocation: "middle",
		nameGap: which === "x" ? 30 : 44,
		...(which === "y" ? { nameRotate: 90 } : {}),
		nameTextStyle: { ...part(axis, "nameTextStyle"), fontWeight: 600 },
	};
}

function configured(axis: Option, which: "x" | "y", settings: Axis): Option {
	let next = settings.title?.trim() ? titled(axis, which, settings.title.trim()) : axis;
	if (isValueAxis(next)) {
		next = {
			...next,
			...(settings.scale === "log" ? { type: "log", scale: false, logBase: 10 } : {}),
			...(settings.min !== undefined ? { min: settings.min } : {}),
			...(settings.max !== undefined ? { max: settings.max } : {}),
			...(settings.ticks !== undefined ? { splitNumber: settings.ticks } : {}),
		};
		// An explicit range replaces a builder's own bounds (e.g. a 100% stack's max) only where set.
		if (settings.min !== undefined || settings.max !== undefined) next.scale = false;
	}
	if (settings.grid !== undefined) next = { ...next, splitLine: { ...part(next, "splitLine"), show: settings.grid } };
	if (settings.hidden === true)
		next = {
			...next,
			axisLine: { ...part(next, "axisLine"), show: false },
			axisTick: { ...part(next, "axisTick"), show: false },
			axisLabel: { ...part(next, "axisLabel"), show: false },
		};
	return next;
}

/** Non-positive values of series on a log axis, set to null; returns how many were left out. */
function dropNonPositive(option: Option, which: "x" | "y"): number {
	let dropped = 0;
	const position = which === "x" ? 0 : 1;
	const horizontalValues = axesOf(option, "x").some(isValueAxis) && !axesOf(option, "y").some(isValueAxis);
	const verticalValues = axesOf(option, "y").some(isValueAxis) && !axesOf(option, "x").some(isValueAxis);
	option.series = seriesOf(option).map((series) => {
		if (!Array.isArray(series.data) || series.type === "custom") return series;
		const data = series.data.map((item: unknown) => {
			if (typeof item === "number") {
				// Plain numbers lie along the one value axis.
				const onThisAxis = (which === "x" && horizontalValues) || (which === "y" && verticalValues);
				if (onThisAxis && item <= 0) {
					dropped++;
					return null;
				}
				return item;
			}
			// Points are `[x, y, …]`, bare or as the `value` of a named item (scatter).
			const point = Array.isArray(item) ? item : itemValue(item);
			if (Array.isArray(point) && typeof point[position] === "number" && (point[position] as number) <= 0) {
				dropped++;
				// A line's `[x, y]` keeps its x: the gap stays at its period, and the embed's tips still name it.
				if (series.type === "line" && Array.isArray(item) && position === 1) return [item[0], null];
				return null;
			}
			return item;
		});
		return { ...series, data };
	});
	return dropped;
}

/** Series whose points can be left out one by one; boxes, candles and heat cells cannot. */
const logReady = new Set(["line", "bar", "scatter", "custom"]);

export function applyAxes(option: Option, input: RenderInput, notes: DrawingNotes): Option {
	const requested = input.meta.axes;
	if (!requested) return option;
	let settings = requested;
	if ((requested.x?.scale === "log" || requested.y?.scale === "log") && !seriesOf(option).every((s) => logReady.has(String(s.type)))) {
		notes.add(`a log scale is drawn on line, bar, scatter and dot charts; this ${input.kind} chart keeps a linear scale`);
		settings = {
			...(requested.x ? { x: { ...requested.x, scale: "linear" as const } } : {}),
			...(requested.y ? { y: { ...requested.y, scale: "linear" as const } } : {}),
		};
	}
	let next = option;
	for (const which of ["x", "y"] as const) {
		const axisSettings = settings[which];
		const key = which === "x" ? "xAxis" : "yAxis";
		if (!axisSettings || next[key] === undefined) continue;
		const axes = axesOf(next, which).map((axis) => configured(axis, which, axisSettings));
		next = { ...next, [key]: Array.isArray(next[key]) ? axes : axes[0] };
		if (axisSettings.scale === "log" && axes.some((axis) => axis.type === "log")) {
			const dropped = dropNonPositive(next, which);
			if (dropped > 0)
				notes.add(
					`${formatCount(dropped)} zero or negative ${dropped === 1 ? "value is" : "values are"} left out of the log scale on the ${which} axis`,
				);
		}
	}
	// Axis titles sit outside the labels; the plot shrinks to keep them on the canvas.
	if (settings.x?.title || settings.y?.title) next = { ...next, grid: asGrids(next.grid, { outerBoundsContain: "all" }) };
	return next;
}

function asGrids(grid: unknown, extra: Option): unknown {
	if (Array.isArray(grid)) return grid.map((g) => ({ ...(g as Option), ...extra }));
	return typeof grid === "object" && grid !== null ? { ...(grid as Option), ...extra } : grid;
}
