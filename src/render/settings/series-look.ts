/**
 * `meta.seriesStyle` and `meta.highlight` on the series an option builder made: colour, display
 * name, line style, width and symbols per series; highlighted series keep their colours and the
 * rest take the theme's muted colour. For kinds that draw one series across categories (bars with
 * one series, pies, dot plots of one series) highlight names may be categories (one party's bar).
 */
import type { SeriesStyle } from "../../domain/meta-settings";
import type { DrawingNotes } from "../drawing-notes";
import type { Option } from "../frame";
import { displayName } from "../frame";
import type { RenderInput } from "../input";
import { colors } from "../input";
import { part, seriesOf } from "./option-parts";

/** Series types whose marks are lines (width, dash and symbols apply). */
const lineTypes = new Set(["line"]);

function styled(series: Option, style: SeriesStyle, color: string | undefined): Option {
	const next: Option = { ...series };
	if (color) {
		next.itemStyle = { ...part(series, "itemStyle"), color };
		next.lineStyle = { ...part(series, "lineStyle"), color };
		if (series.areaStyle) next.areaStyle = { ...part(series, "areaStyle"), color };
	}
	if (lineTypes.has(String(series.type))) {
		if (style.line) next.lineStyle = { ...part(next, "lineStyle"), type: style.line };
		if (style.width !== undefined) next.lineStyle = { ...part(next, "lineStyle"), width: style.width };
		if (style.symbols !== undefined) next.showSymbol = style.symbols;
	}
	return next;
}

/** The colour series `index` (of the palette order) is drawn in. */
function paletteColor(input: RenderInput, index: number): string {
	const palette = colors(input).palette;
	return palette[index % palette.length] as string;
}

/** A colour the option builder gave the series itself (a range chart's arrow ends): ECharts then gives it no palette colour. */
function builderColor(series: Option): string | undefined {
	const color = part(series, "itemStyle").color;
	return typeof color === "string" ? color : undefined;
}

/**
 * Each series' place in the palette as ECharts hands it out when the chart sets no colour: in
 * series order, one per name (a name seen before keeps its colour), skipping series the builder
 * coloured itself. Giving every series the colour of its place when one of them has its own keeps
 * the others where they were: ECharts would close the gap a coloured series leaves.
 */
function paletteSlots(all: readonly Option[]): (number | undefined)[] {
	const byName = new Map<string, number>();
	return all.map((series) => {
		if (builderColor(series) !== undefined) return undefined;
		const name = String(series.name ?? "");
		const slot = byName.get(name) ?? byName.size;
		byName.set(name, slot);
		return slot;
	});
}

/** Per-item colours for one series across categories: highlighted items keep `base`, the rest are muted. */
function highlightItems(
	series: Option,
	names: readonly string[],
	wanted: Set<string>,
	base: (index: number) => string | undefined,
	muted: string,
): Option {
	if (!Array.isArray(series.data)) return series;
	const data = series.data.map((item: unknown, i: number) => {
		const name =
			typeof item === "object" && item !== null && !Array.isArray(item)
				? String((item as Option).name ?? names[i] ?? "")
				: // A line's `[year, value]` is named by its year.
					Array.isArray(item) && series.type === "line"
					? String(item[0])
					: (names[i] ?? "");
		const asObject = typeof item === "object" && item !== null && !Array.isArray(item) ? (item as Option) : { value: item };
		// A highlighted item keeps a colour of its own (a race entity's); the rest are muted.
		const color = wanted.has(name) ? (part(asObject, "itemStyle").color ?? base(i)) : muted;
		if (!color) return item;
		return { ...asObject, itemStyle: { ...part(asObject, "itemStyle"), color } };
	});
	return { ...series, data };
}

/** Category names of a one-series chart: the category axis's data, or the pie's slice names. */
function categoryNames(option: Option): string[] {
	for (const key of ["xAxis", "yAxis"]) {
		const axis = option[key];
		if (typeof axis === "object" && axis !== null && !Array.isArray(axis) && (axis as Option).type === "category") {
			const data = (axis as Option).data;
			if (Array.isArray(data)) return data.map(String);
		}
	}
	return [];
}

export function applySeriesLook(option: Option, input: RenderInput, notes: DrawingNotes): Option {
	const styles = input.meta.seriesStyle;
	const highlight = input.meta.highlight;
	if (!styles && !highlight) return option;
	const muted = colors(input).axis;
	const wanted = new Set(highlight ?? []);
	const seriesNames = new Set(input.seriesNames);
	const all = seriesOf(option);
	const drawnNames = all.map((s) => String(s.name ?? ""));
	const namesSeries = highlight?.some((name) => seriesNames.has(name) && drawnNames.includes(name)) === true;
	const oneSeries = all.filter((s) => s.type !== "custom").length === 1;
	const slots = paletteSlots(all);
	const someOwnColor = drawnNames.some((name) => styles?.[name]?.color !== undefined);
	const next = all.map((series, index) => {
		if (series.type === "custom") return series;
		const name = String(series.name ?? "");
		const own = styles?.[name] ?? {};
		const slot = slots[index];
		const placed = (highlight || someOwnColor) && slot !== undefined ? paletteColor(input, slot) : undefined;
		const base = own.color ?? builderColor(series) ?? placed;
		if (highlight && !namesSeries && oneSeries) {
			// One series across categories: the highlight names categories (or slices).
			const names = series.type === "pie" ? [] : categoryNames(option);
			// A pie's slices take the palette in order; bars share the series colour.
			const fallback = (i: number) => (series.type === "pie" ? paletteColor(input, i) : base);
			return { ...styled(highlightItems(series, names, wanted, fallback, muted), own, undefined), name: displayName(input, name) };
		}
		const color = highlight && !wanted.has(name) ? muted : base;
		const look = styled(series, own, color);
		return { ...look, name: displayName(input, name), ...(highlight && !wanted.has(name) ? { z: 1 } : highlight ? { z: 3 } : {}) };
	});
	if (highlight) {
		const categories = new Set([
			...categoryNames(option),
			...all.flatMap((s) =>
				s.type === "line" && Array.isArray(s.data) ? s.data.map((d: unknown) => String(Array.isArray(d) ? d[0] : "")) : [],
			),
			...all.flatMap((s) => (s.type === "pie" && Array.isArray(s.data) ? s.data.map((d: unknown) => String((d as Option)?.name)) : [])),
		]);
		const unknown = highlight.filter((name) => !drawnNames.includes(name) && !categories.has(name));
		if (unknown.length > 0)
			notes.add(
				`highlight names no series or category of this chart: ${unknown.slice(0, 5).join(", ")}${unknown.length > 5 ? ` and ${unknown.length - 5} more` : ""}`,
			);
	}
	return { ...option, series: next };
}
