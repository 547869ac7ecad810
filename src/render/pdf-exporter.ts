/**
 * The PDF exporter: one page the chart's size (1 px = 1 pt), vector shapes, selectable text
 * in embedded fonts, titled with the chart's name.
 */
import type { Exporter } from "./exporters";
import { renderWarnings } from "./option";
import { svgToPdf } from "./pdf";
import { renderInputFor } from "./prepare";
import { renderSvg } from "./svg";

export const pdfExporter: Exporter = async (chart, options, services) => {
	const input = await renderInputFor(services, chart, options);
	return {
		body: await svgToPdf(renderSvg(input), input.width, input.height, chart.name),
		contentType: "application/pdf",
		extension: "pdf",
		warnings: renderWarnings(input),
	};
};
