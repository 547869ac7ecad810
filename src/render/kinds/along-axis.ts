/**
 * How charts drawn along periods (lines, small multiples, theme rivers) lay out their x: dates by
 * time in UTC, years and other numbers by value, text one even step per row; and the ticks and
 * tick texts of such an axis, on calendar boundaries and whole years, written as data writes
 * dates. One place, so every kind along periods spaces and writes them alike.
 */
import type { Cell } from "../../domain/dataset";
import type { Meta } from "../../domain/meta";
import { isPeriodColumn } from "../../domain/period-columns";
import type { RenderInput } from "../input";
import { timeOf } from "../input";
import { dateFormatter, timeTickFormatter } from "../number-format";

/**
 * How a line chart's x column lays its rows out: dates on a time axis and numbers on a value
 * axis, each spaced by what they say (1950 → 1990 four times as wide as 2020 → 2030), periods
 * (years) written without separators; text stays a category axis, one even step per row.
 */
export type LineX = "time" | "period" | "value" | "category";

/** Whole numbers that read as years (1000–2999), written without separators whatever the column's name. */
function yearLike(values: readonly Cell[]): boolean {
	let any = false;
	for (const v of values) {
		if (v === null) continue;
		if (typeof v !== "number" || !Number.isInteger(v) || v < 1000 || v > 2999) return false;
		any = true;
	}
	return any;
}

export function lineX(input: RenderInput): LineX {
	const x = input.dataset.columns[0];
	if (!x || x.values.every((v) => v === null)) return "category";
	if (x.type === "date") return x.values.every((v) => v === null || (typeof v === "string" && timeOf(v) !== null)) ? "time" : "category";
	if (x.type === "number") {
		if (!x.values.every((v) => v === null || (typeof v === "number" && Number.isFinite(v)))) return "category";
		return isPeriodColumn(x) || yearLike(x.values) ? "period" : "value";
	}
	return "category";
}

/**
 * A line's x as the data has it, from the value its axis holds (a time axis's ms, a value axis's
 * number): the header of a tooltip, before `meta.locale` writes a date.
 */
export function lineXText(input: RenderInput): (x: unknown) => string {
	const column = input.dataset.columns[0];
	if (lineX(input) === "time" && column) {
		const texts = new Map<number, string>();
		for (const v of column.values) {
			if (typeof v !== "string") continue;
			const t = timeOf(v);
			if (t !== null && !texts.has(t)) texts.set(t, v);
		}
		return (x) => {
			if (typeof x !== "number") return x === null || x === undefined ? "" : String(x);
			return texts.get(x) ?? new Date(x).toISOString().slice(0, 10);
		};
	}
	return (x) => (x === null || x === undefined ? "" : String(x));
}

const two = (n: number) => String(n).padStart(2, "0");

/**
 * A time axis's tick as the house writes dates without a locale, the way data has them: `2024` at
 * a year's start, `2024-03` at a month's, `2024-03-05` on another day, `14:30` within a day.
 */
function timeTick(value: number): string {
	const date = new Date(value);
	if (Number.isNaN(date.getTime())) return "";
	const year = String(date.getUTCFullYear()).padStart(4, "0");
	const month = two(date.getUTCMonth() + 1);
	const day = two(date.getUTCDate());
	if (date.getUTCHours() !== 0 || date.getUTCMinutes() !== 0) return `${two(date.getUTCHours())}:${two(date.getUTCMinutes())}`;
	if (day !== "01") return `${year}-${month}-${day}`;
	return month === "01" ? year : `${year}-${month}`;
}

/**
 * A time axis's ticks in `meta.locale`: a year at its start, a month with its year as the chart's
 * dates are written elsewhere ("März 2024"), a day by its day and month, a time within a day by the clock.
 */
function localeTimeTick(meta: Meta): (value: number) => string {
	const writeDate = dateFormatter(meta);
	const tick = timeTickFormatter(meta);
	return (value) => {
		const date = new Date(value);
		if (date.getUTCHours() !== 0 || date.getUTCMinutes() !== 0) return date.toISOString().slice(11, 16);
		return date.getUTCDate() === 1 && date.getUTCMonth() !== 0 ? writeDate(date.toISOString().slice(0, 7)) : tick(value);
	};
}

const day = 86_400_000;
/** Steps a time axis ticks by, smallest first: minutes, hours, days, months, years. */
type TimeUnit = "minute" | "hour" | "day" | "month" | "year";
const timeSteps: { unit: TimeUnit; n: number; approx: number }[] = [
	...[1, 5, 15, 30].map((n) => ({ unit: "minute" as const, n, approx: n * 60_000 })),
	...[1, 2, 3, 6, 12].map((n) => ({ unit: "hour" as const, n, approx: n * 3_600_000 })),
	...[1, 2, 7].map((n) => ({ unit: "day" as const, n, approx: n * day })),
	...[1, 2, 3, 6].map((n) => ({ unit: "month" as const, n, approx: n * 30.44 * day })),
	...[1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000].map((n) => ({ unit: "year" as const, n, approx: n * 365.25 * day })),
];

