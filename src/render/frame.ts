/**
 * What every chart kind shares: background, palette, fonts, title and subtitle, the source
 * line in the footer, the legend, and the plot area left between them.
 */

import { footer, wrapLines } from "./footer";
import type { RenderInput } from "./input";
import { colors } from "./input";
import { textWidth } from "./text-width";

export type Option = Record<string, unknown>;

export interface Frame {
	option: Option;
	/** The plot area inside the title, legend and footer, in pixels from each edge. */
	plot: { top: number; right: number; bottom: number; left: number };
}

// Single quotes only: ECharts writes this into a double-quoted SVG attribute without escaping.
export const fontStack = (input: RenderInput) => `${input.theme.fonts.family}, Inter, 'DejaVu Sans', Helvetica, Arial, sans-serif`;

/** The smallest text a chart draws (axis labels of small multiples, notes, the source line): 11 px in the base theme. */
export const smallText = (input: RenderInput) => input.theme.fonts.bodySize * 0.92;

/** Where the legend goes: `meta.legend.position`, hidden when lines are labelled directly. */
export function legendPosition(input: RenderInput): "top" | "bottom" | "right" | "none" {
	if (input.meta.labels?.direct === true && input.kind === "line") return "none";
	return input.meta.legend?.position ?? "top";
}

/** The name a series is shown by (`meta.seriesStyle[name].label`), for legends, tooltips and labels. */
export function displayName(input: RenderInput, name: string): string {
	const label = input.meta.seriesStyle?.[name]?.label?.trim();
	return label ? label : name;
}

/** The widest legend entry plus its swatch, capped so the plot keeps most of the width. */
function rightLegendWidth(input: RenderInput, names: readonly string[]): number {
	const size = input.theme.fonts.bodySize;
	const widest = names.slice(0, 50).reduce((w, name) => Math.max(w, textWidth(name, size, fontStack(input))), 0);
	return Math.min(widest + 24, input.width * 0.3);
}

export function frame(input: RenderInput, options: { legend: boolean; legendNames?: string[] }): Frame {
	const c = colors(input);
	const { padding } = input.theme.surfaces;
	const { titleSize, bodySize, titleWeight } = input.theme.fonts;
	const title = input.meta.title?.trim();
	const subtitle = input.meta.subtitle?.trim();
	const position = legendPosition(input);
	const showLegend = options.legend && position !== "none";
	const legendNames = (options.legendNames ?? input.seriesNames).map((name) => displayName(input, name));
	// Titles wrap rather than run off a narrow chart (an embed's phone layout). The room is measured
	// in Inter with a margin: a reader's browser may draw the embed's text in a wider fallback face
	// before (or without) the web font.
	const textRoom = (input.width - padding * 2 - logoRoom(input)) * 0.88;
	const titleLines = title ? wrapLines(title, textRoom, (line) => textWidth(line, titleSize, fontStack(input), titleWeight), 3) : [];
	const subtitleLines = subtitle ? wrapLines(subtitle, textRoom, (line) => textWidth(line, bodySize, fontStack(input)), 4) : [];
	const titleLineHeight = Math.round(titleSize * 1.25);
	const subtitleLineHeight = Math.round(bodySize * 1.35);
	let top = padding;
	if (title) top += titleSize * 1.35 + (titleLines.length - 1) * titleLineHeight;
	if (subtitle) top += bodySize * 1.5 + 2 + (subtitleLines.length - 1) * subtitleLineHeight;
	const legendTop = top + (title || subtitle ? 6 : 0);
	// A legend wider than the chart wraps into rows (ECharts does so itself); leave room for each.
	const legendRows = position === "top" || position === "bottom" ? rowsOf(input, legendNames) : 1;
	const legendHeight = bodySize * 1.8 + (legendRows - 1) * legendRowPitch(bodySize);
	const foot = footer(input);
	let bottom = padding + foot.height;
	let right = padding;
	let legendPlace: Option = { top: legendTop, left: padding };
	if (showLegend && position === "top") top = legendTop + legendHeight;
	if (showLegend && position === "bottom") {
		legendPlace = { bottom, left: padding };
		bottom += legendHeight;
	}
	if (showLegend && position === "right") {
		const width = rightLegendWidth(input, legendNames);
		legendPlace = { top: legendTop, right: padding, orient: "vertical", type: "scroll", width };
		right += width + 8;
	}

	const option: Option = {
		animation: false,
		backgroundColor: input.transparent ? "transparent" : c.background,
		color: c.palette,
		textStyle: { fontFamily: fontStack(input), color: c.text, fontSize: bodySize },
		title: {
			show: Boolean(title || subtitle),
			text: titleLines.join("\n"),
			subtext: subtitleLines.join("\n"),
			left: padding,
			top: padding,
			padding: 0,
			itemGap: 8,
			textStyle: {
				fontSize: titleSize,
				fontWeight: titleWeight,
				color: c.text,
				fontFamily: fontStack(input),
				...(titleLines.length > 1 ? { lineHeight: titleLineHeight } : {}),
			},
			subtextStyle: {
				fontSize: bodySize,
				color: c.mutedText,
				fontFamily: fontStack(input),
				...(subtitleLines.length > 1 ? { lineHeight: subtitleLineHeight } : {}),
			},
		},
		legend: {
			show: showLegend,
			...(options.legendNames ? { data: legendNames } : {}),
			...legendPlace,
			padding: 0,
			itemWidth: 14,
			itemHeight: 10,
			textStyle: { color: c.text, fontSize: bodySize },
			pageTextStyle: { color: c.mutedText },
		},
		tooltip: { trigger: "item" },
		graphic: [...foot.graphics, ...logo(input)],
	};
	return { option, plot: { top: top + 8, right: right + 8, bottom: bottom + 8, left: padding + 8 } };
}

