/**
 * `inspectFont` against files a stranger could upload: each malformed font of the
 * report made here from DejaVu Serif with the test's sfnt writer, each refused with a reason
 * (never another exception); character maps read as ranges, whatever they span; WOFF2 held to
 * the TTF upload size; and a property test over mutated real fonts: every outcome is accepted or
 * an `InvalidFontError`. Work is asserted structurally (the character map's work counter), never
 * by timing.
 *
 * The property test runs a modest, seeded number of cases; `npm run test:full` runs many more (test/harness/workerd/tier.ts).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import dejavuSerif from "../../../node_modules/dejavu-fonts-ttf/ttf/DejaVuSerif.ttf";
import { countDecodedItems, maxDecodedItems } from "../../../src/formats/fonts/decode-budget";
import { InvalidFontError, inspectFont, maxFontBytes } from "../../../src/formats/fonts/inspect";
import { fontMetrics } from "../../../src/formats/fonts/metrics";
import { readSfnt, sfntWorkBudget } from "../../../src/formats/fonts/sfnt";
import { Woff2Error, woff2ToSfnt } from "../../../src/formats/fonts/woff2";
import italicWoff2 from "../../fixtures/fonts/DejaVuSerif-Italic.woff2";
import {
	Bytes,
	cmapTable,
	format4,
	format8,
	format12,
	format14,
	patched16,
	tablesOf,
	transformedGlyf,
	withTables,
	woff2File,
} from "../../harness/workerd/sfnt-writer";
import { propertyRuns } from "../../harness/workerd/tier";

const serif = new Uint8Array(dejavuSerif);
const tables = tablesOf(serif);
const numGlyphs = new DataView((tables.get("maxp") as Uint8Array).buffer).getUint16(4);

function refusal(bytes: Uint8Array): string {
	try {
		inspectFont(bytes);
	} catch (error) {
		expect(error).toBeInstanceOf(InvalidFontError);
		return (error as Error).message;
	}
	throw new Error("the font was accepted");
}

const unicodeBmp = (body: Uint8Array) => cmapTable([{ platform: 3, encoding: 1, body }]);
const unicodeFull = (body: Uint8Array) => cmapTable([{ platform: 3, encoding: 10, body }]);

describe("inspectFont refuses the malformed fonts of the second hardening round with a reason", () => {
	it("a cmap format 8 subtable", () => {
		expect(refusal(withTables(serif, { cmap: unicodeBmp(format8(0x41, 0x5a, 36)) }))).toContain("format 8 subtable");
	});

	it("a cmap format 14 subtable as the character map", () => {
		const font = withTables(serif, { cmap: cmapTable([{ platform: 0, encoding: 3, body: format14() }]) });
		expect(refusal(font)).toContain("format 14 subtable (variation sequences)");
	});

	it("a format 12 group spanning U+0021..U+10FFFF, past the font's glyphs", () => {
		const message = refusal(withTables(serif, { cmap: unicodeFull(format12([[0x21, 0x10ffff, 36]])) }));
		expect(message).toContain(`to glyph ${numGlyphs}, but the font has ${numGlyphs} glyphs`);
	});

	it("a 3-byte post table", () => {
		expect(refusal(withTables(serif, { post: new Uint8Array([0, 3, 0]) }))).toContain("post table is 3 bytes");
	});

	it("head.unitsPerEm = 0, and 16385", () => {
		const head = tables.get("head") as Uint8Array;
		expect(refusal(withTables(serif, { head: patched16(head, 18, 0) }))).toContain("0 units per em; a font must have 16 to 16384");
		expect(refusal(withTables(serif, { head: patched16(head, 18, 16385) }))).toContain("16385 units per em");
	});

	it("more advance widths than glyphs, and a loca pointing outside glyf", () => {
		const hhea = tables.get("hhea") as Uint8Array;
		expect(refusal(withTables(serif, { hhea: patched16(hhea, 34, numGlyphs + 1) }))).toContain("advance widths for");
		const loca = tables.get("loca") as Uint8Array;
		const long = new DataView((tables.get("head") as Uint8Array).buffer).getInt16(50) === 1;
		const broken = loca.slice();
		if (long) new DataView(broken.buffer).setUint32(8, 0x7fffffff);
		else new DataView(broken.buffer).setUint16(4, 0xffff);
		expect(refusal(withTables(serif, { loca: broken }))).toContain("outside the glyf table");
	});

	it("format 4 segments out of order", () => {
		const cmap = unicodeBmp(
			format4([
				[0x61, 0x7a, 68 - 0x61],
				[0x41, 0x5a, 36 - 0x41],
			]),
		);
		expect(refusal(withTables(serif, { cmap }))).toContain("segments out of order or overlapping");
	});

	it("a WOFF2 glyph with 420,000 points", () => {
		const rest = [...tables].filter(([tag]) => tag !== "glyf" && tag !== "loca").map(([tag, data]) => ({ tag, data }));
		const bomb = woff2File([
			...rest,
			{ tag: "glyf", data: transformedGlyf(7, 60_000), transformed: true },
			{ tag: "loca", data: new Uint8Array(0), transformed: true },
		]);
		expect(refusal(bomb)).toContain("The WOFF2 file cannot be unpacked: glyph 0 has more than 65535 points");
	});

	it("a WOFF2 whose tables would unpack past the TTF upload cap, by its header or while rebuilt", () => {
		const claims = woff2File([...tables].map(([tag, data]) => ({ tag, data, ...(tag === "glyf" ? { origLength: maxFontBytes } : {}) })));
		expect(refusal(claims)).toMatch(/would unpack to 4\.\d MiB, more than the 4 MiB a font may be/);
		// A header that understates: the rebuilt glyf is stopped at the cap all the same.
		const understated = woff2File([
			{ tag: "head", data: tables.get("head") as Uint8Array },
			{ tag: "glyf", data: transformedGlyf(1, 60_000, true), origLength: 10, transformed: true },
			{ tag: "loca", data: new Uint8Array(0), transformed: true },
		]);
		// 120 KB of streams rebuild to 180 KB of glyf: past a 150 KB cap while rebuilding, not before.
		expect(() => woff2ToSfnt(understated, 150_000)).toThrow(Woff2Error);
		expect(() => woff2ToSfnt(understated, 150_000)).toThrow("it unpacks to more than 0.1 MiB");
		expect(woff2ToSfnt(understated, 200_000).byteLength).toBeGreaterThan(150_000);
	});
});

describe("character maps are read as ranges", () => {
	it("accepts 2,000 format 12 groups over U+0021..U+FFFF with work proportional to the groups, not the code points", () => {
		const groups: [number, number, number][] = Array.from({ length: 2000 }, (_, i) => [0x21 + i * 32, 0x21 + i * 32 + 29, 36 + (i % 50)]);
		const font = withTables(serif, { cmap: unicodeFull(format12(groups)) });
		const inspected = inspectFont(font);
		expect(inspected.family).toBe("DejaVu Serif");
		const { cmap } = readSfnt(new DataView(font.buffer));
		expect(cmap.ranges).toHaveLength(2000);
		expect(cmap.work).toBeLessThanOrEqual(2000);
		expect(cmap.has(0x21 + 32 * 1000 + 5)).toBe(true);
		expect(cmap.has(0x21 + 32 * 1000 + 30)).toBe(false);
		// Measuring with it reads the same ranges: no map of 60,000 code points is built.
		const metrics = fontMetrics(font.buffer as ArrayBuffer);
		expect(metrics.ranges()).toHaveLength(2000);
		expect(metrics.advance('!"#')).toBeGreaterThan(0);
	});

	it("accepts a format 13 group over every plane at the cost of one group, and counts every script as covered", () => {
		const font = withTables(serif, { cmap: unicodeFull(format12([[0x21, 0x10ffff, 36]], 13)) });
		const { cmap } = readSfnt(new DataView(font.buffer));
		expect(cmap.ranges).toEqual([[0x21, 0x10ffff]]);
		expect(cmap.work).toBe(1);
		expect(inspectFont(font).scripts).toContain("Han");
	});

	it("refuses a character map past its work budget instead of reading it to the end", () => {
		// Format 10 is a plain array of glyphs, one entry per code point: 500,000 entries are past any real font.
		const count = 500_000;
		const body = new Bytes()
			.u16(10)
			.u16(0)
			.u32(20 + count * 2)
			.u32(0)
			.u32(0x21)
			.u32(count)
			.bytes(new Uint8Array(count * 2).fill(1))
			.result();
		expect(count).toBeGreaterThan(sfntWorkBudget);
		expect(refusal(withTables(serif, { cmap: unicodeFull(body) }))).toContain("character map is larger than any real font's");
	});
});

describe("inspectFont bounds what a font's tables unpack to", () => {
	/** DejaVu Serif with seven bytes of its GPOS feature list set to 0x28: 10,280 features of 10,280 lookup indexes each (found by the full tier's mutation property: 25 s of CPU). */
	function selfAmplifyingGpos(): Uint8Array {
		const view = new DataView(serif.buffer, serif.byteOffset, serif.byteLength);
		const records = Array.from({ length: view.getUint16(4) }, (_, i) => 12 + i * 16);
		const gpos = records.find((at) => String.fromCharCode(...serif.subarray(at, at + 4)) === "GPOS") ?? 0;
		// Bytes 104..110 of the table: its script and feature lists.
		expect(view.getUint32(gpos + 8)).toBe(520);
		const bytes = serif.slice();
		bytes.fill(0x28, 624, 631);
		return bytes;
	}

	it("refuses a feature list whose offsets point at the same data 10,000 times over", () => {
		expect(refusal(selfAmplifyingGpos())).toContain(`tables unpack to more than ${maxDecodedItems.toLocaleString("en-US")} entries`);
	});

	it("leaves real fonts far under the budget", () => {
		const decoded = countDecodedItems(() => inspectFont(serif));
		expect(decoded).toBeGreaterThan(1_000);
		expect(decoded).toBeLessThan(maxDecodedItems / 20);
	});
});

