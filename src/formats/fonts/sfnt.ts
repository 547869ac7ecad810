/**
 * The parts of an sfnt (TrueType or OpenType) file that every drawing reads, read with bounds
 * checks and bounded work: the table directory, the metrics tables and the character
 * map, kept as ranges of code points. Nothing here expands a range into its code points, so a
 * map of one group over U+0021..U+10FFFF costs what a map of one character does; what is
 * visited one entry at a time (format 4 segments, the array formats) is bounded by the file's
 * size and counted against `sfntWorkBudget`. Pure: no I/O, no font parser.
 *
 * Used at upload (the inspection refuses a file this cannot read) and at drawing (measuring and
 * coverage of the fonts already stored), so both agree on what a font has.
 */

/** The file breaks a rule every drawing relies on; the message says which, for the uploader. */
export class SfntError extends Error {
	override name = "SfntError";
}

/** At most this many cmap entries and code points are visited one by one (a fixed CPU budget). */
export const sfntWorkBudget = 400_000;

/** units per em a renderer can scale with (OpenType allows 16–16384). */
export const unitsPerEmRange = { min: 16, max: 16384 } as const;

interface Table {
	offset: number;
	length: number;
}

/** Sizes below which a table cannot hold the fields drawings read (`post` and `OS/2` version 0). */
const minimumTableBytes: Record<string, number> = { head: 54, hhea: 36, maxp: 6, post: 32, "OS/2": 78, cmap: 4 };

export function tableDirectory(view: DataView): Map<string, Table> {
	if (view.byteLength < 12) throw new SfntError("the file is too short to hold a table directory");
	const count = view.getUint16(4);
	if (count === 0 || 12 + count * 16 > view.byteLength) throw new SfntError("its table directory is longer than the file");
	const tables = new Map<string, Table>();
	for (let i = 0; i < count; i++) {
		const record = 12 + i * 16;
		const tag = String.fromCharCode(view.getUint8(record), view.getUint8(record + 1), view.getUint8(record + 2), view.getUint8(record + 3));
		const printable = /^[\x20-\x7e]{4}$/.test(tag) ? tag.trim() : null;
		const name = printable ? `its ${printable} table` : "a table with an unreadable tag";
		const offset = view.getUint32(record + 8);
		const length = view.getUint32(record + 12);
		if (offset + length > view.byteLength) throw new SfntError(`${name} extends past the end of the file`);
		if (tables.has(tag)) throw new SfntError(`it has two ${printable ?? "same"} tables`);
		const minimum = minimumTableBytes[tag];
		if (minimum !== undefined && length < minimum)
			throw new SfntError(`its ${tag.trim()} table is ${length} bytes, shorter than the ${minimum} it must have`);
		tables.set(tag, { offset, length });
	}
	return tables;
}

/** A run of code points whose glyph follows one rule (a delta, one glyph, or a glyph array). */
interface Segment {
	start: number;
	end: number;
	/** glyph = code + delta (masked to 16 bits when `wrap`), or `glyphs[code - start]` (+ delta when nonzero). */
	delta: number;
	wrap: boolean;
	/** Format 13: every code point of the segment draws this one glyph. */
	constant?: number;
	glyphs?: Uint16Array | Uint32Array;
}

export interface CharacterMap {
	/** The cmap format drawn from (4, 12, …). */
	format: number;
	/** Covered code points as sorted, disjoint, inclusive [start, end] ranges. */
	ranges: readonly (readonly [number, number])[];
	/** The glyph a code point draws, 0 for none. */
	glyphOf(codePoint: number): number;
	has(codePoint: number): boolean;
	/** Units of work spent reading it (entries and code points visited), at most `sfntWorkBudget`. */
	work: number;
}

/** The Unicode subtables in the order fontkit (which pdfkit draws with) picks from: the same one must be read here. */
const unicodeSubtables: [number, number][] = [
	[3, 10],
	[0, 6],
	[0, 4],
	[3, 1],
	[0, 3],
	[0, 2],
	[0, 1],
	[0, 0],
];

class Work {
	spent = 0;
	add(units: number): void {
		this.spent += units;
		if (this.spent > sfntWorkBudget) throw new SfntError("its character map is larger than any real font's; it was not read to the end");
	}
}

