/**
 * SVG logos drawn by resvg with fonts. resvg draws an SVG that arrives as an `<image>`
 * inside another SVG without any fonts, so the text of an SVG logo vanished from PNG exports, and
 * a logo rasterised on its own without fonts lost it in PDFs. Here a logo is rasterised with the
 * fonts the chart's own text is drawn with (the bundled ones and the theme's uploaded ones; a
 * family neither has falls back to Inter), for the PDF (render/pdf-logo.ts) and, as a PNG in
 * place of the SVG, for the PNG export.
 */
import { Resvg } from "@resvg/resvg-wasm";
import type { ThemeDefinition } from "../domain/themes";
import { resvgFonts, setUp } from "./png";
import type { RenderFont } from "./uploaded-fonts";

type Logo = NonNullable<ThemeDefinition["logo"]>;
/** resvg's drawn image (its class is not exported). */
type RenderedImage = ReturnType<InstanceType<typeof Resvg>["render"]>;

/** The largest side a logo is decoded to (the raster logo limit, render/logo-check.ts). */
const maxLogoPixels = 2048;

/** Draws `svg` (`fitWidth` pixels wide, or at its own size) and reads the image before its WebAssembly memory is freed. */
export async function rasteriseSvg<T>(
	svg: string,
	fitWidth: number | null,
	fonts: readonly RenderFont[],
	read: (image: RenderedImage) => T,
): Promise<T> {
	await setUp();
	const resvg = new Resvg(svg, {
		...(fitWidth ? { fitTo: { mode: "width" as const, value: fitWidth } } : {}),
		font: resvgFonts(fonts),
	});
	try {
		const image = resvg.render();
		try {
			return read(image);
		} finally {
			// WebAssembly memory no garbage collector frees (see png.ts).
			image.free();
		}
	} finally {
		resvg.free();
	}
}

/** An SVG logo's markup, or null for a raster one. `logo` is as drawn: checked and rewritten. */
export function svgLogoMarkup(logo: Logo): string | null {
	const [header, base64 = ""] = logo.dataUri.split(",", 2);
	if (!header?.startsWith("data:image/svg+xml")) return null;
	return new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
}

/** The pixel width an SVG logo `points` wide is drawn at, `perPoint` pixels a point. */
export function logoPixels(points: number, perPoint: number): number {
	return Math.max(1, Math.min(maxLogoPixels, Math.ceil(points * perPoint)));
}

function base64(bytes: Uint8Array): string {
	let binary = "";
	for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
	return btoa(binary);
}

/**
 * The chart's SVG with an SVG logo (as drawn) replaced by a PNG of it drawn with the fonts, at the
 * export's scale, for resvg to draw the PNG export from. Unchanged when the logo is raster.
 */
export async function withLogoRasterised(
	svg: string,
	logo: Logo | undefined,
	fonts: readonly RenderFont[],
	scale: number,
): Promise<string> {
	const markup = logo ? svgLogoMarkup(logo) : null;
	if (!logo || markup === null || !svg.includes(logo.dataUri)) return svg;
	const png = await rasteriseSvg(markup, logoPixels(logo.width, scale), fonts, (image) => image.asPng());
	return svg.split(logo.dataUri).join(`data:image/png;base64,${base64(png)}`);
}
