/**
 * What a chart draws, in which colours: read from the ECharts option the renderer's own builders
 * made (render/option.ts on the server, the same builders in the console's preview), so the
 * checks see the colours the reader sees rather than a second guess at them.
 *
 * Series take their colour as ECharts gives it: their own (`itemStyle.color`, set by
 * meta.seriesStyle or a highlight), else the next palette colour by series name in series order
 * (custom series, such as a dot plot's connectors, take a slot too). Pies colour each slice from
 * the palette. Kinds coloured by a scale (maps, heatmaps: a `visualMap`) and those whose series
 * colour nodes or flows by themselves (sankey, treemap, theme river) have no series marks to
 * check; their texts are still checked. Value labels drawn inside a bar sit on the bar, not the
 * background, and labels drawn in their series' colour are that series' mark: neither is
 * checked as text.
 */
import type { DrawnColors, DrawnMark, DrawnText, Mode } from "./color-checks";
import { graphicContrastMinimum, textContrastMinimum } from "./theme-checks";

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}

function child(value: unknown, key: string): Json {
	return isObject(value) && isObject(value[key]) ? (value[key] as Json) : {};
}

function list(value: unknown): unknown[] {
	if (Array.isArray(value)) return value;
	return value === undefined ? [] : [value];
}

function hexOf(value: unknown): string | null {
	return typeof value === "string" && /^#(?:[0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(value) ? value : null;
}

/** Series types drawn in one colour per series. */
const seriesColoured = new Set(["line", "bar", "scatter", "effectScatter", "boxplot", "pictorialBar", "radar", "custom"]);

function ownColor(series: Json): string | null {
	return hexOf(child(series, "itemStyle").color) ?? hexOf(child(series, "lineStyle").color);
}

function marksOf(option: Json, displayNames: ReadonlyMap<string, string>): DrawnMark[] {
	if (option.visualMap !== undefined) return [];
	const palette = list(option.color)
		.map(hexOf)
		.filter((c): c is string => c !== null);
	if (palette.length === 0) return [];
	// ECharts' palette: one colour per series name, in order, for series without their own.
	const byName = new Map<string, string>();
	const paletteColor = (name: string) => {
		let color = byName.get(name);
		if (!color) {
			color = palette[byName.size % palette.length] as string;
			byName.set(name, color);
		}
		return color;
	};
	const marks: DrawnMark[] = [];
	for (const series of list(option.series).filter(isObject)) {
		const type = String(series.type ?? "");
		const drawnName = String(series.name ?? "");
		// The empty series a plot of bars carries its notes on (render's annotationSeriesPrefix) draws no mark of its own.
		if (String(series.id ?? "").startsWith("annotations:")) continue;
		if (type === "pie") {
			list(series.data).forEach((item, i) => {
				if (!isObject(item)) return;
				const name = String(item.name ?? i);
				marks.push({
					name,
					label: name,
					color: hexOf(child(item, "itemStyle").color) ?? (palette[i % palette.length] as string),
					settable: false,
				});
			});
			continue;
		}
		if (!seriesColoured.has(type)) continue;
		const color = ownColor(series) ?? paletteColor(drawnName);
		if (type === "custom") continue;
		const name = displayNames.get(drawnName) ?? drawnName;
		const items = list(series.data).filter(isObject);
		const itemColors = items.map((item) => hexOf(child(item, "itemStyle").color)).filter((c): c is string => c !== null);
		if (itemColors.length > 0 && items.every((item) => isObject(item.itemStyle))) {
			// One series across categories coloured item by item (a highlight of categories).
			items.forEach((item, i) => {
				const category = String(item.name ?? i);
				const itemColor = hexOf(child(item, "itemStyle").color) ?? color;
				marks.push({ name: `${name}/${category}`, label: category, color: itemColor, settable: false });
			});
			continue;
		}
		marks.push({ name, label: drawnName, color, settable: true });
	}
	return marks;
}

interface TextRole {
	role: string;
	minimum: number;
}

const text = (role: string): TextRole => ({ role, minimum: textContrastMinimum });
const graphic = (role: string): TextRole => ({ role, minimum: graphicContrastMinimum });

function addText(texts: DrawnText[], color: unknown, role: TextRole): void {
	const hex = hexOf(color);
	if (hex) texts.push({ color: hex, ...role });
}

