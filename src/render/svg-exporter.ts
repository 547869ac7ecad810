/**
 * The SVG exporter: a standalone, valid SVG with `<title>` and `<desc>`, carrying the theme's
 * uploaded fonts as `@font-face` data URIs so it draws the same wherever it is opened.
 */
import type { DrawingExporter } from "./exporters";
import { drawSvg } from "./svg";
import { embedFontsInSvg } from "./uploaded-font-embedding";

export const svgExporter: DrawingExporter = async (input) => {
	const { svg, warnings } = drawSvg(input);
	return { body: embedFontsInSvg(svg, input.fonts ?? []), contentType: "image/svg+xml; charset=utf-8", extension: "svg", warnings };
};
