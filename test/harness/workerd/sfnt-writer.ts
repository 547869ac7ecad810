/**
 * A tiny sfnt and WOFF2 writer for tests: takes a real font's tables apart, replaces
 * or damages some, and writes the file again, so each malformed upload a stranger could send is
 * made in the test that sends it. Tables are plain big-endian bytes; nothing here checks them.
 */
import { writeSfnt } from "../../../src/formats/fonts/woff2";

export type Tables = Map<string, Uint8Array>;

/** The font's tables by tag, each a copy. */
export function tablesOf(font: ArrayBuffer | Uint8Array): Tables {
	const bytes = font instanceof Uint8Array ? font : new Uint8Array(font);
	const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
	const tables: Tables = new Map();
	for (let i = 0; i < view.getUint16(4); i++) {
		const record = 12 + i * 16;
		const tag = String.fromCharCode(...bytes.subarray(record, record + 4));
		const offset = view.getUint32(record + 8);
		tables.set(tag, bytes.slice(offset, offset + view.getUint32(record + 12)));
	}
	return tables;
}

/** The font with some tables replaced (a `null` removes one), as a TrueType file. */
export function withTables(font: ArrayBuffer | Uint8Array, changes: Record<string, Uint8Array | null>): Uint8Array {
	const tables = tablesOf(font);
	for (const [tag, table] of Object.entries(changes)) {
		if (table === null) tables.delete(tag);
		else tables.set(tag, table);
	}
	return writeSfnt(0x00010000, tables);
}

/** Big-endian bytes, written field by field. */
export class Bytes {
	readonly out: number[] = [];
	u8(value: number): this {
		this.out.push(value & 0xff);
		return this;
	}
	u16(value: number): this {
		return this.u8(value >> 8).u8(value);
	}
	u32(value: number): this {
		return this.u16(Math.floor(value / 0x10000)).u16(value & 0xffff);
	}
	bytes(data: ArrayLike<number>): this {
		for (let i = 0; i < data.length; i++) this.out.push(data[i] as number);
		return this;
	}
	/** UIntBase128 (WOFF2 §6.1.1). */
	base128(value: number): this {
		const digits: number[] = [];
		let rest = value;
		do {
			digits.unshift(rest & 0x7f);
			rest = Math.floor(rest / 128);
		} while (rest > 0);
		return this.bytes(digits.map((digit, i) => (i < digits.length - 1 ? digit | 0x80 : digit)));
	}
	result(): Uint8Array {
		return Uint8Array.from(this.out);
	}
}

/** A copy of `table` with a 16-bit field set. */
export function patched16(table: Uint8Array, offset: number, value: number): Uint8Array {
	const copy = table.slice();
	new DataView(copy.buffer).setUint16(offset, value);
	return copy;
}

export interface Subtable {
	platform: number;
	encoding: number;
	body: Uint8Array;
}

/** A `cmap` table of the given subtables, in order. */
export function cmapTable(subtables: readonly Subtable[]): Uint8Array {
	const out = new Bytes().u16(0).u16(subtables.length);
	let offset = 4 + subtables.length * 8;
	for (const { platform, encoding, body } of subtables) {
		out.u16(platform).u16(encoding).u32(offset);
		offset += body.length;
	}
	for (const { body } of subtables) out.bytes(body);
	return out.result();
}

/** Format 4: one segment per [start, end, delta] (with rangeOffset 0), and the closing 0xFFFF one. */
export function format4(segments: readonly [number, number, number][]): Uint8Array {
	const all = [...segments, [0xffff, 0xffff, 1] as [number, number, number]];
	const count = all.length;
	const out = new Bytes()
		.u16(4)
		.u16(16 + count * 8)
		.u16(0)
		.u16(count * 2)
		.u16(0)
		.u16(0)
		.u16(0);
	for (const [, end] of all) out.u16(end);
	out.u16(0);
	for (const [start] of all) out.u16(start);
	for (const [, , delta] of all) out.u16(delta & 0xffff);
	for (let i = 0; i < count; i++) out.u16(0);
	return out.result();
}

/** Format 8 (mixed 16/32-bit): one group. */
export function format8(start: number, end: number, glyph: number): Uint8Array {
	const out = new Bytes()
		.u16(8)
		.u16(0)
		.u32(16 + 8192 + 12)
		.u32(0);
	out.bytes(new Uint8Array(8192));
	return out.u32(1).u32(start).u32(end).u32(glyph).result();
}

/** Format 12 (or 13, one glyph per group): groups of [start, end, glyph]. */
export function format12(groups: readonly [number, number, number][], format: 12 | 13 = 12): Uint8Array {
	const out = new Bytes()
		.u16(format)
		.u16(0)
		.u32(16 + groups.length * 12)
		.u32(0)
		.u32(groups.length);
	for (const [start, end, glyph] of groups) out.u32(start).u32(end).u32(glyph);
	return out.result();
}

