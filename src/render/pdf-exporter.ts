/**
 * The PDF exporter: one page the chart's size (1 px = 1 pt), vector shapes, selectable text
 * in embedded fonts, titled with the chart's name.
 *
 * Logos: JPEG and opaque PNG embed as they are. pdfkit can only decode a PNG with
 * transparency (or an SVG logo) through Web Workers, which Workers do not have, so such a
 * logo is left out of the PDF and the export says so in `X-Render-Warnings`.
 */
import { chartName } from "../domain/meta";
import { chartDescription } from "./describe";
import type { DrawingExporter } from "./exporters";
import type { RenderInput } from "./input";
import { svgToPdf } from "./pdf";
import { drawSvg } from "./svg";

function pngHasTransparency(bytes: Uint8Array): boolean {
	const colorType = bytes[25];
	if (colorType === 4 || colorType === 6) return true;
	return new TextDecoder("latin1").decode(bytes).includes("tRNS");
}

/** Why the theme's logo cannot go into a PDF, or null when it can. */
export function pdfLogoProblem(input: RenderInput): string | null {
	const uri = input.theme.logo?.dataUri;
	if (!uri) return null;
	if (uri.startsWith("data:image/svg+xml")) return "the theme's SVG logo is not drawn in PDF; use a JPEG or opaque PNG logo";
	if (!uri.startsWith("data:image/png")) return null;
	const bytes = Uint8Array.from(atob(uri.slice(uri.indexOf(",") + 1)), (c) => c.charCodeAt(0));
	return pngHasTransparency(bytes) ? "the theme's PNG logo has transparency and is not drawn in PDF; use a JPEG or opaque PNG logo" : null;
}

export const pdfExporter: DrawingExporter = async (input) => {
	const logoProblem = pdfLogoProblem(input);
	const { svg, warnings } = drawSvg(logoProblem ? { ...input, theme: { ...input.theme, logo: undefined } } : input);
	return {
		// The document title is the chart's name, from the input's (drawable) meta.
		body: await svgToPdf(svg, input.width, input.height, chartName(input.meta), chartDescription(input), input.fonts),
		contentType: "application/pdf",
		extension: "pdf",
		warnings: [...warnings, ...(logoProblem ? [logoProblem] : [])],
	};
};
