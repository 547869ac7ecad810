/**
 * Logo files made in the tests: a raster header claiming any size (only the header is
 * read before storing, so a 16000×16000 "PNG" is a few dozen bytes), and real small PNGs with an
 * alpha channel for the exports to draw.
 */
import { zlibSync } from "fflate";

const crcTable = Array.from({ length: 256 }, (_, n) => {
	let c = n;
	for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
	return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
	let c = 0xffffffff;
	for (const b of bytes) c = (crcTable[(c ^ b) & 0xff] as number) ^ (c >>> 8);
	return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
	const out = new Uint8Array(12 + data.length);
	const view = new DataView(out.buffer);
	view.setUint32(0, data.length);
	for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
	out.set(data, 8);
	view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
	return out;
}

function concat(parts: Uint8Array[]): Uint8Array {
	const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
	let at = 0;
	for (const part of parts) {
		out.set(part, at);
		at += part.length;
	}
	return out;
}

const signature = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);

function ihdr(width: number, height: number, colorType: number): Uint8Array {
	const data = new Uint8Array(13);
	const view = new DataView(data.buffer);
	view.setUint32(0, width);
	view.setUint32(4, height);
	data[8] = 8; // bit depth
	data[9] = colorType;
	return chunk("IHDR", data);
}

export function base64(bytes: Uint8Array): string {
	let binary = "";
	for (const b of bytes) binary += String.fromCharCode(b);
	return btoa(binary);
}

/** A PNG whose header says `width`×`height`; its pixel data is a stub, since only the header is read before storing. */
export function pngHeader(width: number, height: number): Uint8Array {
	return concat([signature, ihdr(width, height, 6), chunk("IDAT", zlibSync(new Uint8Array(1))), chunk("IEND", new Uint8Array())]);
}

export function pngDataUri(width: number, height: number): string {
	return `data:image/png;base64,${base64(pngHeader(width, height))}`;
}

/** A real RGBA PNG: `pixel(x, y)` answers [r, g, b, a]. */
export function rgbaPng(width: number, height: number, pixel: (x: number, y: number) => [number, number, number, number]): Uint8Array {
	const raw = new Uint8Array(height * (1 + width * 4));
	for (let y = 0; y < height; y++) {
		const row = y * (1 + width * 4);
		for (let x = 0; x < width; x++) raw.set(pixel(x, y), row + 1 + x * 4);
	}
	return concat([signature, ihdr(width, height, 6), chunk("IDAT", zlibSync(raw)), chunk("IEND", new Uint8Array())]);
}

/** A JPEG's start: SOI, a JFIF APP0 segment, then a baseline frame header of `width`×`height`. */
export function jpegHeader(width: number, height: number): Uint8Array {
	const app0 = [0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00];
	const sof = [0xff, 0xc0, 0x00, 0x0b, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x01, 0x01, 0x11, 0x00];
	return Uint8Array.from([0xff, 0xd8, ...app0, ...sof, 0xff, 0xd9]);
}

export function jpegDataUri(width: number, height: number): string {
	return `data:image/jpeg;base64,${base64(jpegHeader(width, height))}`;
}

export function gif(width: number, height: number): Uint8Array {
	return Uint8Array.from(
		[..."GIF89a"].map((c) => c.charCodeAt(0)).concat([width & 0xff, width >> 8, height & 0xff, height >> 8, 0, 0, 0, 0x3b]),
	);
}

/** An extended WebP (VP8X) whose canvas is `width`×`height`. */
export function webpX(width: number, height: number): Uint8Array {
	const bytes = new Uint8Array(30);
	const text = (at: number, s: string) => {
		for (let i = 0; i < s.length; i++) bytes[at + i] = s.charCodeAt(i);
	};
	text(0, "RIFF");
	new DataView(bytes.buffer).setUint32(4, 22, true);
	text(8, "WEBPVP8X");
	bytes[16] = 10;
	const w = width - 1;
	const h = height - 1;
	bytes.set([w & 0xff, (w >> 8) & 0xff, (w >> 16) & 0xff, h & 0xff, (h >> 8) & 0xff, (h >> 16) & 0xff], 24);
	return bytes;
}
