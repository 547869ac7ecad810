/**
 * TrueType composite glyphs of an uploaded font, measured once at upload. A composite
 * glyph draws other glyphs, which may be composites too; resvg's TrueType reader (ttf-parser, in
 * the PNG export) limits only how deep that goes, not how often a shared component is drawn
 * again, so a glyph whose components each name the same composite, a few levels down, costs
 * branching^depth outlines: seconds of CPU from a thousand bytes (a known ttf-parser denial of service). Every
 * glyph's component tree is counted here (each glyph's count computed once and reused), and a
 * font is refused when a glyph contains itself, nests components more than
 * `maxComponentDepth` deep, or draws more than `maxComponentVisits` components in all.
 */

/** How deep components may nest (fonts use 1 to 4; FreeType stops at 32). */
export const maxComponentDepth = 16;
/** Components one glyph may draw, nested ones counted each time (HarfBuzz and skrifa stop at 2048). */
export const maxComponentVisits = 2048;

/** A composite glyph breaks a limit; the message names the glyph, for the 422. */
export class CompositeError extends Error {
	override name = "CompositeError";
}

interface Table {
	offset: number;
	length: number;
}

const flags = { wordArguments: 0x0001, scale: 0x0008, more: 0x0020, xyScale: 0x0040, twoByTwo: 0x0080 } as const;

interface Reach {
	visits: number;
	depth: number;
}

/** Throws `CompositeError` when a composite glyph of the font could cost more to draw than the limits allow. */
export function checkComposites(view: DataView, tables: ReadonlyMap<string, Table>, numGlyphs: number): void {
	const glyf = tables.get("glyf");
	const loca = tables.get("loca");
	const head = tables.get("head");
	if (!glyf || !loca || !head) return;
	const longOffsets = view.getInt16(head.offset + 50) !== 0;
	const glyphCount = Math.min(numGlyphs, Math.floor(loca.length / (longOffsets ? 4 : 2)) - 1);
	const start = (glyph: number) => (longOffsets ? view.getUint32(loca.offset + glyph * 4) : view.getUint16(loca.offset + glyph * 2) * 2);

	/** The glyphs a composite glyph draws, or none for a simple or empty glyph. */
	const components = (glyph: number): number[] => {
		const from = start(glyph);
		const to = start(glyph + 1);
		if (to - from < 10) return [];
		if (to > glyf.length || from > to) throw new CompositeError(`glyph ${glyph} lies outside its glyf table`);
		let at = glyf.offset + from;
		const end = glyf.offset + to;
		if (view.getInt16(at) >= 0) return [];
		at += 10;
		const found: number[] = [];
		for (;;) {
			if (at + 4 > end) throw new CompositeError(`composite glyph ${glyph} is cut off`);
			const flag = view.getUint16(at);
			found.push(view.getUint16(at + 2));
			at += 4 + (flag & flags.wordArguments ? 4 : 2);
			at += flag & flags.scale ? 2 : flag & flags.xyScale ? 4 : flag & flags.twoByTwo ? 8 : 0;
			if (!(flag & flags.more)) return found;
		}
	};

	const known: (Reach | undefined)[] = [];
	const visiting = new Set<number>();
	const tooDeep = (glyph: number) => new CompositeError(`composite glyph ${glyph} nests components more than ${maxComponentDepth} deep`);
	const visit = (glyph: number, level: number): Reach => {
		const done = known[glyph];
		if (done) {
			if (level + done.depth > maxComponentDepth) throw tooDeep(glyph);
			return done;
		}
		if (level > maxComponentDepth) throw tooDeep(glyph);
		if (glyph >= glyphCount) return { visits: 0, depth: 0 }; // drawn as nothing
		if (visiting.has(glyph)) throw new CompositeError(`composite glyph ${glyph} contains itself`);
		visiting.add(glyph);
		const reach: Reach = { visits: 0, depth: 0 };
		for (const component of components(glyph)) {
			const below = visit(component, level + 1);
			reach.visits += 1 + below.visits;
			reach.depth = Math.max(reach.depth, below.depth + 1);
			if (reach.visits > maxComponentVisits)
				throw new CompositeError(`composite glyph ${glyph} draws more than ${maxComponentVisits} components, nested ones counted`);
		}
		visiting.delete(glyph);
		known[glyph] = reach;
		return reach;
	};
	for (let glyph = 0; glyph < glyphCount; glyph++) visit(glyph, 0);
}
