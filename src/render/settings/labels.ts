/**
 * `meta.labels`: value labels on bars, columns, pies and dots, on the last point of lines (or
 * every point with "all"), and direct labels that name each line at its end instead of a legend
 * (the frame hides the legend; here the plot gives up the room the names need, measured). A bar
 * race has value labels unless `labels.values` is "none".
 */
import type { Option } from "../frame";
import { fontStack } from "../frame";
import type { RenderInput } from "../input";
import { colors } from "../input";
import { isRace } from "../kinds/race";
import { textWidth } from "../text-width";
import { valueWriter } from "./numbers";
import { itemValue, part, seriesOf } from "./option-parts";

type Write = (value: number) => string;

function numberAt(item: unknown, position: number): number | null {
	const value = itemValue(item);
	if (typeof value === "number") return value;
	if (Array.isArray(value) && typeof value[position] === "number") return value[position] as number;
	return null;
}

/** A line point's value: a plain number on a category axis, the y of an `[x, y]` pair on a time or value axis. */
const linePosition = 1;

function lastIndex(data: unknown[]): number {
	for (let i = data.length - 1; i >= 0; i--) if (numberAt(data[i], linePosition) !== null) return i;
	return -1;
}

function labelStyle(input: RenderInput): Option {
	return { color: colors(input).text, fontSize: input.theme.fonts.bodySize * 0.92, fontFamily: fontStack(input) };
}

function formatted(write: Write, position: number) {
	return (params: { value?: unknown }) => {
		const n = numberAt(params.value, position);
		return n === null ? "" : write(n);
	};
}

function barLabels(series: Option, input: RenderInput, write: Write, horizontal: boolean): Option {
	const stacked = series.stack !== undefined;
	return {
		...series,
		label: {
			...labelStyle(input),
			show: true,
			position: stacked ? "inside" : horizontal ? "right" : "top",
			formatter: formatted(write, 0),
		},
	};
}

function lineLabels(series: Option, input: RenderInput, write: Write, which: "last" | "all"): Option {
	if (!Array.isArray(series.data)) return series;
	if (which === "all")
		return { ...series, label: { ...labelStyle(input), show: true, position: "top", formatter: formatted(write, linePosition) } };
	const last = lastIndex(series.data);
	const data = series.data.map((item: unknown, i: number) =>
		i === last
			? { value: itemValue(item), label: { ...labelStyle(input), show: true, position: "top", formatter: formatted(write, linePosition) } }
			: item,
	);
	return { ...series, data };
}

function directLabel(series: Option, input: RenderInput, write: Write, withValue: boolean): Option {
	const name = String(series.name ?? "");
	return {
		...series,
		endLabel: {
			...labelStyle(input),
			show: true,
			color: part(series, "lineStyle").color ?? undefined,
			fontWeight: 600,
			formatter: (params: { value?: unknown }) => {
				const n = numberAt(params.value, linePosition);
				return withValue && n !== null ? `${name}  ${write(n)}` : name;
			},
		},
	};
}

/** The width the longest direct label needs, so the plot ends before the names start. */
function directLabelRoom(series: Option[], input: RenderInput, write: Write, withValue: boolean): number {
	const size = input.theme.fonts.bodySize * 0.92;
	let widest = 0;
	for (const s of series) {
		const data = Array.isArray(s.data) ? s.data : [];
		const last = numberAt(data[lastIndex(data)], linePosition);
		const text = withValue && last !== null ? `${String(s.name ?? "")}  ${write(last)}` : String(s.name ?? "");
		widest = Math.max(widest, textWidth(text, size, fontStack(input), 600));
	}
	return Math.min(widest + 12, input.width * 0.35);
}

export function applyLabels(option: Option, input: RenderInput): Option {
	// A bar race shows its values unless told not to: they are what the race is about.
	const settings = input.meta.labels ?? (isRace(input) ? { values: "all" as const } : undefined);
	if (!settings) return option;
	const values = settings.values ?? "none";
	const direct = settings.direct === true && input.kind === "line";
	if (values === "none" && !direct) return option;
	const write = valueWriter(input);
	const horizontal = input.kind === "horizontal-bar" && (input.meta.orientation !== "vertical" || isRace(input));
	let series = seriesOf(option);
	if (values !== "none") {
		series = series.map((s) => {
			if (s.type === "bar") return barLabels(s, input, write, horizontal);
			if (s.type === "line" && input.kind === "line" && !direct) return lineLabels(s, input, write, values);
			if (s.type === "line" && input.kind === "line" && values === "all") return lineLabels(s, input, write, "all");
			if (s.type === "pie")
				return {
					...s,
					label: {
						...part(s, "label"),
						formatter: (p: { name?: string; value?: unknown }) => `${p.name ?? ""}: ${formatted(write, 0)(p)}`,
					},
				};
			if (s.type === "scatter" && (input.kind === "dot" || input.kind === "range"))
				return { ...s, label: { ...labelStyle(input), show: true, position: "top", formatter: formatted(write, 0) } };
			return s;
		});
	}
	if (!direct) return { ...option, series };
	series = series.map((s) => (s.type === "line" ? directLabel(s, input, write, values === "last") : s));
	const room = directLabelRoom(
		series.filter((s) => s.type === "line"),
		input,
		write,
		values === "last",
	);
	const grid = part(option, "grid");
	return { ...option, series, grid: { ...grid, right: Number(grid.right ?? 0) + room } };
}
