/**
 * A TrueType font cut down to the characters an SVG draws, for embedding in the SVG export: a
 * whole uploaded font is hundreds of kilobytes of base64, the few dozen glyphs a chart uses a
 * few. fontkit writes the outline tables of a subset (what a PDF needs); a browser needs a font
 * it can map characters with, so `cmap` is written here and `name`, `OS/2` and `post` are taken
 * from the original (`post` as version 3, without glyph names), as browsers' font sanitisers
 * require. Layout tables are left out: the chart's text is placed glyph by glyph with advance
 * widths, which is also how it was measured. CFF (OTF) fonts are not cut: null means "embed whole".
 */
import type { Font } from "fontkit";
import { writeSfnt } from "./woff2";

function tableDirectory(bytes: Uint8Array): Map<string, Uint8Array> {
	const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
	const tables = new Map<string, Uint8Array>();
	const count = view.getUint16(4);
	for (let i = 0; i < count; i++) {
		const record = 12 + i * 16;
		const tag = String.fromCharCode(...bytes.subarray(record, record + 4));
		const offset = view.getUint32(record + 8);
		const length = view.getUint32(record + 12);
		tables.set(tag, bytes.subarray(offset, offset + length));
	}
	return tables;
}

class Bytes {
	readonly out: number[] = [];
	u16(value: number): this {
		this.out.push((value >> 8) & 0xff, value & 0xff);
		return this;
	}
	u32(value: number): this {
		return this.u16(Math.floor(value / 0x10000)).u16(value & 0xffff);
	}
}

/**
 * `cmap` with a format 4 subtable (the Basic Multilingual Plane), and a format 12 one (every
 * plane) only when a character lies beyond it; one segment per character.
 */
function cmapTable(map: [number, number][]): Uint8Array {
	const bmp = map.filter(([code]) => code < 0xffff);
	const segments = bmp.length + 1;
	const power = 2 ** Math.floor(Math.log2(segments));
	const format4 = new Bytes()
		.u16(4)
		.u16(16 + segments * 8)
		.u16(0)
		.u16(segments * 2);
	format4
		.u16(power * 2)
		.u16(Math.log2(power))
		.u16(segments * 2 - power * 2);
	for (const [code] of bmp) format4.u16(code);
	format4.u16(0xffff).u16(0);
	for (const [code] of bmp) format4.u16(code);
	format4.u16(0xffff);
	for (const [code, glyph] of bmp) format4.u16((glyph - code) & 0xffff);
	format4.u16(1);
	for (let i = 0; i < segments; i++) format4.u16(0);
	if (bmp.length === map.length) {
		const header = new Bytes().u16(0).u16(1).u16(3).u16(1).u32(12);
		return Uint8Array.from([...header.out, ...format4.out]);
	}
	const format12 = new Bytes()
		.u16(12)
		.u16(0)
		.u32(16 + map.length * 12)
		.u32(0)
		.u32(map.length);
	for (const [code, glyph] of map) format12.u32(code).u32(code).u32(glyph);
	const header = new Bytes().u16(0).u16(2);
	header.u16(3).u16(1).u32(20);
	header
		.u16(3)
		.u16(10)
		.u32(20 + format4.out.length);
	return Uint8Array.from([...header.out, ...format4.out, ...format12.out]);
}

/** `post` version 3: the original's metrics, no glyph names (their indices would be wrong in a subset). */
function postTable(original: Uint8Array): Uint8Array {
	const post = original.slice(0, 32);
	post.set([0, 3, 0, 0], 0);
	return post;
}

/** The font with only the glyphs of `text`, or null when it cannot be cut (CFF outlines, nothing to draw). */
export function subsetFont(font: Font, data: ArrayBuffer, text: string): Uint8Array | null {
	const original = tableDirectory(new Uint8Array(data));
	const required = ["glyf", "loca", "name", "OS/2", "post"];
	if (!required.every((tag) => original.has(tag))) return null;
	const subset = font.createSubset();
	const map = new Map<number, number>();
	for (const ch of text) {
		const code = ch.codePointAt(0) ?? 0;
		if (map.has(code) || code < 32) continue;
		const glyph = font.glyphForCodePoint(code);
		if (glyph.id !== 0) map.set(code, subset.includeGlyph(glyph));
	}
	if (map.size === 0) return null;
	const tables = tableDirectory(subset.encode());
	tables.set("cmap", cmapTable([...map].sort(([a], [b]) => a - b)));
	tables.set("name", original.get("name") as Uint8Array);
	tables.set("OS/2", original.get("OS/2") as Uint8Array);
	tables.set("post", postTable(original.get("post") as Uint8Array));
	return writeSfnt(0x00010000, tables);
}
