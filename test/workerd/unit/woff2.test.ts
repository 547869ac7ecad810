/**
 * The WOFF2 unpacker's parts that the fixture does not reach: a transformed `hmtx` (the
 * reference encoder keeps DejaVu's as it is) and files that are damaged in ways a person's
 * upload can be.
 */
import { create } from "fontkit";
import { describe, expect, it } from "vitest";
import italicTtf from "../../../node_modules/dejavu-fonts-ttf/ttf/DejaVuSerif-Italic.ttf";
import { rebuildHmtx, Woff2Error, woff2ToSfnt } from "../../../src/formats/fonts/woff2";
import italic from "../../fixtures/fonts/DejaVuSerif-Italic.woff2";

function words(bytes: Uint8Array): number[] {
	const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
	return Array.from({ length: bytes.length / 2 }, (_, i) => view.getInt16(i * 2));
}

describe("woff2ToSfnt", () => {
	it("rebuilds a transformed hmtx: bearings left out are the glyphs' xMin", () => {
		// flags 3: both bearing arrays left out; two long metrics, then one glyph with only a bearing.
		const transformed = new Uint8Array([3, 0x01, 0xf4, 0x02, 0x58]);
		expect(words(rebuildHmtx(transformed, 3, 2, [10, -20, 30]))).toEqual([500, 10, 600, -20, 30]);
		// flags 0: every bearing is in the table.
		const explicit = new Uint8Array([0, 0x01, 0xf4, 0x02, 0x58, 0, 5, 0xff, 0xfe, 0, 7]);
		expect(words(rebuildHmtx(explicit, 3, 2, [10, -20, 30]))).toEqual([500, 5, 600, -2, 7]);
	});

	it("refuses a file cut short, a collection and a wrong signature with a Woff2Error saying why", () => {
		const bytes = new Uint8Array(italic);
		expect(() => woff2ToSfnt(bytes.slice(0, 60))).toThrow(Woff2Error);
		expect(() => woff2ToSfnt(bytes.slice(0, 60))).toThrow(/ends inside its tables/);
		const collection = bytes.slice();
		collection.set([0x74, 0x74, 0x63, 0x66], 4);
		expect(() => woff2ToSfnt(collection)).toThrow(/font collection/);
		const garbled = bytes.slice();
		garbled.fill(0x55, 200, 400);
		expect(() => woff2ToSfnt(garbled)).toThrow(Woff2Error);
	});

	it("unpacks the fixture to the outlines and advances of the TTF it was made from", () => {
		const original = create(new Uint8Array(italicTtf));
		const unpacked = create(woff2ToSfnt(new Uint8Array(italic)));
		expect(unpacked.numGlyphs).toBe(original.numGlyphs);
		for (let id = 0; id < original.numGlyphs; id += 5) {
			const [a, b] = [original.getGlyph(id), unpacked.getGlyph(id)];
			expect(b.path.toSVG(), `glyph ${id}`).toBe(a.path.toSVG());
			expect(b.advanceWidth, `glyph ${id}`).toBe(a.advanceWidth);
		}
	});

	it("unpacks the fixture into an sfnt whose table records point inside the file", () => {
		const sfnt = woff2ToSfnt(new Uint8Array(italic));
		const view = new DataView(sfnt.buffer);
		expect(view.getUint32(0)).toBe(0x00010000);
		const count = view.getUint16(4);
		const tags: string[] = [];
		for (let i = 0; i < count; i++) {
			const record = 12 + i * 16;
			tags.push(String.fromCharCode(...sfnt.subarray(record, record + 4)));
			expect(view.getUint32(record + 8) + view.getUint32(record + 12)).toBeLessThanOrEqual(sfnt.length);
		}
		expect(tags).toEqual([...tags].sort());
		expect(tags).toEqual(expect.arrayContaining(["cmap", "glyf", "head", "hhea", "hmtx", "loca", "maxp", "name"]));
	});
});
