import { describe, expect, it } from "vitest";
import { Meta, MetaPatch, maxMetaBytes, maxMetaDepth, nestsDeeperThan, StoredMeta } from "../../../src/domain/meta";

/** `levels` nested objects, parsed from text: no recursion to build them. */
function nested(levels: number): unknown {
	return JSON.parse(`${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`);
}

function messages(result: { success: boolean; error?: { issues: { message: string }[] } }): string[] {
	return result.error?.issues.map((issue) => issue.message) ?? [];
}

describe("nestsDeeperThan", () => {
	it("counts objects and arrays as levels, scalars as none", () => {
		expect(nestsDeeperThan(1, 0)).toBe(false);
		expect(nestsDeeperThan({}, 0)).toBe(true);
		expect(nestsDeeperThan({}, 1)).toBe(false);
		expect(nestsDeeperThan({ a: [1, { b: 2 }] }, 2)).toBe(true);
		expect(nestsDeeperThan({ a: [1, { b: 2 }] }, 3)).toBe(false);
		expect(nestsDeeperThan(nested(20), 20)).toBe(false);
		expect(nestsDeeperThan(nested(21), 20)).toBe(true);
	});

	it("walks a million levels without a stack", () => {
		expect(nestsDeeperThan(nested(1_000_000), maxMetaDepth)).toBe(true);
	});
});

describe("Meta limits (D24)", () => {
	it("accepts 20 levels and 60 KiB", () => {
		expect(Meta.safeParse({ deep: nested(19), memo: "x".repeat(60 * 1024) }).success).toBe(true);
	});

	it("refuses 21 levels and 100,000 levels, naming the limit", () => {
		for (const levels of [21, 100_000]) {
			const result = Meta.safeParse(nested(levels));
			expect(result.success).toBe(false);
			expect(messages(result)).toEqual([`is nested more than 20 levels deep; the limit is 20 levels of objects and arrays`]);
		}
	});

	it("refuses more than 64 KiB serialised, counting UTF-8 bytes", () => {
		expect(Meta.safeParse({ memo: "x".repeat(maxMetaBytes) }).success).toBe(false);
		// 30,000 three-byte characters: 90,000 bytes, though only 30,000 UTF-16 units.
		expect(messages(Meta.safeParse({ memo: "€".repeat(30_000) }))[0]).toContain("the limit is 64 KiB");
	});

	it("reports a limit together with a wrong known field", () => {
		expect(messages(Meta.safeParse({ title: 5, deep: nested(30) }))).toHaveLength(2);
	});

	it("refuses a merge patch deeper than the limit, before anything merges it", () => {
		expect(MetaPatch.safeParse({ a: nested(19) }).success).toBe(true);
		expect(MetaPatch.safeParse({ a: nested(20) }).success).toBe(false);
		expect(MetaPatch.safeParse(nested(100_000)).success).toBe(false);
	});
});

describe("StoredMeta: reading settings saved before the limits", () => {
	it("leaves out top-level fields nested past the limit and keeps the rest", () => {
		const stored = { title: "Kept", ok: nested(19), poison: nested(100_000) };
		expect(StoredMeta.parse(stored)).toEqual({ title: "Kept", ok: nested(19) });
	});

	it("keeps an oversized but shallow meta, which a response can still carry", () => {
		const stored = { memo: "x".repeat(200 * 1024) };
		expect(StoredMeta.parse(stored)).toEqual(stored);
	});

	it("still fails loudly on a stored known field of the wrong type", () => {
		expect(StoredMeta.safeParse({ title: 5 }).success).toBe(false);
	});
});
