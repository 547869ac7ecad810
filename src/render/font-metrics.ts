/**
 * Reads advance widths from a TrueType font (`cmap` format 4 and 12, `hmtx`), so text can be
 * measured with the real font: ECharts' built-in table is Arial's, which makes titles and
 * labels overlap or clip when drawn in Inter.
 */
export interface FontMetrics {
	unitsPerEm: number;
	has(codePoint: number): boolean;
	/** Every code point the font maps to a glyph, ascending. */
	codePoints(): number[];
	/** Advance of the text at 1px font size. */
	advance(text: string): number;
}

function tables(view: DataView): Map<string, number> {
	const count = view.getUint16(4);
	const offsets = new Map<string, number>();
	for (let i = 0; i < count; i++) {
		const record = 12 + i * 16;
		const tag = String.fromCharCode(view.getUint8(record), view.getUint8(record + 1), view.getUint8(record + 2), view.getUint8(record + 3));
		offsets.set(tag, view.getUint32(record + 8));
	}
	return offsets;
}

function readCmap(view: DataView, cmap: number): Map<number, number> {
	const glyphs = new Map<number, number>();
	const subtables = view.getUint16(cmap + 2);
	let best: { offset: number; format: number } | undefined;
	for (let i = 0; i < subtables; i++) {
		const platform = view.getUint16(cmap + 4 + i * 8);
		const encoding = view.getUint16(cmap + 6 + i * 8);
		const offset = cmap + view.getUint32(cmap + 8 + i * 8);
		const format = view.getUint16(offset);
		const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
		if (unicode && (format === 12 || (format === 4 && best?.format !== 12))) best = { offset, format };
	}
	if (!best) return glyphs;
	const o = best.offset;
	if (best.format === 12) {
		const groups = view.getUint32(o + 12);
		for (let g = 0; g < groups; g++) {
			const start = view.getUint32(o + 16 + g * 12);
			const end = view.getUint32(o + 20 + g * 12);
			const glyph = view.getUint32(o + 24 + g * 12);
			for (let c = start; c <= end && c - start < 0x10000; c++) glyphs.set(c, glyph + (c - start));
		}
		return glyphs;
	}
	const segments = view.getUint16(o + 6) / 2;
	const ends = o + 14;
	const starts = ends + segments * 2 + 2;
	const deltas = starts + segments * 2;
	const rangeOffsets = deltas + segments * 2;
	for (let s = 0; s < segments; s++) {
		const end = view.getUint16(ends + s * 2);
		const start = view.getUint16(starts + s * 2);
		const delta = view.getInt16(deltas + s * 2);
		const rangeOffset = view.getUint16(rangeOffsets + s * 2);
		for (let c = start; c <= end && c !== 0xffff; c++) {
			let glyph: number;
			if (rangeOffset === 0) glyph = (c + delta) & 0xffff;
			else {
				const address = rangeOffsets + s * 2 + rangeOffset + (c - start) * 2;
				const raw = view.getUint16(address);
				glyph = raw === 0 ? 0 : (raw + delta) & 0xffff;
			}
			if (glyph !== 0) glyphs.set(c, glyph);
		}
	}
	return glyphs;
}

export function fontMetrics(data: ArrayBuffer): FontMetrics {
	const view = new DataView(data);
	const offsets = tables(view);
	const head = offsets.get("head") as number;
	const hhea = offsets.get("hhea") as number;
	const hmtx = offsets.get("hmtx") as number;
	const unitsPerEm = view.getUint16(head + 18);
	const longMetrics = view.getUint16(hhea + 34);
	const glyphs = readCmap(view, offsets.get("cmap") as number);
	const advanceOf = (glyph: number) => view.getUint16(hmtx + Math.min(glyph, longMetrics - 1) * 4);
	const fallbackAdvance = advanceOf(glyphs.get(0x6e) ?? 0);
	return {
		unitsPerEm,
		has: (codePoint) => glyphs.has(codePoint),
		codePoints: () => [...glyphs.keys()].sort((a, b) => a - b),
		advance(text) {
			let total = 0;
			for (const ch of text) {
				const glyph = glyphs.get(ch.codePointAt(0) ?? 0);
				total += glyph === undefined ? fallbackAdvance : advanceOf(glyph);
			}
			return total / unitsPerEm;
		},
	};
}