/** Format 14 (Unicode variation sequences): one selector, one default range. */
export function format14(): Uint8Array {
	return new Bytes()
		.u16(14)
		.u32(10 + 11 + 8)
		.u32(1)
		.u8(0)
		.u16(0xfe00)
		.u32(21)
		.u32(0)
		.u32(1)
		.u8(0)
		.u16(0x41)
		.u8(0)
		.result();
}

/**
 * A Brotli stream that stores `data` without compressing it (RFC 7932: window 16, uncompressed
 * meta-blocks of at most 64 KiB, then an empty last one), so a test can write any WOFF2.
 */
export function storedBrotli(data: Uint8Array): Uint8Array {
	const out: number[] = [];
	let bits = 0;
	let count = 0;
	const put = (value: number, width: number) => {
		for (let i = 0; i < width; i++) {
			bits |= ((value >> i) & 1) << count;
			if (++count === 8) {
				out.push(bits);
				bits = 0;
				count = 0;
			}
		}
	};
	const flush = () => {
		if (count > 0) {
			out.push(bits);
			bits = 0;
			count = 0;
		}
	};
	put(0, 1); // WBITS: 16
	for (let at = 0; at < data.length; at += 0x10000) {
		const chunk = data.subarray(at, at + 0x10000);
		put(0, 1); // ISLAST
		put(0, 2); // MNIBBLES: 4
		put(chunk.length - 1, 16); // MLEN - 1
		put(1, 1); // ISUNCOMPRESSED
		flush();
		out.push(...chunk);
	}
	put(1, 1); // ISLAST
	put(1, 1); // ISLASTEMPTY
	flush();
	return Uint8Array.from(out);
}

export interface Woff2Table {
	tag: string;
	/** The table's bytes in the stream (transformed for a transformed glyf). */
	data: Uint8Array;
	/** What the header claims the unpacked table's length is (defaults to the data's). */
	origLength?: number;
	/** A transformed `glyf` (or its empty `loca` partner). */
	transformed?: boolean;
}

/** A WOFF2 file of the tables, every one under an explicit tag, the stream stored uncompressed. */
export function woff2File(tables: readonly Woff2Table[], flavor = 0x00010000): Uint8Array {
	const directory = new Bytes();
	for (const table of tables) {
		const glyfOrLoca = table.tag === "glyf" || table.tag === "loca";
		// Transform version: glyf and loca 0 = transformed, 3 = as they are; any other table 0 = as it is.
		const version = glyfOrLoca ? (table.transformed ? 0 : 3) : 0;
		directory.u8(0x3f | (version << 6)).bytes([...table.tag].map((c) => c.charCodeAt(0)));
		directory.base128(table.origLength ?? table.data.length);
		if (glyfOrLoca && table.transformed) directory.base128(table.data.length);
	}
	const stream = new Bytes();
	for (const table of tables) stream.bytes(table.data);
	const compressed = storedBrotli(stream.result());
	const header = new Bytes()
		.u32(0x774f4632)
		.u32(flavor)
		.u32(0)
		.u16(tables.length)
		.u16(0)
		.u32(0)
		.u32(compressed.length)
		.bytes(new Uint8Array(24));
	return new Bytes().bytes(header.result()).bytes(directory.result()).bytes(compressed).result();
}

/**
 * A transformed `glyf` (WOFF2 §5.1) of one simple glyph with `contours` contours of
 * `pointsPerContour` points each, every point one unit above the last (`far`: 257 units, which
 * the rebuilt glyph spells with 3 bytes where the stream has 2).
 */
export function transformedGlyf(contours: number, pointsPerContour: number, far = false): Uint8Array {
	const total = contours * pointsPerContour;
	const contourStream = new Bytes().u16(contours).result();
	const pointStream = new Bytes();
	for (let c = 0; c < contours; c++) pointStream.u8(253).u16(pointsPerContour);
	// Flag 1: dx 0, dy +(0 + one byte); flag 3: dy +(256 + one byte).
	const flagStream = new Uint8Array(total).fill(far ? 3 : 1);
	const glyphStream = new Bytes().bytes(new Uint8Array(total).fill(1)).u8(0).result(); // the points, then 0 instructions
	const bboxStream = new Uint8Array(4);
	const streams = [contourStream, pointStream.result(), flagStream, glyphStream, new Uint8Array(0), bboxStream, new Uint8Array(0)];
	const out = new Bytes().u16(0).u16(0).u16(1).u16(0);
	for (const stream of streams) out.u32(stream.length);
	for (const stream of streams) out.bytes(stream);
	return out.result();
}
