/**
 * Advance widths and coverage of a TrueType or OpenType font (`cmap`, `hmtx`), so text can be
 * measured with the real font: ECharts' built-in table is Arial's, which makes titles and
 * labels overlap or clip when drawn in Inter. The character map is kept as ranges
 * (`sfnt.ts`), never as one entry per code point, so a font mapping a million code
 * points costs no more to measure with than one mapping a hundred.
 */
import { readSfnt } from "./sfnt";

export interface FontMetrics {
	unitsPerEm: number;
	has(codePoint: number): boolean;
	/** The code points the font maps to a glyph, as sorted, disjoint, inclusive [start, end] ranges. */
	ranges(): readonly (readonly [number, number])[];
	/** Advance of the text at 1px font size. */
	advance(text: string): number;
}

/** Throws an `SfntError` when the file breaks a rule drawing relies on (see `readSfnt`). */
export function fontMetrics(data: ArrayBuffer): FontMetrics {
	const { unitsPerEm, cmap, advanceOf } = readSfnt(new DataView(data));
	const fallbackAdvance = advanceOf(cmap.glyphOf(0x6e));
	return {
		unitsPerEm,
		has: (codePoint) => cmap.has(codePoint),
		ranges: () => cmap.ranges,
		advance(text) {
			let total = 0;
			for (const ch of text) {
				const glyph = cmap.glyphOf(ch.codePointAt(0) ?? 0);
				total += glyph === 0 ? fallbackAdvance : advanceOf(glyph);
			}
			return total / unitsPerEm;
		},
	};
}