function axisTexts(texts: DrawnText[], option: Json): void {
	for (const key of ["xAxis", "yAxis", "radiusAxis", "angleAxis"]) {
		for (const axis of list(option[key]).filter(isObject)) {
			if (axis.show === false) continue;
			if (child(axis, "axisLabel").show !== false) addText(texts, child(axis, "axisLabel").color, text("Axis labels"));
			addText(texts, child(axis, "nameTextStyle").color, text("Axis titles"));
			if (child(axis, "axisLine").show !== false) addText(texts, child(child(axis, "axisLine"), "lineStyle").color, graphic("Axis lines"));
		}
	}
	for (const radar of list(option.radar).filter(isObject)) addText(texts, child(radar, "axisName").color, text("Axis labels"));
}

function labelTexts(texts: DrawnText[], series: Json, seriesColors: ReadonlySet<string>): void {
	const labels = [
		child(series, "label"),
		...list(series.data)
			.filter(isObject)
			.map((item) => child(item, "label")),
	];
	for (const label of labels) {
		if (label.show === false || (typeof label.position === "string" && label.position.startsWith("inside"))) continue;
		const color = hexOf(label.color);
		if (color && !seriesColors.has(color.toLowerCase())) addText(texts, color, text("Value labels"));
	}
}

function annotationTexts(texts: DrawnText[], series: Json): void {
	const markPoint = child(series, "markPoint");
	for (const point of list(markPoint.data).filter(isObject)) {
		addText(texts, child(point, "label").color, text("Annotations"));
		addText(texts, child(point, "itemStyle").color, graphic("Annotation marks"));
	}
	const markLine = child(series, "markLine");
	const lines = list(markLine.data);
	if (lines.length > 0) addText(texts, child(markLine, "lineStyle").color, graphic("Annotation lines"));
	for (const line of lines.flatMap(list).filter(isObject)) {
		if (child(line, "label").show !== false) addText(texts, child(line, "label").color, text("Annotations"));
		addText(texts, child(line, "lineStyle").color, graphic("Annotation lines"));
	}
	for (const area of list(child(series, "markArea").data).flatMap(list).filter(isObject)) {
		if (child(area, "label").show !== false) addText(texts, child(area, "label").color, text("Annotations"));
	}
}

function textsOf(option: Json, marks: readonly DrawnMark[]): DrawnText[] {
	const texts: DrawnText[] = [];
	for (const title of list(option.title).filter(isObject)) {
		if (title.text) addText(texts, child(title, "textStyle").color, text("The title"));
		if (title.subtext) addText(texts, child(title, "subtextStyle").color, text("The subtitle"));
	}
	for (const legend of list(option.legend).filter(isObject)) {
		if (legend.show !== false) addText(texts, child(legend, "textStyle").color, text("Legend text"));
	}
	axisTexts(texts, option);
	const seriesColors = new Set(marks.map((m) => m.color.toLowerCase()));
	for (const series of list(option.series).filter(isObject)) {
		labelTexts(texts, series, seriesColors);
		annotationTexts(texts, series);
	}
	// The footer (source, notes, byline) and other drawn texts are graphic elements.
	for (const element of list(option.graphic).filter(isObject)) {
		const style = child(element, "style");
		if (element.type === "text" || typeof style.text === "string") addText(texts, style.fill, text("Source and notes"));
	}
	return texts;
}

/**
 * The colours an option draws in one mode. `background` is the theme's (a transparent export
 * shows on whatever is under it, so the theme's background is the one to check against);
 * `displayNames` maps a drawn series name back to the data's (meta.seriesStyle's key).
 */
export function drawnColors(
	option: Json,
	{
		mode,
		background,
		palette,
		displayNames,
	}: { mode: Mode; background: string; palette: readonly string[]; displayNames: ReadonlyMap<string, string> },
): DrawnColors {
	const marks = marksOf(option, displayNames);
	const drawn: DrawnColors = { mode, background, palette, marks, texts: textsOf(option, marks) };
	return eachSeriesInItsOwnPanel(option) ? { ...drawn, panels: true } : drawn;
}

/** Small multiples: several grids and every series on an axis of its own, so none shares a plot or a legend. */
function eachSeriesInItsOwnPanel(option: Json): boolean {
	const grids = list(option.grid);
	const series = list(option.series).filter(isObject);
	if (grids.length < 2 || series.length < 2) return false;
	return new Set(series.map((s) => s.yAxisIndex ?? 0)).size === series.length;
}
