/**
 * What an export does with any glyph of an uploaded font is bounded at upload, not
 * only what the 16-character sample does: hostile CFF outline programs (self-calling or fanning
 * subroutines, the `roll` operator) and GSUB/GPOS lookups that nest into themselves or multiply
 * are refused with 422 reasons; ordinary fonts pass. The hostile glyph is always one the sample
 * does not shape ("z"), so the refusal comes from the whole-font checks. Work is asserted by the
 * checks' own counters and limits, never by timing.
 */
import { create } from "fontkit";
import { describe, expect, it } from "vitest";
import interBold from "../../../node_modules/@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf";
import dejavuSerif from "../../../node_modules/dejavu-fonts-ttf/ttf/DejaVuSerif.ttf";
import { checkCharstrings, maxFontCharstringTokens, maxGlyphCharstringTokens } from "../../../src/formats/fonts/charstrings";
import { checkComposites, maxComponentVisits } from "../../../src/formats/fonts/composites";
import { InvalidFontError, inspectFont } from "../../../src/formats/fonts/inspect";
import { checkLookups, maxLookupApplications, maxLookupNesting } from "../../../src/formats/fonts/lookups";
import { tableDirectory } from "../../../src/formats/fonts/sfnt";
import { writeSfnt } from "../../../src/formats/fonts/woff2";
import { Bytes, patched16, tablesOf, withTables } from "../../harness/workerd/sfnt-writer";

const serif = new Uint8Array(dejavuSerif);
const tables = tablesOf(serif);
const numGlyphs = new DataView((tables.get("maxp") as Uint8Array).buffer).getUint16(4);
/** The glyph of "z": not among the sample's first 16 characters, so only a whole-font check reaches it. */
const zGlyph = create(serif).glyphForCodePoint(0x7a).id;

function refusal(bytes: Uint8Array): string {
	try {
		inspectFont(bytes);
	} catch (error) {
		expect(error).toBeInstanceOf(InvalidFontError);
		return (error as Error).message;
	}
	throw new Error("the font was accepted");
}

/** A CFF INDEX with 4-byte offsets. */
function cffIndex(items: readonly number[][]): number[] {
	if (items.length === 0) return [0, 0];
	const out = new Bytes().u16(items.length).u8(4);
	let offset = 1;
	out.u32(offset);
	for (const item of items) {
		offset += item.length;
		out.u32(offset);
	}
	return [...out.out, ...items.flat()];
}

