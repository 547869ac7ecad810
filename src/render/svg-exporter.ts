/**
 * The SVG exporter: a standalone, valid SVG with `<title>` and `<desc>`.
 */
import type { DrawingExporter } from "./exporters";
import { drawSvg } from "./svg";

export const svgExporter: DrawingExporter = async (input) => {
	const { svg, warnings } = drawSvg(input);
	return { body: svg, contentType: "image/svg+xml; charset=utf-8", extension: "svg", warnings };
};
