import { describe, expect, it } from "vitest";
import { lttbIndices, sharedIndices } from "../../../src/render/downsample";

describe("LTTB downsampling", () => {
	it("keeps short series whole", () => {
		expect(lttbIndices([1, 2, 3], 10)).toEqual([0, 1, 2]);
	});

	it("keeps the first, the last, and the peaks", () => {
		const values = Array.from({ length: 10_000 }, (_, i) => (i === 4_321 ? 1_000 : i === 7_777 ? -1_000 : Math.sin(i / 500)));
		const kept = lttbIndices(values, 200);
		expect(kept).toHaveLength(200);
		expect(kept[0]).toBe(0);
		expect(kept.at(-1)).toBe(9_999);
		expect(kept).toContain(4_321);
		expect(kept).toContain(7_777);
		expect([...kept].sort((a, b) => a - b)).toEqual(kept);
	});

	it("never picks a null over a number", () => {
		const values = Array.from({ length: 1_000 }, (_, i) => (i % 2 === 0 ? null : i));
		for (const i of lttbIndices(values, 50).slice(1, -1)) expect(values[i]).not.toBeNull();
	});

	it("aligns several series on one set of indices", () => {
		const a = Array.from({ length: 5_000 }, (_, i) => (i === 100 ? 99 : 0));
		const b = Array.from({ length: 5_000 }, (_, i) => (i === 4_000 ? 99 : 0));
		const kept = sharedIndices([a, b], 100);
		expect(kept).toContain(100);
		expect(kept).toContain(4_000);
		expect(kept.length).toBeLessThanOrEqual(100);
	});
});
