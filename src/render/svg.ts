/**
 * dataset + settings → chart option → standalone SVG, with Apache ECharts in server-side SVG
 * mode (no DOM, animation off).
 */

import { escapeMarkup } from "../domain/markup";
import { measureTextWidth, withUploadedFonts } from "./bundled-fonts";
import { chartDescription } from "./describe";
import { wellFormedSvg } from "./drawable-text";
import { DrawingNotes } from "./drawing-notes";
import { echarts } from "./echarts";
import type { RenderInput } from "./input";
import { withDrawableLogo } from "./logo-check";
import { chartOption, dataWarnings } from "./option";
import { markSeriesInSvg } from "./ssr-marks";
import { unavailableFamilyWarning } from "./uploaded-fonts";

// Measure text with the fonts the PNG and PDF are drawn with, not ECharts' Arial table.
echarts.setPlatformAPI({ measureText: (text: string, font?: string) => ({ width: measureTextWidth(text, font) }) });

export interface DrawnSvg {
	svg: string;
	/** What the drawing shows imperfectly or leaves out, in sentences (the `X-Render-Warnings` header). */
	warnings: string[];
}

/** The laid-out chart, for reading where its marks were drawn (the embed page's tooltips). */
export type LaidOutChart = ReturnType<typeof echarts.init>;

/**
 * `scalable` adds a viewBox so the SVG can be sized by CSS (the live embed scales to its
 * container). `inspect` sees the chart once it is laid out, before it is disposed.
 */
export function drawSvg(stored: RenderInput, scalable = false, inspect?: (chart: LaidOutChart) => void): DrawnSvg {
	// A stored logo that fails today's logo checks is left out, with a warning (render/logo-check.ts).
	const { input, warning: logoWarning } = withDrawableLogo(stored);
	const chart = echarts.init(null, null, { renderer: "svg", ssr: true, width: input.width, height: input.height });
	// The embed page's drawings say which series each shape is (exports keep ECharts' own marks).
	if (scalable) markSeriesInSvg();
	const notes = new DrawingNotes();
	let svg: string;
	try {
		svg = withUploadedFonts(input.fonts ?? [], () => {
			chart.setOption(chartOption(input, notes));
			inspect?.(chart);
			return chart.renderToSVGString({ useViewBox: scalable });
		});
	} finally {
		chart.dispose();
	}
	const title = input.meta.title?.trim() || "Chart";
	const accessible = `<title>${escapeMarkup(title)}</title><desc>${escapeMarkup(chartDescription(input))}</desc>`;
	const withText = svg.replace(/^<svg([^>]*)>/, (_match, attributes: string) => `<svg${attributes} role="img">${accessible}`);
	const family = unavailableFamilyWarning(input.theme.fonts.family, input.fonts ?? []);
	return {
		svg: wellFormedSvg(withText),
		warnings: [...dataWarnings(input), ...notes.sentences, ...(family ? [family] : []), ...(logoWarning ? [logoWarning] : [])],
	};
}

export function renderSvg(input: RenderInput, scalable = false): string {
	return drawSvg(input, scalable).svg;
}