describe("inspectFont over mutated real fonts", () => {
	const sources = [serif, new Uint8Array(italicWoff2)];
	/** A byte position inside the table directory or a table, where a mutation does most. */
	const mutation = fc.oneof(
		fc.record({
			kind: fc.constant("flip" as const),
			at: fc.nat(),
			value: fc.integer({ min: 0, max: 255 }),
			count: fc.integer({ min: 1, max: 8 }),
		}),
		fc.record({ kind: fc.constant("truncate" as const), at: fc.nat() }),
		fc.record({
			kind: fc.constant("length" as const),
			table: fc.nat(),
			value: fc.oneof(fc.constant(0xffffffff), fc.constant(0), fc.integer({ min: 0, max: 0x7fffffff })),
		}),
		fc.record({ kind: fc.constant("offset" as const), table: fc.nat(), value: fc.integer({ min: 0, max: 0xffffffff }) }),
	);

	interface Mutation {
		kind: "flip" | "truncate" | "length" | "offset";
		at?: number;
		value?: number;
		count?: number;
		table?: number;
	}

	function mutate(source: Uint8Array, changes: readonly Mutation[]): Uint8Array {
		let bytes = source.slice();
		for (const change of changes) {
			const view = new DataView(bytes.buffer);
			const tableCount = bytes.length >= 6 ? view.getUint16(4) : 0;
			const record = 12 + ((change.table ?? 0) % Math.max(1, tableCount)) * 16;
			if (change.kind === "flip") {
				// Half the flips land in the first 4 KiB (headers and directory), where they matter most.
				const at = (change.at ?? 0) % (change.at !== undefined && change.at % 2 === 0 ? Math.min(4096, bytes.length) : bytes.length);
				for (let i = 0; i < (change.count ?? 1) && at + i < bytes.length; i++) bytes[at + i] = change.value ?? 0;
			} else if (change.kind === "truncate") bytes = bytes.slice(0, (change.at ?? 0) % bytes.length);
			else if (record + 16 <= bytes.length && tableCount > 0)
				view.setUint32(record + (change.kind === "length" ? 12 : 8), change.value ?? 0);
		}
		return bytes;
	}

	it("answers a font or an InvalidFontError, never another exception", () => {
		fc.assert(
			fc.property(fc.constantFrom(0, 1), fc.array(mutation, { minLength: 1, maxLength: 4 }), (which, changes) => {
				const bytes = mutate(sources[which] as Uint8Array, changes);
				try {
					const font = inspectFont(bytes);
					expect(font.bytes.byteLength).toBeLessThanOrEqual(maxFontBytes);
				} catch (error) {
					if (!(error instanceof InvalidFontError)) throw error;
					expect(error.message.length).toBeGreaterThan(0);
				}
			}),
			propertyRuns(2000, 40),
		);
	});
});