/** A DICT operand as a 5-byte integer, so offsets can be written before they are known. */
const int32 = (n: number) => [29, (n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
/** A charstring operand (-107..107) as one byte. */
const small = (n: number) => n + 139;
/** A subroutine number as pushed before callsubr/callgsubr (fewer than 1240 subroutines: bias 107). */
const subr = (index: number) => small(index - 107);

/** A square: 0 0 rmoveto, three rlinetos, endchar. */
const square = [small(0), small(0), 21, small(100), small(0), 5, small(0), small(100), 5, small(-100), small(0), 5, 14];

/** A minimal CFF table: every glyph a square but glyph "z" `hostile` (or each glyph's own program), with these subroutines. */
function cffTable(
	hostile: number[] | ((glyph: number) => number[]),
	localSubrs: number[][] = [],
	globalSubrs: number[][] = [],
): Uint8Array {
	const program = typeof hostile === "function" ? hostile : (glyph: number) => (glyph === zGlyph ? hostile : square);
	const header = [1, 0, 4, 4];
	const names = cffIndex([[..."Test"].map((c) => c.charCodeAt(0))]);
	const charStrings = cffIndex(Array.from({ length: numGlyphs }, (_, glyph) => program(glyph)));
	const locals = cffIndex(localSubrs);
	const privateDict = [...int32(6), 19]; // Subrs, right after the 6-byte dict
	const topDictSize = 5 + 1 + 5 + 5 + 1; // CharStrings offset op; Private size offset op
	const topIndexSize = cffIndex([new Array(topDictSize).fill(0)]).length;
	const strings = cffIndex([]);
	const globals = cffIndex(globalSubrs);
	const charStringsAt = header.length + names.length + topIndexSize + strings.length + globals.length;
	const privateAt = charStringsAt + charStrings.length;
	const topDict = [...int32(charStringsAt), 17, ...int32(privateDict.length), ...int32(privateAt), 18];
	return Uint8Array.from([...header, ...names, ...cffIndex([topDict]), ...strings, ...globals, ...charStrings, ...privateDict, ...locals]);
}

/** DejaVu Serif with CFF outlines in place of its TrueType ones. */
function cffFont(cff: Uint8Array): Uint8Array {
	const changed = new Map(tables);
	changed.delete("glyf");
	changed.delete("loca");
	changed.set("CFF ", cff);
	return writeSfnt(0x4f54544f, changed);
}

describe("CFF outline programs are run for every glyph at upload, within the Type 2 limits", () => {
	it("an ordinary CFF font passes: every glyph is checked and the font is accepted", () => {
		const font = cffFont(cffTable(square, [[small(0), 11]]));
		expect(() => checkCharstrings(create(font))).not.toThrow();
		expect(inspectFont(font).format).toBe("otf");
	});

	it("refuses a subroutine that calls itself (fontkit would recurse until its stack overflows)", () => {
		const font = cffFont(cffTable([subr(0), 10, 14], [[subr(0), 10, 11]]));
		expect(refusal(font)).toContain(`the outline of glyph ${zGlyph} calls subroutines nested more than 10 deep`);
	});

	it("refuses subroutines fanning out within the depth limit (4^9 calls from a few bytes)", () => {
		const chain = Array.from({ length: 10 }, (_, i) =>
			i < 9
				? [
						...Array(4)
							.fill([subr(i + 1), 10])
							.flat(),
						11,
					]
				: [11],
		);
		const font = cffFont(cffTable([subr(0), 10, 14], chain));
		expect(refusal(font)).toContain(`the outline of glyph ${zGlyph} takes more than ${maxGlyphCharstringTokens} steps to draw`);
	});

	it("refuses the arithmetic operators, such as roll with a huge count, and unknown operators", () => {
		const roll = [small(1), 255, 0x7f, 0xff, 0, 0, 12, 30, 14];
		expect(refusal(cffFont(cffTable(roll)))).toContain("uses the charstring arithmetic operator 12 30");
		expect(refusal(cffFont(cffTable([small(1), 2, 14])))).toContain("uses the unknown charstring operator 2");
	});

	it("refuses a global subroutine loop, and more than 48 operands", () => {
		expect(refusal(cffFont(cffTable([subr(0), 29, 14], [], [[subr(0), 29, 11]])))).toContain("nested more than 10 deep");
		expect(refusal(cffFont(cffTable([...Array(49).fill(small(1)), 14])))).toContain("puts more than 48 operands on the stack");
	});

	it("refuses outlines that add up past the font's budget, though each glyph is within its own", () => {
		// Every glyph runs about 19,000 tokens through one subroutine: allowed alone, too much for all glyphs together.
		const heavy = [
			...Array(6300)
				.fill([small(1), small(1), 5])
				.flat(),
			11,
		];
		expect(numGlyphs * 6300 * 3).toBeGreaterThan(maxFontCharstringTokens);
		const font = cffFont(cffTable(() => [subr(0), 10, 14], [heavy]));
		expect(refusal(font)).toContain(`its outlines take more than ${maxFontCharstringTokens} steps to draw, all glyphs together`);
	});
});

/** A lookup of context (format 3) rules applying `nested` lookups at the matched glyph; or, for `[]`, a rule applying none. */
function contextSubtable(nested: readonly number[]): number[] {
	const out = new Bytes()
		.u16(3)
		.u16(1)
		.u16(nested.length)
		.u16(8 + nested.length * 4);
	for (const index of nested) out.u16(0).u16(index);
	return [...out.u16(1).u16(1).u16(zGlyph).out]; // coverage format 1: glyph "z"
}

/**
 * A GSUB (or GPOS) table with no scripts or features and these lookups, each one subtable of
 * context rules applying the listed lookups; `extension` wraps each in the table's extension type.
 */
function layoutTable(lookups: readonly (readonly number[])[], table: "GSUB" | "GPOS" = "GSUB", extension = false): Uint8Array {
	const context = table === "GSUB" ? 5 : 7;
	const bodies = lookups.map((nested) => {
		const subtable = contextSubtable(nested);
		if (!extension) return [...new Bytes().u16(context).u16(0).u16(1).u16(8).out, ...subtable];
		const wrapper = new Bytes().u16(1).u16(context).u32(8).out;
		return [
			...new Bytes()
				.u16(table === "GSUB" ? 7 : 9)
				.u16(0)
				.u16(1)
				.u16(8).out,
			...wrapper,
			...subtable,
		];
	});
	const list = new Bytes().u16(lookups.length);
	let offset = 2 + lookups.length * 2;
	for (const body of bodies) {
		list.u16(offset);
		offset += body.length;
	}
	const header = new Bytes().u16(1).u16(0).u16(10).u16(12).u16(14).u16(0).u16(0).out;
	return Uint8Array.from([...header, ...list.out, ...bodies.flat()]);
}

function lookupsOf(font: ArrayBuffer | Uint8Array): () => void {
	const bytes = font instanceof Uint8Array ? font : new Uint8Array(font);
	const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
	return () => checkLookups(view, tableDirectory(view));
}

describe("GSUB and GPOS lookups are measured at upload: no cycles, bounded nesting and applications", () => {
	it("passes real fonts' layout tables (Inter, DejaVu Serif)", () => {
		expect(lookupsOf(interBold)).not.toThrow();
		expect(lookupsOf(serif)).not.toThrow();
	});

	it("refuses a context lookup that applies itself (fontkit would recurse until its stack overflows)", () => {
		expect(refusal(withTables(serif, { GSUB: layoutTable([[0]]) }))).toContain("its GSUB lookup 0 applies itself through its own rules");
		const viaExtension = withTables(serif, { GPOS: layoutTable([[1], [0]], "GPOS", true) });
		expect(refusal(viaExtension)).toContain("applies itself through its own rules");
	});

	it(`refuses lookups nested more than ${maxLookupNesting} deep`, () => {
		const chain = Array.from({ length: maxLookupNesting + 2 }, (_, i) => (i <= maxLookupNesting ? [i + 1] : []));
		expect(refusal(withTables(serif, { GSUB: layoutTable(chain) }))).toContain(`its GSUB lookups nest more than ${maxLookupNesting} deep`);
		const deepest = Array.from({ length: maxLookupNesting + 1 }, (_, i) => (i < maxLookupNesting ? [i + 1] : []));
		expect(lookupsOf(withTables(serif, { GSUB: layoutTable(deepest) }))).not.toThrow();
	});

	it("refuses rules that multiply applications within the nesting limit (8 records a level, 7 levels)", () => {
		const fanned = Array.from({ length: 7 }, (_, i) => (i < 6 ? Array(8).fill(i + 1) : []));
		expect(refusal(withTables(serif, { GSUB: layoutTable(fanned) }))).toContain(
			`its GSUB and GPOS lookups could apply more than ${maxLookupApplications} times at a single glyph`,
		);
	});
});

/** DejaVu Serif with some glyphs' outlines replaced (glyf rewritten, loca long). */
function withGlyphs(replaced: ReadonlyMap<number, Uint8Array>): Uint8Array {
	const head = tables.get("head") as Uint8Array;
	const loca = new DataView((tables.get("loca") as Uint8Array).buffer);
	const glyf = tables.get("glyf") as Uint8Array;
	const long = new DataView(head.buffer).getInt16(50) !== 0;
	const start = (g: number) => (long ? loca.getUint32(g * 4) : loca.getUint16(g * 2) * 2);
	const outGlyf: number[] = [];
	const outLoca = new Bytes();
	for (let g = 0; g < numGlyphs; g++) {
		outLoca.u32(outGlyf.length);
		outGlyf.push(...(replaced.get(g) ?? glyf.subarray(start(g), start(g + 1))));
		while (outGlyf.length % 4) outGlyf.push(0);
	}
	outLoca.u32(outGlyf.length);
	return withTables(serif, { glyf: Uint8Array.from(outGlyf), loca: outLoca.result(), head: patched16(head, 50, 1) });
}

/** A composite glyph drawing each of `parts` (offset by 0, 0). */
function composite(parts: readonly number[]): Uint8Array {
	const out = new Bytes().u16(0xffff).u16(0).u16(0).u16(0).u16(0);
	parts.forEach((part, i) => {
		out
			.u16(0x0003 | (i < parts.length - 1 ? 0x0020 : 0))
			.u16(part)
			.u16(0)
			.u16(0);
	});
	return out.result();
}

const glyphOf = (ch: string) => create(serif).glyphForCodePoint(ch.codePointAt(0) as number).id;

describe("TrueType composite glyphs are counted for every glyph at upload", () => {
	it("passes real fonts' composite glyphs (Inter, DejaVu Serif accents)", () => {
		for (const font of [serif, new Uint8Array(interBold)]) {
			const view = new DataView(font.buffer, font.byteOffset, font.byteLength);
			expect(() => checkComposites(view, tableDirectory(view), create(font).numGlyphs)).not.toThrow();
		}
	});

	it("refuses a glyph that contains itself", () => {
		expect(refusal(withGlyphs(new Map([[zGlyph, composite([zGlyph])]])))).toContain(`composite glyph ${zGlyph} contains itself`);
	});

	it(`refuses shared components that multiply past ${maxComponentVisits} drawn (8 × 8 × 8 × 8)`, () => {
		const [g1, g2, g3, leaf] = [glyphOf("y"), glyphOf("x"), glyphOf("w"), glyphOf("o")];
		const levels = new Map([
			[zGlyph, composite(Array(8).fill(g1))],
			[g1, composite(Array(8).fill(g2))],
			[g2, composite(Array(8).fill(g3))],
			[g3, composite(Array(8).fill(leaf))],
		]);
		expect(refusal(withGlyphs(levels))).toContain(`draws more than ${maxComponentVisits} components, nested ones counted`);
		// Three levels (8 × 8 × 8 = 584 drawn) are within the limit: the font is accepted.
		levels.delete(zGlyph);
		expect(inspectFont(withGlyphs(levels)).family).toBe("DejaVu Serif");
	});
});
