/**
 * Raster logos are decoded whole by every export that draws them (resvg for PNG, pdfkit or resvg
 * for PDF), and a small file can describe a huge image: a 250 KB PNG of 16000×16000 px took 8.6 s
 * and 1.1 GB per export. So a raster image is measured from its header before it is
 * stored, and refused past `maxLogoSide` on either side. Nothing is decoded to measure it.
 *
 * The header readers cover the formats a logo may carry: PNG and JPEG as the logo itself, and
 * also GIF and WebP inside an SVG logo (`<image href="data:image/...">`).
 */

export type RasterFormat = "png" | "jpeg" | "gif" | "webp";

/** The longest side a raster logo may have, in pixels. */
export const maxLogoSide = 2048;
/** What the largest accepted logo weighs decoded as RGBA, 4 bytes a pixel: 16 MiB. */
export const maxLogoDecodedBytes = maxLogoSide * maxLogoSide * 4;

export interface RasterSize {
	width: number;
	height: number;
}

const formatNames: Record<RasterFormat, string> = { png: "PNG", jpeg: "JPEG", gif: "GIF", webp: "WebP" };

function uint16be(bytes: Uint8Array, at: number): number {
	return ((bytes[at] ?? 0) << 8) | (bytes[at + 1] ?? 0);
}

function uint32be(bytes: Uint8Array, at: number): number {
	return uint16be(bytes, at) * 0x10000 + uint16be(bytes, at + 2);
}

function uint16le(bytes: Uint8Array, at: number): number {
	return (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8);
}

function uint24le(bytes: Uint8Array, at: number): number {
	return uint16le(bytes, at) | ((bytes[at + 2] ?? 0) << 16);
}

function startsWith(bytes: Uint8Array, at: number, text: string): boolean {
	for (let i = 0; i < text.length; i++) if (bytes[at + i] !== text.charCodeAt(i)) return false;
	return true;
}

const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** PNG: the IHDR chunk must come first (PNG docs/contract.md#section-5-6), its width and height are its first 8 bytes. */
function pngSize(bytes: Uint8Array): RasterSize | null {
	if (!pngSignature.every((b, i) => bytes[i] === b)) return null;
	if (bytes.length < 24 || uint32be(bytes, 8) !== 13 || !startsWith(bytes, 12, "IHDR")) return null;
	return { width: uint32be(bytes, 16), height: uint32be(bytes, 20) };
}

/** Start-of-frame markers (baseline, progressive, lossless, arithmetic); not DHT (C4), JPG (C8) or DAC (CC). */
function isStartOfFrame(marker: number): boolean {
	return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

/** JPEG: walks the marker segments to the first start-of-frame, which holds height then width. */
function jpegSize(bytes: Uint8Array): RasterSize | null {
	if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
	let at = 2;
	while (at + 4 <= bytes.length) {
		if (bytes[at] !== 0xff) return null;
		const marker = bytes[at + 1] ?? 0;
		if (marker === 0xff) {
			at++; // fill byte
			continue;
		}
		// Markers without a length: TEM and the restart markers.
		if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
			at += 2;
			continue;
		}
		// Image data began, or the image ended, before any frame header.
		if (marker === 0xda || marker === 0xd9) return null;
		const length = uint16be(bytes, at + 2);
		if (length < 2) return null;
		if (isStartOfFrame(marker)) {
			if (at + 9 > bytes.length) return null;
			return { height: uint16be(bytes, at + 5), width: uint16be(bytes, at + 7) };
		}
		at += 2 + length;
	}
	return null;
}

/** GIF: the logical screen's size, right after the 6-byte signature; frames are drawn inside it. */
function gifSize(bytes: Uint8Array): RasterSize | null {
	if (!startsWith(bytes, 0, "GIF87a") && !startsWith(bytes, 0, "GIF89a")) return null;
	if (bytes.length < 10) return null;
	return { width: uint16le(bytes, 6), height: uint16le(bytes, 8) };
}

/** WebP: the canvas of an extended file (VP8X), else the size in the lossy (VP8) or lossless (VP8L) frame header. */
function webpSize(bytes: Uint8Array): RasterSize | null {
	if (!startsWith(bytes, 0, "RIFF") || !startsWith(bytes, 8, "WEBP") || bytes.length < 30) return null;
	if (startsWith(bytes, 12, "VP8X")) return { width: uint24le(bytes, 24) + 1, height: uint24le(bytes, 27) + 1 };
	if (startsWith(bytes, 12, "VP8L")) {
		if (bytes[20] !== 0x2f) return null;
		const bits = (bytes[21] ?? 0) | ((bytes[22] ?? 0) << 8) | ((bytes[23] ?? 0) << 16) | ((bytes[24] ?? 0) << 24);
		return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
	}
	if (startsWith(bytes, 12, "VP8 ")) {
		if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return null;
		return { width: uint16le(bytes, 26) & 0x3fff, height: uint16le(bytes, 28) & 0x3fff };
	}
	return null;
}

const readers: Record<RasterFormat, (bytes: Uint8Array) => RasterSize | null> = {
	png: pngSize,
	jpeg: jpegSize,
	gif: gifSize,
	webp: webpSize,
};

/** The image's size from its header, or null when the bytes are not a readable file of that format. */
export function rasterSize(bytes: Uint8Array, format: RasterFormat): RasterSize | null {
	return readers[format](bytes);
}

/**
 * Why a raster image cannot be a logo, as one sentence naming the numbers; null when it can.
 * `what` names it in the sentence, e.g. "The logo" or "An image inside the SVG logo".
 */
export function rasterLogoProblem(bytes: Uint8Array, format: RasterFormat, what = "The logo"): string | null {
	const name = formatNames[format];
	const size = rasterSize(bytes, format);
	if (!size) return `${what} says it is a ${name} but the file is not one (or its header is damaged); upload the ${name} itself.`;
	const { width, height } = size;
	if (width === 0 || height === 0) return `${what} is a ${name} of ${width}×${height} pixels, which has nothing to draw.`;
	if (width > maxLogoSide || height > maxLogoSide || width * height * 4 > maxLogoDecodedBytes) {
		return `${what} is a ${name} of ${width}×${height} pixels; a logo may be at most ${maxLogoSide}×${maxLogoSide} pixels (it is drawn at most 400 pixels wide, so scale it down before uploading).`;
	}
	return null;
}
