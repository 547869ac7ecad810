/**
 * The PDF exporter: one page the chart's size (1 px = 1 pt), vector shapes, selectable text
 * in embedded fonts, titled with the chart's name.
 *
 * Logos: JPEG and opaque PNG embed as they are; a PNG with transparency and an SVG logo are
 * decoded first (render/pdf-logo.ts) and embed with their transparency kept. A stored logo that
 * fails today's checks is left out with a warning, as in every format (render/logo-check.ts).
 */
import { chartName } from "../domain/meta";
import { chartDescription } from "./describe";
import type { DrawingExporter } from "./exporters";
import { withDrawableLogo } from "./logo-check";
import { svgToPdf } from "./pdf";
import { pdfLogoImage } from "./pdf-logo";
import { drawSvg } from "./svg";

export const pdfExporter: DrawingExporter = async (stored) => {
	// Checked here as well as in drawSvg: the PDF needs the logo as drawn, to decode it.
	const { input, warning: logoWarning } = withDrawableLogo(stored);
	const { svg, warnings } = drawSvg(input);
	const logo = input.theme.logo;
	const logoImage = logo ? await pdfLogoImage(logo, input.fonts) : null;
	const images = logo && logoImage ? new Map([[logo.dataUri, logoImage]]) : new Map();
	return {
		// The document title is the chart's name, from the input's (drawable) meta.
		body: await svgToPdf(svg, input.width, input.height, chartName(input.meta), chartDescription(input), input.fonts, images),
		contentType: "application/pdf",
		extension: "pdf",
		warnings: [...warnings, ...(logoWarning ? [logoWarning] : [])],
	};
};
