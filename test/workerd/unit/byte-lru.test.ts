import { describe, expect, it } from "vitest";
import { ByteLru } from "../../../src/services/byte-lru";

const bytesOf = (value: Uint8Array) => value.byteLength;
const file = (size: number) => new Uint8Array(size);

describe("ByteLru", () => {
	it("evicts the least recently used entries once the byte budget is passed", () => {
		const lru = new ByteLru({ maxEntryBytes: 40, budgetBytes: 100 }, bytesOf);
		lru.set("a", file(40));
		lru.set("b", file(30));
		lru.set("c", file(30));
		expect(lru.bytes).toBe(100);
		// Reading "a" makes "b" the oldest, so "b" goes when "d" pushes past the budget.
		expect(lru.get("a")).toBeDefined();
		lru.set("d", file(10));
		expect(lru.get("b")).toBeUndefined();
		expect(lru.get("a")?.byteLength).toBe(40);
		expect(lru.get("c")?.byteLength).toBe(30);
		expect(lru.get("d")?.byteLength).toBe(10);
		expect(lru.bytes).toBe(80);
		lru.set("e", file(40));
		expect(lru.bytes).toBeLessThanOrEqual(100);
		expect(lru.get("a")).toBeUndefined();
		expect(lru.size).toBe(3);
	});

	it("never keeps an entry larger than one entry may be, and replacing a key counts its bytes once", () => {
		const lru = new ByteLru({ maxEntryBytes: 40, budgetBytes: 100 }, bytesOf);
		lru.set("big", file(41));
		expect(lru.get("big")).toBeUndefined();
		expect(lru.bytes).toBe(0);
		lru.set("a", file(20));
		lru.set("a", file(30));
		expect(lru.bytes).toBe(30);
		expect(lru.size).toBe(1);
		// A value too large for the key it replaces removes the old one rather than keeping it.
		lru.set("a", file(50));
		expect(lru.get("a")).toBeUndefined();
		expect(lru.bytes).toBe(0);
	});

	it("drops every key under a prefix and nothing else", () => {
		const lru = new ByteLru({ maxEntryBytes: 40, budgetBytes: 100 }, bytesOf);
		lru.set("exports/c1/x.svg", file(10));
		lru.set("exports/c1/y.png", file(10));
		lru.set("exports/c10/z.svg", file(10));
		lru.deletePrefix("exports/c1/");
		expect(lru.get("exports/c1/x.svg")).toBeUndefined();
		expect(lru.get("exports/c1/y.png")).toBeUndefined();
		expect(lru.get("exports/c10/z.svg")).toBeDefined();
		expect(lru.bytes).toBe(10);
	});
});
