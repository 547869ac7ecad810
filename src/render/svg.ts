/**
 * dataset + settings → chart option → standalone SVG, with Apache ECharts in server-side SVG
 * mode (no DOM, animation off).
 */

import { describeChart } from "./describe";
import { echarts } from "./echarts";
import { measureTextWidth } from "./fonts";
import type { RenderInput } from "./input";
import { chartOption } from "./option";

// Measure text with the fonts the PNG and PDF are drawn with, not ECharts' Arial table.
echarts.setPlatformAPI({ measureText: (text: string, font?: string) => ({ width: measureTextWidth(text, font) }) });

export function escapeXml(text: string): string {
	return text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[ch] as string);
}

/** `scalable` adds a viewBox so the SVG can be sized by CSS (the live embed scales to its container). */
export function renderSvg(input: RenderInput, scalable = false): string {
	const chart = echarts.init(null, null, { renderer: "svg", ssr: true, width: input.width, height: input.height });
	let svg: string;
	try {
		chart.setOption(chartOption(input));
		svg = chart.renderToSVGString({ useViewBox: scalable });
	} finally {
		chart.dispose();
	}
	const title = input.meta.title?.trim() || "Chart";
	const accessible = `<title>${escapeXml(title)}</title><desc>${escapeXml(describeChart(input))}</desc>`;
	return svg.replace(/^<svg([^>]*)>/, (_match, attributes: string) => `<svg${attributes} role="img">${accessible}`);
}