function need(view: DataView, at: number, bytes: number, end: number, what: string): void {
	if (at + bytes > end || at + bytes > view.byteLength) throw new SfntError(`its ${what} extends past the end of the cmap table`);
}

function readSegments(view: DataView, at: number, end: number, format: number, work: Work): Segment[] {
	const segments: Segment[] = [];
	switch (format) {
		case 0: {
			need(view, at, 6 + 256, end, "format 0 subtable");
			segments.push({
				start: 0,
				end: 255,
				delta: 0,
				wrap: false,
				glyphs: Uint16Array.from(new Uint8Array(view.buffer, view.byteOffset + at + 6, 256)),
			});
			work.add(256);
			return segments;
		}
		case 4: {
			need(view, at, 14, end, "format 4 subtable");
			const count = view.getUint16(at + 6) / 2;
			if (!Number.isInteger(count) || count === 0) throw new SfntError("its format 4 character map has an odd or zero segment count");
			const ends = at + 14;
			const starts = ends + count * 2 + 2;
			const deltas = starts + count * 2;
			const offsets = deltas + count * 2;
			need(view, offsets, count * 2, end, "format 4 subtable");
			work.add(count);
			let previousEnd = -1;
			for (let s = 0; s < count; s++) {
				const segEnd = view.getUint16(ends + s * 2);
				const segStart = view.getUint16(starts + s * 2);
				const delta = view.getInt16(deltas + s * 2);
				const rangeOffset = view.getUint16(offsets + s * 2);
				if (segStart > segEnd || segStart <= previousEnd)
					throw new SfntError("its format 4 character map has segments out of order or overlapping");
				previousEnd = segEnd;
				if (rangeOffset === 0) {
					segments.push({ start: segStart, end: segEnd, delta, wrap: true });
					continue;
				}
				const first = offsets + s * 2 + rangeOffset;
				const length = segEnd - segStart + 1;
				// The glyph array may be shorter than the last segments say: fontkit reads past it as 0.
				const glyphs = new Uint16Array(length);
				for (let i = 0; i < length && first + i * 2 + 2 <= end; i++) glyphs[i] = view.getUint16(first + i * 2);
				work.add(length);
				segments.push({ start: segStart, end: segEnd, delta, wrap: true, glyphs });
			}
			return segments;
		}
		case 6:
		case 10: {
			const wide = format === 10;
			const header = wide ? 20 : 10;
			need(view, at, header, end, `format ${format} subtable`);
			const first = wide ? view.getUint32(at + 12) : view.getUint16(at + 6);
			const count = wide ? view.getUint32(at + 16) : view.getUint16(at + 8);
			need(view, at + header, count * 2, end, `format ${format} subtable`);
			work.add(count);
			if (count === 0) return segments;
			const glyphs = new Uint16Array(count);
			for (let i = 0; i < count; i++) glyphs[i] = view.getUint16(at + header + i * 2);
			if (first + count - 1 > 0x10ffff) throw new SfntError("its character map names code points past U+10FFFF");
			segments.push({ start: first, end: first + count - 1, delta: 0, wrap: false, glyphs });
			return segments;
		}
		case 12:
		case 13: {
			need(view, at, 16, end, `format ${format} subtable`);
			const groups = view.getUint32(at + 12);
			need(view, at + 16, groups * 12, end, `format ${format} subtable`);
			work.add(groups);
			let previousEnd = -1;
			for (let g = 0; g < groups; g++) {
				const record = at + 16 + g * 12;
				const start = view.getUint32(record);
				const groupEnd = view.getUint32(record + 4);
				const glyph = view.getUint32(record + 8);
				if (start > groupEnd || start <= previousEnd)
					throw new SfntError(`its format ${format} character map has groups out of order or overlapping`);
				if (groupEnd > 0x10ffff) throw new SfntError("its character map names code points past U+10FFFF");
				previousEnd = groupEnd;
				segments.push(
					format === 12
						? { start, end: groupEnd, delta: glyph - start, wrap: false }
						: { start, end: groupEnd, delta: 0, wrap: false, constant: glyph },
				);
			}
			return segments;
		}
		default:
			throw new SfntError(
				format === 14
					? "its Unicode character map is a format 14 subtable (variation sequences), which maps no characters by itself"
					: `its Unicode character map is a format ${format} subtable, which the renderer cannot read (formats 0, 4, 6, 10, 12 and 13 can be)`,
			);
	}
}