/** Legend items: swatch, gap, name; items apart by ECharts' `itemGap`, rows apart by it too. */
const legendSwatch = 14 + 5;
const legendItemGap = 10;
const legendRowPitch = (bodySize: number) => bodySize * 1.25 + legendItemGap;

/** How many rows a horizontal legend of these names takes across the chart. */
function rowsOf(input: RenderInput, names: readonly string[]): number {
	const room = input.width - input.theme.surfaces.padding * 2;
	let rows = 1;
	let used = 0;
	for (const name of names.slice(0, 200)) {
		const item = legendSwatch + textWidth(name, input.theme.fonts.bodySize, fontStack(input));
		if (used > 0 && used + legendItemGap + item > room) {
			rows += 1;
			used = item;
		} else used += (used > 0 ? legendItemGap : 0) + item;
	}
	return rows;
}

/** Room the logo takes beside the title, when it sits top right. */
function logoRoom(input: RenderInput): number {
	const mark = input.theme.logo;
	return mark?.position === "top-right" ? mark.width + 8 : 0;
}

/** The theme's logo (a data URI only: renders never fetch), in the corner the theme names. */
function logo(input: RenderInput): Option[] {
	const mark = input.theme.logo;
	if (!mark) return [];
	const { padding } = input.theme.surfaces;
	const place = {
		"top-right": { right: padding, top: padding },
		"bottom-right": { right: padding, bottom: padding },
		"bottom-left": { left: padding, bottom: padding },
	}[mark.position];
	return [{ type: "image", ...place, style: { image: mark.dataUri, width: mark.width, height: mark.width / 3 }, z: 10 }];
}

/** Axis styling from the theme, for value and category axes alike. */
export function axisStyle(input: RenderInput, showGrid: boolean) {
	const c = colors(input);
	return {
		axisLine: { lineStyle: { color: c.axis } },
		axisTick: { lineStyle: { color: c.axis } },
		axisLabel: { color: c.mutedText, hideOverlap: true },
		splitLine: { show: showGrid, lineStyle: { color: c.grid } },
		nameTextStyle: { color: c.mutedText },
	};
}

export function gridLines(input: RenderInput): { horizontal: boolean; vertical: boolean } {
	const g = input.theme.surfaces.gridLines;
	return { horizontal: g === "horizontal" || g === "both", vertical: g === "vertical" || g === "both" };
}

/** Keeps axis labels inside the box (ECharts 6's form of the old `containLabel`). */
export const containLabels = { outerBoundsMode: "same", outerBoundsContain: "axisLabel" } as const;

export function plotGrid(plot: Frame["plot"]) {
	return { top: plot.top, right: plot.right, bottom: plot.bottom, left: plot.left, ...containLabels };
}
