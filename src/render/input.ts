/**
 * What a renderer needs: the data, the settings, the resolved theme and the size. Pure.
 */

import type { z } from "zod";
import { applyTransform } from "../domain/apply-transforms";
import type { Cell, Dataset, DatasetColumn } from "../domain/dataset";
import type { ChartKind } from "../domain/kinds";
import type { Meta } from "../domain/meta";
import type { ModeColors, ThemeDefinition } from "../domain/themes";
import type { RenderFont } from "./uploaded-fonts";

export interface RenderInput {
	kind: ChartKind;
	dataset: Dataset;
	seriesNames: readonly string[];
	meta: Meta;
	theme: ThemeDefinition;
	mode: "light" | "dark";
	width: number;
	height: number;
	transparent: boolean;
	/** Library-backed data: a period column, then one column per statistic. */
	fromStatistics: boolean;
	/**
	 * The chart's whole table as stored, when `dataset` is what its column roles draw of it: the
	 * data a reader gets ("Get the data") keeps the columns the drawing leaves out.
	 */
	table?: Dataset;
	/** The workspace's uploaded fonts of the theme's font family, read before drawing; none when it names only bundled ones. */
	fonts?: readonly RenderFont[];
}

export interface SeriesValues {
	name: string;
	values: (number | null)[];
}

export function colors(input: RenderInput): z.infer<typeof ModeColors> {
	return input.theme.colors[input.mode];
}

export function column(input: RenderInput, name: string): DatasetColumn | undefined {
	return input.dataset.columns.find((c) => c.name === name);
}

/** The series that are drawn: transformed values, hidden ones left out (docs/contract.md#section-2-4). */
export function visibleSeries(input: RenderInput): SeriesValues[] {
	// Columns by name, once: a chart may have hundreds of series and as many columns.
	const columns = new Map<string, DatasetColumn>();
	for (const c of input.dataset.columns) if (!columns.has(c.name)) columns.set(c.name, c);
	return input.seriesNames
		.filter((name) => !input.meta.seriesTransform?.[name]?.hidden)
		.map((name) => ({
			name,
			values: applyTransform((columns.get(name)?.values ?? []) as (number | null)[], input.meta.seriesTransform?.[name]),
		}));
}

export function label(cell: Cell): string {
	return cell === null ? "" : String(cell);
}

/** The first column's cells as axis labels. */
export function categories(input: RenderInput): string[] {
	return (input.dataset.columns[0]?.values ?? []).map(label);
}

const numberFormat = new Intl.NumberFormat("en-US", { maximumSignificantDigits: 4 });
const scientificFormat = new Intl.NumberFormat("en-US", { maximumSignificantDigits: 4, notation: "scientific" });

/**
 * A value for people to read in legends and descriptions: 4 significant digits, grouped; very
 * small or very large values in scientific notation, since spelled out, 5e-324 is a label of
 * 330 characters that pushes a map's colour scale off the canvas.
 */
export function formatNumber(value: number): string {
	const size = Math.abs(value);
	return size !== 0 && (size < 1e-4 || size >= 1e15) ? scientificFormat.format(value) : numberFormat.format(value);
}

export function numbersOf(columnValues: readonly Cell[]): (number | null)[] {
	return columnValues.map((v) => (typeof v === "number" ? v : null));
}

/**
 * A period or date as a time axis places it, in ms since 1970 (UTC, so the server and every
 * reader's browser put it at the same place): `2024` is the year's start, `2024-03` the month's,
 * a date its midnight, a time without an offset UTC. Null when it is no such date.
 */
export function timeOf(text: string): number | null {
	const match = /^(\d{4})(?:-(\d\d)(?:-(\d\d)([T ]\d.*)?)?)?$/.exec(text.trim());
	if (!match) return null;
	const [, year, month = "01", day = "01", clock] = match;
	const time = clock
		? Date.parse(`${year}-${month}-${day}T${clock.slice(1)}${/(Z|[+-]\d\d:?\d\d)$/.test(clock) ? "" : "Z"}`)
		: Date.UTC(Number(year), Number(month) - 1, Number(day));
	return Number.isFinite(time) ? time : null;
}

/**
 * Where an annotation's x lies on a time axis: a date or period as the data writes it, a year
 * (`2008`), or ms since 1970 (what the editor reads off a time axis under the pointer).
 */
export function timeAt(value: string | number): number | null {
	const text = String(value).trim();
	const number = text === "" ? Number.NaN : Number(text);
	if (!Number.isFinite(number)) return timeOf(text);
	return Math.abs(number) < 10_000 && Number.isInteger(number) ? timeOf(String(number).padStart(4, "0")) : number;
}