function glyphIn(segment: Segment, code: number): number {
	if (segment.constant !== undefined) return segment.constant;
	if (segment.glyphs) {
		const raw = segment.glyphs[code - segment.start] ?? 0;
		if (raw === 0) return 0;
		return segment.wrap ? (raw + segment.delta) & 0xffff : raw;
	}
	const glyph = code + segment.delta;
	return segment.wrap ? glyph & 0xffff : glyph;
}

/**
 * The covered ranges of the segments: code points whose glyph is not 0. A glyph past the font's
 * last one is an error (fontkit would draw from past the end of its tables).
 */
function coveredRanges(segments: readonly Segment[], numGlyphs: number, work: Work): [number, number][] {
	const ranges: [number, number][] = [];
	const add = (start: number, end: number) => {
		const last = ranges[ranges.length - 1];
		if (last && last[1] + 1 >= start) last[1] = Math.max(last[1], end);
		else ranges.push([start, end]);
	};
	const tooFar = (glyph: number, code: number) => {
		if (glyph >= numGlyphs)
			throw new SfntError(
				`its character map sends U+${code.toString(16).toUpperCase().padStart(4, "0")} to glyph ${glyph}, but the font has ${numGlyphs} glyphs`,
			);
	};
	for (const segment of segments) {
		if (segment.constant !== undefined) {
			// Format 13: one glyph for the whole group.
			tooFar(segment.constant, segment.start);
			if (segment.constant !== 0) add(segment.start, segment.end);
			continue;
		}
		if (!segment.glyphs && !segment.wrap) {
			// Format 12: glyphs rise with the code points, so the group's ends decide, whatever its length.
			if (segment.start + segment.delta < 0) throw new SfntError("its character map sends characters to negative glyph numbers");
			const firstPast = Math.max(segment.start, numGlyphs - segment.delta);
			if (firstPast <= segment.end) tooFar(firstPast + segment.delta, firstPast);
			const from = segment.start + segment.delta === 0 ? segment.start + 1 : segment.start;
			if (from <= segment.end) add(from, segment.end);
			continue;
		}
		// Format 4 and the array formats: at most 65,536 code points a subtable, visited one by one.
		work.add(segment.end - segment.start + 1);
		let runStart = -1;
		for (let code = segment.start; code <= segment.end; code++) {
			const glyph = code === 0xffff ? 0 : glyphIn(segment, code);
			if (glyph !== 0) tooFar(glyph, code);
			if (glyph !== 0 && runStart < 0) runStart = code;
			if (glyph === 0 && runStart >= 0) {
				add(runStart, code - 1);
				runStart = -1;
			}
		}
		if (runStart >= 0) add(runStart, segment.end);
	}
	return ranges;
}

function findSegment(segments: readonly Segment[], code: number): Segment | undefined {
	let low = 0;
	let high = segments.length - 1;
	while (low <= high) {
		const mid = (low + high) >> 1;
		const segment = segments[mid] as Segment;
		if (code < segment.start) high = mid - 1;
		else if (code > segment.end) low = mid + 1;
		else return segment;
	}
	return undefined;
}

function inRanges(ranges: readonly (readonly [number, number])[], code: number): boolean {
	let low = 0;
	let high = ranges.length - 1;
	while (low <= high) {
		const mid = (low + high) >> 1;
		const [start, end] = ranges[mid] as readonly [number, number];
		if (code < start) high = mid - 1;
		else if (code > end) low = mid + 1;
		else return true;
	}
	return false;
}

