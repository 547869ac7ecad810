/**
 * WOFF2 → an ordinary sfnt (TTF or OTF), following the W3C WOFF2 specification (§4–5). resvg and
 * pdfkit both need the uncompressed font, and fontkit only reads WOFF2 for drawing, never writes
 * it back, so an uploaded WOFF2 is unpacked once at upload and the result is what is stored.
 *
 * The tables are Brotli-compressed as one stream; `glyf` and `loca` are usually transformed (the
 * outlines split into separate streams of contour counts, point counts, flags and packed
 * coordinates) and `hmtx` may be (left side bearings left out where they equal the glyph's xMin).
 * Both are rebuilt here into their plain forms. Collections (`ttcf` flavour) are refused.
 */
import brotliDecompress from "brotli/decompress.js";

export class Woff2Error extends Error {
	override name = "Woff2Error";
}

// biome-ignore format: the specification's table of 63 tags, in order
const knownTags = [
	"cmap", "head", "hhea", "hmtx", "maxp", "name", "OS/2", "post", "cvt ", "fpgm", "glyf", "loca", "prep", "CFF ", "VORG", "EBDT",
	"EBLC", "gasp", "hdmx", "kern", "LTSH", "PCLT", "VDMX", "vhea", "vmtx", "BASE", "GDEF", "GPOS", "GSUB", "EBSC", "JSTF", "MATH",
	"CBDT", "CBLC", "COLR", "CPAL", "SVG ", "sbix", "acnt", "avar", "bdat", "bloc", "bsln", "cvar", "fdsc", "feat", "fmtx", "fvar",
	"gvar", "hsty", "just", "lcar", "mort", "morx", "opbd", "prop", "trak", "Zapf", "Silf", "Glat", "Gloc", "Feat", "Sill",
];

/** A cursor over big-endian bytes that throws a `Woff2Error` instead of reading past the end. */
class Reader {
	offset = 0;
	constructor(private readonly bytes: Uint8Array) {}

	private need(count: number): number {
		const at = this.offset;
		if (at + count > this.bytes.length) throw new Woff2Error("the file ends inside its tables");
		this.offset += count;
		return at;
	}

	u8(): number {
		return this.bytes[this.need(1)] as number;
	}
	u16(): number {
		const at = this.need(2);
		return ((this.bytes[at] as number) << 8) | (this.bytes[at + 1] as number);
	}
	i16(): number {
		const value = this.u16();
		return value >= 0x8000 ? value - 0x10000 : value;
	}
	u32(): number {
		return this.u16() * 0x10000 + this.u16();
	}
	take(count: number): Uint8Array {
		const at = this.need(count);
		return this.bytes.subarray(at, at + count);
	}
	/** A sub-reader over the next `count` bytes. */
	sub(count: number): Reader {
		return new Reader(this.take(count));
	}
	/** UIntBase128 (§6.1.1). */
	base128(): number {
		let value = 0;
		for (let i = 0; i < 5; i++) {
			const byte = this.u8();
			if (i === 0 && byte === 0x80) throw new Woff2Error("a length has a leading zero");
			if (value > 0x1ffffff) throw new Woff2Error("a length overflows");
			value = value * 128 + (byte & 0x7f);
			if ((byte & 0x80) === 0) return value;
		}
		throw new Woff2Error("a length is longer than five bytes");
	}
	/** 255UInt16 (§6.1.2). */
	u255(): number {
		const code = this.u8();
		if (code === 253) return this.u16();
		if (code === 255) return this.u8() + 253;
		if (code === 254) return this.u8() + 506;
		return code;
	}
}

/** A growable big-endian byte buffer that refuses to grow past `limit` bytes. */
class Writer {
	private bytes = new Uint8Array(1024);
	length = 0;

	constructor(private readonly limit = Number.POSITIVE_INFINITY) {}

	private room(count: number): void {
		if (this.length + count > this.limit) throw new Woff2Error(`it unpacks to more than ${formatMiB(this.limit)}`);
		if (this.length + count <= this.bytes.length) return;
		const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.length + count));
		grown.set(this.bytes.subarray(0, this.length));
		this.bytes = grown;
	}
	u8(value: number): void {
		this.room(1);
		this.bytes[this.length++] = value & 0xff;
	}
	u16(value: number): void {
		this.u8(value >> 8);
		this.u8(value);
	}
	u32(value: number): void {
		this.u16(Math.floor(value / 0x10000));
		this.u16(value);
	}
	put(data: Uint8Array): void {
		this.room(data.length);
		this.bytes.set(data, this.length);
		this.length += data.length;
	}
	pad4(): void {
		while (this.length % 4 !== 0) this.u8(0);
	}
	result(): Uint8Array {
		return this.bytes.slice(0, this.length);
	}
}

