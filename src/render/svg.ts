/**
 * dataset + settings → chart option → standalone SVG, with Apache ECharts in server-side SVG
 * mode (no DOM, animation off). Every chart type and component is registered explicitly:
 * production builds drop the warning a missing one would give.
 */
import {
	BarChart,
	BoxplotChart,
	CandlestickChart,
	CustomChart,
	HeatmapChart,
	LineChart,
	MapChart,
	PieChart,
	RadarChart,
	SankeyChart,
	ScatterChart,
	ThemeRiverChart,
	TreemapChart,
} from "echarts/charts";
import {
	CalendarComponent,
	GeoComponent,
	GraphicComponent,
	GridComponent,
	LegendComponent,
	RadarComponent,
	SingleAxisComponent,
	TitleComponent,
	TooltipComponent,
	VisualMapComponent,
} from "echarts/components";
import * as echarts from "echarts/core";
import { SVGRenderer } from "echarts/renderers";
import { describeChart } from "./describe";
import { measureTextWidth } from "./fonts";
import type { RenderInput } from "./input";
import { chartOption } from "./option";

echarts.use([
	BarChart,
	BoxplotChart,
	CandlestickChart,
	CustomChart,
	HeatmapChart,
	LineChart,
	MapChart,
	PieChart,
	RadarChart,
	SankeyChart,
	ScatterChart,
	ThemeRiverChart,
	TreemapChart,
	CalendarComponent,
	GeoComponent,
	GraphicComponent,
	GridComponent,
	LegendComponent,
	RadarComponent,
	SingleAxisComponent,
	TitleComponent,
	TooltipComponent,
	VisualMapComponent,
	SVGRenderer,
]);

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
