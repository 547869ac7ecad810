/**
 * A bar race (`meta.race.enabled` on horizontal-bar): rows are periods, columns entities (the
 * line layout). One frame is one period, its entities as bars sorted largest first, each entity
 * in its own colour in every frame, with the period written large in the plot's corner. Exports
 * draw `meta.race.period` or the last period; the embed page's client plays through them all.
 */
import type { DrawingNotes } from "../drawing-notes";
import type { Option } from "../frame";
import { fontStack } from "../frame";
import type { RenderInput } from "../input";
import { categories, colors, visibleSeries } from "../input";
import { dateFormatter } from "../number-format";
import { part, seriesOf } from "../settings/option-parts";

export function isRace(input: RenderInput): boolean {
	return input.kind === "horizontal-bar" && input.meta.race?.enabled === true;
}

/** The periods of a race, in row order. */
export function racePeriods(input: RenderInput): string[] {
	return categories(input);
}

/** The period a frame shows: `meta.race.period` when it is one, else the last. */
export function racePeriodIndex(input: RenderInput, notes?: DrawingNotes): number {
	const periods = racePeriods(input);
	const wanted = input.meta.race?.period;
	if (wanted === undefined) return periods.length - 1;
	const index = periods.indexOf(wanted);
	if (index < 0) notes?.add(`race.period "${wanted}" is not a period of this chart; the last period is drawn`);
	return index >= 0 ? index : periods.length - 1;
}

/** The race's frame as a one-series bar chart's input: entities are the categories. */
export function raceFrameInput(input: RenderInput, notes?: DrawingNotes): { frameInput: RenderInput; period: string; entities: string[] } {
	const series = visibleSeries(input);
	const index = racePeriodIndex(input, notes);
	const period = racePeriods(input)[index] ?? "";
	const entities = series.map((s) => s.name);
	const frameInput: RenderInput = {
		...input,
		dataset: {
			columns: [
				{ name: "entity", type: "text", values: entities },
				{ name: period, type: "number", values: series.map((s) => s.values[index] ?? null) },
			],
		},
		seriesNames: [period],
		meta: { ...input.meta, sort: "descending", stack: "none", orientation: "horizontal", seriesTransform: undefined, race: undefined },
	};
	return { frameInput, period, entities };
}

/** Each entity keeps one colour through the race: its `seriesStyle` colour or its palette place. */
export function raceColors(option: Option, input: RenderInput, entities: readonly string[]): Option {
	const palette = colors(input).palette;
	const colorOf = new Map(
		entities.map((name, i) => [name, input.meta.seriesStyle?.[name]?.color ?? (palette[i % palette.length] as string)]),
	);
	const axis = part(option, "yAxis");
	const names = Array.isArray(axis.data) ? axis.data.map(String) : [];
	const series = seriesOf(option).map((s) => ({
		...s,
		data: Array.isArray(s.data)
			? s.data.map((value: unknown, i: number) => ({ value, itemStyle: { color: colorOf.get(names[i] ?? "") } }))
			: s.data,
	}));
	return { ...option, series };
}

/** The period, large and quiet, in the plot's bottom-right corner. */
export function periodMark(input: RenderInput, period: string, plot: { right: number; bottom: number }): Option {
	const size = input.theme.fonts.titleSize * 2;
	return {
		type: "text",
		right: plot.right + 8,
		// Above the value axis's labels, which sit inside the grid's outer bounds.
		bottom: plot.bottom + input.theme.fonts.bodySize * 2 + 8,
		z: 0,
		// A period that is a date is written in the locale, like every other date of the chart.
		style: {
			text: input.meta.locale !== undefined ? dateFormatter(input.meta)(period) : period,
			fill: colors(input).mutedText,
			opacity: 0.5,
			fontSize: size,
			fontWeight: 700,
			fontFamily: fontStack(input),
		},
	};
}

/**
 * A race frame for playing (the embed): the entities stay in one order on the category axis and
 * ECharts sorts the bars itself as values change (`realtimeSort`), so moving from one period to
 * the next slides the bars past each other while their value labels count up. A still frame
 * (exports) is the same picture: its bars are already sorted.
 */
export function racePlayingOption(option: Option, input: RenderInput): Option {
	if (!isRace(input)) return option;
	const entities = visibleSeries(input).map((s) => s.name);
	const axis = part(option, "yAxis");
	const sortedNames = Array.isArray(axis.data) ? axis.data.map(String) : [];
	const series = seriesOf(option).map((s, k) => {
		if (k > 0 || !Array.isArray(s.data)) return s;
		const byName = new Map(sortedNames.map((name, i) => [name, (s.data as unknown[])[i]]));
		return {
			...s,
			// The series is named after its period; one id keeps it the same series from period to
			// period, so ECharts moves its bars and counts its labels instead of drawing a new one.
			id: "race",
			realtimeSort: true,
			data: entities.map((name) => byName.get(name) ?? null),
			label: { ...part(s, "label"), valueAnimation: true },
		};
	});
	return {
		...option,
		// Labels move with their bars, a little faster than the bars themselves.
		yAxis: { ...axis, data: entities, animationDuration: 300, animationDurationUpdate: 300 },
		series,
	};
}