interface Entry {
	tag: string;
	origLength: number;
	transformed: boolean;
	/** Bytes of this table in the decompressed stream. */
	length: number;
}

function formatMiB(bytes: number): string {
	return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MiB`;
}

/** A TrueType glyph numbers its points with 16 bits. */
const maxGlyphPoints = 0xffff;

const withSign = (flag: number, value: number) => (flag & 1 ? value : -value);

interface Point {
	x: number;
	y: number;
	onCurve: boolean;
}

/** The packed coordinate triplets of one simple glyph (§5.2). */
function decodePoints(count: number, flags: Reader, glyphs: Reader): Point[] {
	const points: Point[] = [];
	let x = 0;
	let y = 0;
	for (let i = 0; i < count; i++) {
		const raw = flags.u8();
		const flag = raw & 0x7f;
		let dx: number;
		let dy: number;
		if (flag < 10) {
			dx = 0;
			dy = withSign(flag, ((flag & 14) << 7) + glyphs.u8());
		} else if (flag < 20) {
			dx = withSign(flag, (((flag - 10) & 14) << 7) + glyphs.u8());
			dy = 0;
		} else if (flag < 84) {
			const b0 = flag - 20;
			const b1 = glyphs.u8();
			dx = withSign(flag, 1 + (b0 & 0x30) + (b1 >> 4));
			dy = withSign(flag >> 1, 1 + ((b0 & 0x0c) << 2) + (b1 & 0x0f));
		} else if (flag < 120) {
			const b0 = flag - 84;
			dx = withSign(flag, 1 + (Math.floor(b0 / 12) << 8) + glyphs.u8());
			dy = withSign(flag >> 1, 1 + (((b0 % 12) >> 2) << 8) + glyphs.u8());
		} else if (flag < 124) {
			const b1 = glyphs.u8();
			const b2 = glyphs.u8();
			dx = withSign(flag, (b1 << 4) + (b2 >> 4));
			dy = withSign(flag >> 1, ((b2 & 0x0f) << 8) + glyphs.u8());
		} else {
			dx = withSign(flag, glyphs.u16());
			dy = withSign(flag >> 1, glyphs.u16());
		}
		x += dx;
		y += dy;
		points.push({ x, y, onCurve: raw >> 7 === 0 });
	}
	return points;
}

/** A glyph's bounding box, [xMin, yMin, xMax, yMax], in one pass (no spread: a glyph can have 65,535 points). */
function boundsOf(points: readonly Point[]): number[] {
	let [xMin, yMin, xMax, yMax] = [0, 0, 0, 0];
	points.forEach(({ x, y }, i) => {
		if (i === 0 || x < xMin) xMin = x;
		if (i === 0 || y < yMin) yMin = y;
		if (i === 0 || x > xMax) xMax = x;
		if (i === 0 || y > yMax) yMax = y;
	});
	return [xMin, yMin, xMax, yMax];
}

/** One simple glyph in the `glyf` format: every coordinate written as a delta, short when it fits. */
function writeSimple(out: Writer, endPoints: number[], points: Point[], instructions: Uint8Array, box: number[]): void {
	out.u16(endPoints.length);
	for (const value of box) out.u16(value);
	for (const end of endPoints) out.u16(end);
	out.u16(instructions.length);
	out.put(instructions);
	const xs = new Writer();
	const ys = new Writer();
	let lastX = 0;
	let lastY = 0;
	for (const point of points) {
		let flag = point.onCurve ? 1 : 0;
		const dx = point.x - lastX;
		const dy = point.y - lastY;
		if (dx === 0) flag |= 0x10;
		else if (dx > -256 && dx < 256) {
			flag |= 0x02 | (dx > 0 ? 0x10 : 0);
			xs.u8(Math.abs(dx));
		} else xs.u16(dx);
		if (dy === 0) flag |= 0x20;
		else if (dy > -256 && dy < 256) {
			flag |= 0x04 | (dy > 0 ? 0x20 : 0);
			ys.u8(Math.abs(dy));
		} else ys.u16(dy);
		out.u8(flag);
		lastX = point.x;
		lastY = point.y;
	}
	out.put(xs.result());
	out.put(ys.result());
}

/** The composite glyph's component records, copied as they are; whether instructions follow. */
function copyComposite(composites: Reader, out: Writer): boolean {
	let more = true;
	let instructions = false;
	while (more) {
		const flags = composites.u16();
		more = (flags & 0x0020) !== 0;
		instructions ||= (flags & 0x0100) !== 0;
		let size = 2 + ((flags & 0x0001) !== 0 ? 4 : 2);
		if ((flags & 0x0008) !== 0) size += 2;
		else if ((flags & 0x0040) !== 0) size += 4;
		else if ((flags & 0x0080) !== 0) size += 8;
		out.u16(flags);
		out.put(composites.take(size));
	}
	return instructions;
}

interface Glyf {
	glyf: Uint8Array;
	loca: Uint8Array;
	/** Each glyph's xMin (0 for an empty glyph), for rebuilding a transformed `hmtx`. */
	xMins: number[];
	numGlyphs: number;
}

/** Rebuilds `glyf` and `loca` from the transformed `glyf` table (§5.1). */
function rebuildGlyf(data: Uint8Array, limit: number): Glyf {
	const header = new Reader(data);
	header.u16();
	header.u16();
	const numGlyphs = header.u16();
	const indexFormat = header.u16();
	const sizes = Array.from({ length: 7 }, () => header.u32());
	const [contourStream, pointStream, flagStream, glyphStream, compositeStream, bboxAll, instructionStream] = sizes.map((size) =>
		header.sub(size),
	) as [Reader, Reader, Reader, Reader, Reader, Reader, Reader];
	const bitmapBytes = 4 * Math.floor((numGlyphs + 31) / 32);
	const bboxBitmap = bboxAll.take(bitmapBytes);
	const hasBox = (glyph: number) => (((bboxBitmap[glyph >> 3] as number) >> (7 - (glyph & 7))) & 1) === 1;

	const glyf = new Writer(limit);
	const offsets: number[] = [];
	const xMins: number[] = [];
	for (let glyph = 0; glyph < numGlyphs; glyph++) {
		offsets.push(glyf.length);
		const contours = contourStream.i16();
		if (contours === 0) {
			if (hasBox(glyph)) throw new Woff2Error("an empty glyph has a bounding box");
			xMins.push(0);
			continue;
		}
		if (contours < 0) {
			if (!hasBox(glyph)) throw new Woff2Error("a composite glyph has no bounding box");
			const box = [bboxAll.i16(), bboxAll.i16(), bboxAll.i16(), bboxAll.i16()];
			const body = new Writer();
			const instructions = copyComposite(compositeStream, body);
			glyf.u16(0xffff);
			for (const value of box) glyf.u16(value);
			glyf.put(body.result());
			if (instructions) {
				const length = glyphStream.u255();
				glyf.u16(length);
				glyf.put(instructionStream.take(length));
			}
			xMins.push(box[0] as number);
		} else {
			const endPoints: number[] = [];
			let total = 0;
			for (let c = 0; c < contours; c++) {
				total += pointStream.u255();
				if (total > maxGlyphPoints) throw new Woff2Error(`glyph ${glyph} has more than ${maxGlyphPoints} points`);
				endPoints.push(total - 1);
			}
			const points = decodePoints(total, flagStream, glyphStream);
			const instructions = instructionStream.take(glyphStream.u255());
			const box = hasBox(glyph) ? [bboxAll.i16(), bboxAll.i16(), bboxAll.i16(), bboxAll.i16()] : boundsOf(points);
			writeSimple(glyf, endPoints, points, instructions, box);
			xMins.push(box[0] as number);
		}
		glyf.pad4();
	}
	offsets.push(glyf.length);
	const loca = new Writer(limit);
	for (const offset of offsets) {
		if (indexFormat === 0) loca.u16(offset / 2);
		else loca.u32(offset);
	}
	return { glyf: glyf.result(), loca: loca.result(), xMins, numGlyphs };
}

/** Rebuilds `hmtx` from its transformed form (§5.4): bearings left out are the glyphs' xMin. */
export function rebuildHmtx(data: Uint8Array, numGlyphs: number, numHMetrics: number, xMins: number[]): Uint8Array {
	if (numHMetrics < 1 || numHMetrics > numGlyphs)
		throw new Woff2Error(`its hhea table gives ${numHMetrics} advance widths for ${numGlyphs} glyphs`);
	const reader = new Reader(data);
	const flags = reader.u8();
	const advances = Array.from({ length: numHMetrics }, () => reader.u16());
	const bearings = Array.from({ length: numHMetrics }, (_, i) => ((flags & 1) === 0 ? reader.i16() : (xMins[i] ?? 0)));
	const rest = Array.from({ length: numGlyphs - numHMetrics }, (_, i) =>
		(flags & 2) === 0 ? reader.i16() : (xMins[numHMetrics + i] ?? 0),
	);
	const out = new Writer();
	for (let i = 0; i < numHMetrics; i++) {
		out.u16(advances[i] as number);
		out.u16(bearings[i] as number);
	}
	for (const bearing of rest) out.u16(bearing);
	return out.result();
}

function checksum(data: Uint8Array): number {
	let sum = 0;
	for (let i = 0; i < data.length; i += 4) {
		const word = ((data[i] ?? 0) << 24) | ((data[i + 1] ?? 0) << 16) | ((data[i + 2] ?? 0) << 8) | (data[i + 3] ?? 0);
		sum = (sum + (word >>> 0)) >>> 0;
	}
	return sum;
}

/** The sfnt file: offset table, table records sorted by tag, then the tables, each 4-byte aligned. */
export function writeSfnt(flavor: number, tables: Map<string, Uint8Array>, limit = Number.POSITIVE_INFINITY): Uint8Array {
	const tags = [...tables.keys()].sort();
	const count = tags.length;
	const power = 2 ** Math.floor(Math.log2(count));
	const out = new Writer(limit);
	out.u32(flavor);
	out.u16(count);
	out.u16(power * 16);
	out.u16(Math.log2(power));
	out.u16(count * 16 - power * 16);
	let offset = 12 + count * 16;
	for (const tag of tags) {
		const data = tables.get(tag) as Uint8Array;
		for (let i = 0; i < 4; i++) out.u8(tag.charCodeAt(i));
		out.u32(checksum(data));
		out.u32(offset);
		out.u32(data.length);
		offset += Math.ceil(data.length / 4) * 4;
	}
	for (const tag of tags) {
		out.put(tables.get(tag) as Uint8Array);
		out.pad4();
	}
	return out.result();
}

/**
 * Unpacks a WOFF2 file into the TTF or OTF it compresses; throws `Woff2Error` saying what is
 * wrong. Neither the decompressed tables nor the font rebuilt from them may pass `maxBytes`
 * (a WOFF2 upload is held to what a TTF upload may be), checked before anything is allocated.
 */
export function woff2ToSfnt(bytes: Uint8Array, maxBytes = 4 * 1024 * 1024): Uint8Array {
	const reader = new Reader(bytes);
	if (reader.u32() !== 0x774f4632) throw new Woff2Error("the file is not WOFF2");
	const flavor = reader.u32();
	if (flavor === 0x74746366) throw new Woff2Error("it is a font collection; upload one font of it");
	reader.u32();
	const numTables = reader.u16();
	reader.u16();
	reader.u32();
	const compressedSize = reader.u32();
	reader.take(24);
	const entries: Entry[] = [];
	for (let i = 0; i < numTables; i++) {
		const flags = reader.u8();
		const tag = (flags & 0x3f) === 0x3f ? String.fromCharCode(...reader.take(4)) : (knownTags[flags & 0x3f] as string);
		const version = flags >> 6;
		const origLength = reader.base128();
		const transformed = tag === "glyf" || tag === "loca" ? version === 0 : version !== 0;
		const length = transformed ? reader.base128() : origLength;
		entries.push({ tag, origLength, transformed, length });
	}
	if (numTables === 0) throw new Woff2Error("it has no tables");
	const total = entries.reduce((sum, entry) => sum + entry.length, 0);
	const unpackedSize = 12 + numTables * 16 + entries.reduce((sum, entry) => sum + Math.ceil(entry.origLength / 4) * 4, 0);
	if (total > maxBytes || unpackedSize > maxBytes)
		throw new Woff2Error(
			`it would unpack to ${formatMiB(Math.max(total, unpackedSize))}, more than the ${formatMiB(maxBytes)} a font may be`,
		);
	let stream: Uint8Array | null;
	try {
		stream = brotliDecompress(reader.take(compressedSize), total);
	} catch {
		stream = null;
	}
	if (!stream || stream.length < total) throw new Woff2Error("its compressed tables do not decompress");

	const raw = new Map<string, Uint8Array>();
	let at = 0;
	for (const entry of entries) {
		raw.set(entry.tag, stream.subarray(at, at + entry.length));
		at += entry.length;
	}
	const tables = new Map<string, Uint8Array>();
	for (const entry of entries) if (!entry.transformed) tables.set(entry.tag, raw.get(entry.tag) as Uint8Array);

	const glyfEntry = entries.find((entry) => entry.tag === "glyf");
	let glyf: Glyf | undefined;
	if (glyfEntry?.transformed) {
		glyf = rebuildGlyf(raw.get("glyf") as Uint8Array, maxBytes);
		tables.set("glyf", glyf.glyf);
		tables.set("loca", glyf.loca);
	}
	const hmtxEntry = entries.find((entry) => entry.tag === "hmtx");
	if (hmtxEntry?.transformed) {
		const hhea = tables.get("hhea");
		if (!glyf || !hhea || hhea.length < 36) throw new Woff2Error("its hmtx table is transformed without glyf or hhea");
		const numHMetrics = new Reader(hhea.subarray(34)).u16();
		tables.set("hmtx", rebuildHmtx(raw.get("hmtx") as Uint8Array, glyf.numGlyphs, numHMetrics, glyf.xMins));
	}
	return writeSfnt(flavor, tables, maxBytes);
}
