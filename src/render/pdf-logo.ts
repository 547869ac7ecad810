/**
 * Logos in PDFs. pdfkit embeds a JPEG or an opaque PNG as it is, but decodes a PNG
 * with transparency through fflate's asynchronous inflate, which needs Web Workers; in a Worker
 * that never finishes, so such logos, and every SVG logo (pdfkit reads no SVG images), were left
 * out of PDFs. Here resvg, which draws the PNG exports, decodes the logo instead: a PNG at its own
 * size, an SVG at four times the width it is drawn (about 290 dpi, sharp in print). The pixels go
 * into the PDF as an RGB image with a soft mask for the alpha, which pdfkit embeds without
 * decoding anything. The logo passed the size checks (render/logo-check.ts), so a decode holds at
 * most 2048×2048 pixels.
 *
 * Text in an SVG logo is drawn with the fonts the chart's text is drawn with (render/logo-raster.ts):
 * without them resvg has no font at all and leaves the text out.
 */
import { zlibSync } from "fflate";
import type { ThemeDefinition } from "../domain/themes";
import { logoPixels, rasteriseSvg, svgLogoMarkup } from "./logo-raster";
import type { RenderFont } from "./uploaded-fonts";

type Logo = NonNullable<ThemeDefinition["logo"]>;

/** The part of a pdfkit document an image needs: indirect objects, whose data is written when ended. */
interface PdfObjects {
	ref(data: Record<string, unknown>): PdfObject;
}
interface PdfObject {
	data: Record<string, unknown>;
	end(chunk?: Uint8Array): void;
}

/**
 * An image as pdfkit's `image()` takes one already opened (pdfkit 0.20: `width`, `height`, a
 * resource `label`, and `embed(document)` setting `obj`).
 */
export class PdfRgbaImage {
	obj: PdfObject | null = null;
	constructor(
		readonly width: number,
		readonly height: number,
		readonly label: string,
		private readonly rgb: Uint8Array,
		private readonly alpha: Uint8Array,
	) {}

	embed(document: PdfObjects): void {
		if (this.obj) return;
		const image = { Type: "XObject", Subtype: "Image", Width: this.width, Height: this.height, BitsPerComponent: 8, Filter: "FlateDecode" };
		const mask = document.ref({ ...image, ColorSpace: "DeviceGray", Decode: [0, 1] });
		mask.end(zlibSync(this.alpha));
		this.obj = document.ref({ ...image, ColorSpace: "DeviceRGB", SMask: mask });
		this.obj.end(zlibSync(this.rgb));
	}
}

/** Whether pdfkit can embed this PNG without decoding it: no alpha channel (colour types 4, 6) and no tRNS chunk. */
function pngNeedsDecoding(bytes: Uint8Array): boolean {
	const colorType = bytes[25];
	if (colorType === 4 || colorType === 6) return true;
	for (let at = 8; at + 8 <= bytes.length; ) {
		const length = (((bytes[at] ?? 0) << 24) | ((bytes[at + 1] ?? 0) << 16) | ((bytes[at + 2] ?? 0) << 8) | (bytes[at + 3] ?? 0)) >>> 0;
		const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
		if (type === "tRNS") return true;
		if (type === "IDAT" || type === "IEND") return false;
		at += 12 + length;
	}
	return false;
}

function pngSize(bytes: Uint8Array): { width: number; height: number } {
	const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
	return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** resvg's pixels are premultiplied RGBA; a PDF image with a soft mask wants straight colour and the alpha apart. */
function splitAlpha(pixels: Uint8Array, width: number, height: number, label: string): PdfRgbaImage {
	const count = width * height;
	const rgb = new Uint8Array(count * 3);
	const alpha = new Uint8Array(count);
	for (let p = 0; p < count; p++) {
		const a = pixels[p * 4 + 3] ?? 0;
		alpha[p] = a;
		for (let c = 0; c < 3; c++) rgb[p * 3 + c] = a === 0 ? 0 : Math.min(255, Math.round(((pixels[p * 4 + c] ?? 0) * 255) / a));
	}
	return new PdfRgbaImage(width, height, label, rgb, alpha);
}

/** How many pixels wide an SVG logo is drawn for every point of its width in the PDF. */
const svgLogoPixelsPerPoint = 4;

/**
 * The logo as an image pdfkit can embed without Web Workers, or null when pdfkit embeds it as it
 * is (a JPEG or an opaque PNG). `logo` is as drawn: checked and, if SVG, rewritten. `fonts`: the
 * theme's uploaded fonts, for text in an SVG logo.
 */
export async function pdfLogoImage(logo: Logo, fonts: readonly RenderFont[] = [], label = "Logo"): Promise<PdfRgbaImage | null> {
	const split = (image: { pixels: Uint8Array; width: number; height: number }) =>
		splitAlpha(image.pixels, image.width, image.height, label);
	const markup = svgLogoMarkup(logo);
	if (markup !== null) return rasteriseSvg(markup, logoPixels(logo.width, svgLogoPixelsPerPoint), fonts, split);
	const [header, base64 = ""] = logo.dataUri.split(",", 2);
	const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
	if (!header?.startsWith("data:image/png") || !pngNeedsDecoding(bytes)) return null;
	const { width, height } = pngSize(bytes);
	const wrapper = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><image href="${logo.dataUri}" width="${width}" height="${height}"/></svg>`;
	return rasteriseSvg(wrapper, null, [], split);
}
