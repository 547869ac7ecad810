/**
 * Uploaded fonts as files carry them: parsed by fontkit for pdfkit to embed, and cut down to the
 * characters drawn for a standalone SVG. Apart from `uploaded-fonts.ts` because fontkit (and the
 * Brotli decoder it brings) is only for drawing: a Worker that starts without drawing never
 * evaluates it.
 */
import type { Font } from "fontkit";
import { create } from "fontkit";
import { subsetFont } from "../formats/fonts/subset";
import type { RenderFont } from "./uploaded-fonts";
import { fontDataUri, fontFaceCss, textByFont } from "./uploaded-fonts";

/** Keyed by the file's bytes, so a font evicted from the byte cache takes its parse with it. */
const parsed = new WeakMap<ArrayBuffer, Font>();

/** The font as fontkit parsed it, which pdfkit embeds from. */
export function uploadedPdfFont(font: RenderFont): Font {
	let pdf = parsed.get(font.data);
	if (!pdf) {
		pdf = create(new Uint8Array(font.data));
		parsed.set(font.data, pdf);
	}
	return pdf;
}

/**
 * The standalone SVG with the uploaded fonts it names embedded as `@font-face` data URIs, so the
 * file draws the same on a machine that does not have them. Only fonts the text uses are added,
 * each cut down to the characters drawn in it (a TrueType font; a CFF one goes in whole).
 */
export function embedFontsInSvg(svg: string, fonts: readonly RenderFont[]): string {
	const used = textByFont(svg, fonts);
	if (used.size === 0) return svg;
	const source = (font: RenderFont) => {
		const subset = subsetFont(uploadedPdfFont(font), font.data, used.get(font) ?? "");
		return subset ? fontDataUri({ ...font, data: subset.buffer as ArrayBuffer }) : fontDataUri(font);
	};
	return svg.replace(/^<svg([^>]*)>/, (open) => `${open}<defs><style>${fontFaceCss([...used.keys()], source)}</style></defs>`);
}