/** The finest unit a column of ISO dates names: years (`2024`), months (`2024-03`), days, or times of day. */
function finestUnit(cells: readonly Cell[]): TimeUnit {
	let longest = 0;
	for (const cell of cells) if (typeof cell === "string") longest = Math.max(longest, cell.trim().length);
	return longest <= 4 ? "year" : longest <= 7 ? "month" : longest <= 10 ? "day" : "minute";
}

/**
 * Ticks of a time axis at calendar boundaries, at most about `count` of them: whole years (every
 * 1, 2, 5, 10… years, on multiples), months (every 1, 2, 3 or 6, from January), days or hours.
 * ECharts' own ticks start at the data's first date and step by odd spans (1955, 1963, 1971…).
 */
function timeTicks(min: number, max: number, count: number, finest: TimeUnit = "minute"): number[] {
	const span = max - min;
	if (!(span > 0)) return [min];
	// Never finer than the data: monthly figures are ticked by months or years, not weeks.
	const steps = timeSteps.slice(timeSteps.findIndex((s) => s.unit === finest));
	const step = steps.find((s) => span / s.approx <= count) ?? (steps.at(-1) as (typeof timeSteps)[number]);
	const ticks: number[] = [];
	const start = new Date(min);
	if (step.unit === "year" || step.unit === "month") {
		const months = step.unit === "year" ? step.n * 12 : step.n;
		let index = start.getUTCFullYear() * 12 + start.getUTCMonth();
		index = Math.ceil(index / months) * months;
		for (; ; index += months) {
			const t = new Date(Date.UTC(2000, index - 2000 * 12, 1)).getTime();
			if (t < min) continue;
			if (t > max) break;
			ticks.push(t);
		}
		return ticks;
	}
	if (step.unit === "day" && step.n === 7) {
		// Weeks start on Monday (1970-01-05 was one).
		const monday = Date.UTC(1970, 0, 5);
		for (let t = monday + Math.ceil((min - monday) / (7 * day)) * 7 * day; t <= max; t += 7 * day) ticks.push(t);
		return ticks;
	}
	for (let t = Math.ceil(min / step.approx) * step.approx; t <= max; t += step.approx) ticks.push(t);
	return ticks;
}

/** Whole numbers (years) ticked every 1, 2, 5, 10… on their multiples, at most about `count`. */
function periodTicks(min: number, max: number, count: number): number[] {
	const span = max - min;
	if (!(span > 0)) return [min];
	let step = 1;
	for (let power = 1; ; power *= 10) {
		const fits = [1, 2, 5].map((m) => m * power).find((s) => span / s <= count);
		if (fits !== undefined) {
			step = fits;
			break;
		}
	}
	const ticks: number[] = [];
	for (let t = Math.ceil(min / step) * step; t <= max; t += step) ticks.push(t);
	return ticks;
}

/** About how many ticks a line's x axis has room for: one per ~75 px of plot, at least two. */
export function tickRoom(input: RenderInput, plot: { left: number; right: number }): number {
	return Math.max(2, Math.floor((input.width - plot.left - plot.right - 40) / 75));
}

/**
 * The ticks and tick texts of an axis along periods over `ends` (a cell column's values for the
 * finest unit it names): calendar boundaries written as data writes dates (or in `meta.locale`),
 * whole years written as years; other numbers keep ECharts' own round ticks and null here.
 */
export function alongTicks(
	input: RenderInput,
	along: Exclude<LineX, "category">,
	ends: { min: number; max: number } | null,
	cells: readonly Cell[],
	room: number,
): { formatter: ((value: number) => string) | null; ticks: number[] | null } {
	const calendar =
		!ends || along === "value"
			? []
			: along === "time"
				? timeTicks(ends.min, ends.max, room, finestUnit(cells))
				: periodTicks(ends.min, ends.max, room);
	const formatter =
		along === "time"
			? input.meta.locale !== undefined
				? localeTimeTick(input.meta)
				: timeTick
			: along === "period"
				? (value: number) => String(value)
				: null;
	return { formatter, ticks: calendar.length > 0 ? calendar : null };
}

/** Where a row's x cell lies on an axis along periods: a date's ms (UTC), a number as it is; null for no place. */
export function placeAlong(along: Exclude<LineX, "category">, cell: Cell): number | null {
	if (along === "time") return typeof cell === "string" ? timeOf(cell) : null;
	return typeof cell === "number" && Number.isFinite(cell) ? cell : null;
}
