/**
 * The PNG exporter: the chart's SVG rasterised at the resolved `scale` (1–4) with the bundled
 * fonts and the theme's uploaded ones. Text the fonts cannot draw is named in `X-Render-Warnings` rather than dropped silently.
 * An SVG logo is drawn as a PNG made with the same fonts (resvg draws an SVG inside an `<image>`
 * without fonts, which dropped a logo's text; render/logo-raster.ts).
 */

import { missingGlyphs } from "./bundled-fonts";
import type { DrawingExporter } from "./exporters";
import { withDrawableLogo } from "./logo-check";
import { withLogoRasterised } from "./logo-raster";
import { svgToPng } from "./png";
import { drawSvg } from "./svg";

function codePoint(ch: string): string {
	return `U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`;
}

export const pngExporter: DrawingExporter = async (input, { scale }) => {
	if (scale === null) throw new Error("a PNG's options carry its scale (src/services/export-options.ts resolves it)");
	const { svg, warnings } = drawSvg(input);
	// The logo as drawSvg drew it (checked, and rewritten if SVG); the check is remembered, not repeated.
	const drawnLogo = withDrawableLogo(input).input.theme.logo;
	const texts = [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1] ?? "").join(" ");
	const missing = missingGlyphs(texts, input.fonts);
	return {
		body: await svgToPng(await withLogoRasterised(svg, drawnLogo, input.fonts ?? [], scale), scale, input.fonts),
		contentType: "image/png",
		extension: "png",
		warnings: [
			...warnings,
			// Headers are ASCII, so characters are named by code point.
			...(missing.length > 0 ? [`no bundled font draws ${missing.slice(0, 20).map(codePoint).join(", ")}`] : []),
		],
	};
};