/** The Unicode character map fontkit draws with, as ranges; an `SfntError` when there is none it can read. */
export function readCharacterMap(view: DataView, cmap: Table, numGlyphs: number): CharacterMap {
	const end = cmap.offset + cmap.length;
	const count = view.getUint16(cmap.offset + 2);
	need(view, cmap.offset + 4, count * 8, end, "subtable list");
	const subtables: { platform: number; encoding: number; at: number }[] = [];
	for (let i = 0; i < count; i++) {
		const record = cmap.offset + 4 + i * 8;
		const at = cmap.offset + view.getUint32(record + 4);
		need(view, at, 2, end, "subtable");
		subtables.push({ platform: view.getUint16(record), encoding: view.getUint16(record + 2), at });
	}
	let chosen: (typeof subtables)[number] | undefined;
	for (const [platform, encoding] of unicodeSubtables) {
		chosen = subtables.find((s) => s.platform === platform && s.encoding === encoding);
		if (chosen) break;
	}
	if (!chosen) throw new SfntError("it has no Unicode character map (cmap), so no text can be drawn with it");
	const format = view.getUint16(chosen.at);
	const work = new Work();
	const segments = readSegments(view, chosen.at, end, format, work);
	const ranges = coveredRanges(segments, numGlyphs, work);
	return {
		format,
		ranges,
		work: work.spent,
		has: (code) => inRanges(ranges, code),
		glyphOf(code) {
			if (!inRanges(ranges, code)) return 0;
			const segment = findSegment(segments, code);
			return segment ? glyphIn(segment, code) : 0;
		},
	};
}

export interface SfntFacts {
	tables: Map<string, Table>;
	unitsPerEm: number;
	numGlyphs: number;
	/** hhea's count of full (advance, bearing) pairs in hmtx. */
	longMetrics: number;
	cmap: CharacterMap;
	/** The advance of a glyph, in font units. */
	advanceOf(glyph: number): number;
}

/**
 * Reads and checks what every drawing reads: units per em in range, glyph counts that agree
 * between maxp, hhea, hmtx and loca, a glyph bounding box the right way round, and a Unicode
 * character map. Throws an `SfntError` naming the first problem.
 */
export function readSfnt(view: DataView): SfntFacts {
	const tables = tableDirectory(view);
	for (const tag of ["cmap", "head", "hhea", "hmtx", "maxp"]) if (!tables.has(tag)) throw new SfntError(`it lacks the ${tag} table`);
	const head = (tables.get("head") as Table).offset;
	const unitsPerEm = view.getUint16(head + 18);
	if (unitsPerEm < unitsPerEmRange.min || unitsPerEm > unitsPerEmRange.max)
		throw new SfntError(
			`its head table gives ${unitsPerEm} units per em; a font must have ${unitsPerEmRange.min} to ${unitsPerEmRange.max}`,
		);
	const [xMin, yMin, xMax, yMax] = [36, 38, 40, 42].map((at) => view.getInt16(head + at)) as [number, number, number, number];
	if (xMin > xMax || yMin > yMax) throw new SfntError("its head table's bounding box is inside out");
	const numGlyphs = view.getUint16((tables.get("maxp") as Table).offset + 4);
	if (numGlyphs === 0) throw new SfntError("its maxp table says it has no glyphs");
	const longMetrics = view.getUint16((tables.get("hhea") as Table).offset + 34);
	if (longMetrics === 0 || longMetrics > numGlyphs)
		throw new SfntError(`its hhea table gives ${longMetrics} advance widths for ${numGlyphs} glyphs`);
	const hmtx = tables.get("hmtx") as Table;
	if (hmtx.length < longMetrics * 4 + (numGlyphs - longMetrics) * 2)
		throw new SfntError("its hmtx table is shorter than its glyphs' advance widths need");
	const loca = tables.get("loca");
	const glyf = tables.get("glyf");
	if (loca && glyf) checkLoca(view, head, loca, glyf, numGlyphs);
	const cmap = readCharacterMap(view, tables.get("cmap") as Table, numGlyphs);
	return {
		tables,
		unitsPerEm,
		numGlyphs,
		longMetrics,
		cmap,
		advanceOf: (glyph) => view.getUint16(hmtx.offset + Math.min(glyph, longMetrics - 1) * 4),
	};
}

/** Glyph offsets in order and inside `glyf`: fontkit reads a glyph's outline from them. */
function checkLoca(view: DataView, head: number, loca: Table, glyf: Table, numGlyphs: number): void {
	const long = view.getInt16(head + 50) === 1;
	const size = long ? 4 : 2;
	if (loca.length < (numGlyphs + 1) * size) throw new SfntError("its loca table is shorter than its glyph count needs");
	let previous = 0;
	for (let glyph = 0; glyph <= numGlyphs; glyph++) {
		const offset = long ? view.getUint32(loca.offset + glyph * 4) : view.getUint16(loca.offset + glyph * 2) * 2;
		if (offset < previous || offset > glyf.length) throw new SfntError(`its loca table places glyph ${glyph} outside the glyf table`);
		previous = offset;
	}
}
