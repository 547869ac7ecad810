/**
 * SVG → PNG with resvg (WebAssembly), drawing text with the bundled fonts and the theme's
 * uploaded ones (never system fonts). The wasm
 * module and the fonts are set up lazily, once per isolate. An opaque image (every export
 * without `transparent=true`) is encoded by `png-encode.ts` with the runtime's native zlib,
 * two to three times faster than resvg's own encoder; an image with transparency keeps resvg's
 * encoder, which turns resvg's premultiplied pixels back into straight alpha exactly.
 */
import { initWasm, Resvg } from "@resvg/resvg-wasm";
import resvgWasm from "../../node_modules/@resvg/resvg-wasm/index_bg.wasm";
import { fallbackFamily, fontFiles, primaryFamily } from "./bundled-fonts";
import { allOpaque, encodePng } from "./png-encode";
import type { RenderFont } from "./uploaded-fonts";

let ready: Promise<void> | undefined;
let fontBuffers: Uint8Array[] | undefined;

/** Loads resvg once per isolate (also for PDF logos, render/pdf-logo.ts): a second initWasm throws. */
export async function setUp(): Promise<void> {
	ready ??= initWasm(resvgWasm);
	await ready;
	fontBuffers ??= fontFiles.map((font) => new Uint8Array(font.data));
}

/**
 * The fonts resvg draws text with (after `setUp`): the bundled ones and `fonts`, the theme's
 * uploaded ones, which resvg matches by the family names inside the files; never system fonts.
 * Also for SVG logos in PDFs (render/pdf-logo.ts), so their text is drawn as in a PNG.
 */
export function resvgFonts(fonts: readonly RenderFont[] = []) {
	const buffers = fonts.length === 0 ? fontBuffers : [...(fontBuffers ?? []), ...fonts.map((font) => new Uint8Array(font.data))];
	return { fontBuffers: buffers ?? [], loadSystemFonts: false, defaultFontFamily: primaryFamily, sansSerifFamily: fallbackFamily };
}

/** `fonts`: the theme's uploaded fonts (see `resvgFonts`). */
export async function svgToPng(svg: string, scale: number, fonts: readonly RenderFont[] = []): Promise<Uint8Array> {
	await setUp();
	const resvg = new Resvg(svg, {
		fitTo: { mode: "zoom", value: scale },
		font: resvgFonts(fonts),
		textRendering: 1,
		shapeRendering: 2,
	});
	try {
		// The rendered pixmap lives in WebAssembly memory (w·h·4 bytes, 6 MB for 800×500 at scale 2)
		// that no JavaScript garbage collector frees: it must be freed here, or every PNG leaks it.
		const image = resvg.render();
		let pixels: Uint8Array;
		let width: number;
		let height: number;
		try {
			pixels = image.pixels;
			width = image.width;
			height = image.height;
			if (!allOpaque(pixels)) return image.asPng();
		} finally {
			image.free();
		}
		return await encodePng(pixels, width, height);
	} finally {
		resvg.free();
	}
}
