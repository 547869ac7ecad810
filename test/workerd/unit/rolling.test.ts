import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyOp } from "../../../src/domain/apply-transforms";
import { propertyRuns } from "../../harness/workerd/tier";

type Series = (number | null)[];

/** The definition of docs/design.md#section-4, written the obvious O(n·w) way. */
function naiveRolling(values: Series, n: number, mean: boolean): Series {
	return values.map((_, i) => {
		if (i < n - 1) return null;
		let sum = 0;
		for (let j = i - n + 1; j <= i; j++) {
			const v = values[j];
			if (v === null || v === undefined) return null;
			sum += v;
		}
		return mean ? sum / n : sum;
	});
}

/**
 * The size of the values a window's sum has seen (the sliding sum is re-summed every n slides,
 * so at most the last 2n), which bounds the rounding either way of summing may make.
 */
function windowMagnitude(values: Series, i: number, n: number): number {
	let total = 0;
	for (let j = Math.max(0, i - 2 * n + 1); j <= i; j++) total += Math.abs(values[j] ?? 0);
	return total;
}

function expectSameRolling(values: Series, n: number, fn: "rollsum" | "rollmean"): void {
	const fast = applyOp(values, { fn, args: [n] });
	const naive = naiveRolling(values, n, fn === "rollmean");
	expect(fast.length).toBe(naive.length);
	fast.forEach((value, i) => {
		const expected = naive[i] ?? null;
		if (expected === null || value === null) {
			expect(value, `position ${i}`).toBe(expected);
			return;
		}
		// Relative to what the window sums, plus a hair for subnormal results.
		const tolerance = 1e-12 * windowMagnitude(values, i, n) + 1e-300;
		expect(Math.abs(value - expected), `position ${i}`).toBeLessThanOrEqual(tolerance);
	});
}

const cell = fc.oneof(
	{ weight: 1, arbitrary: fc.constant(null) },
	{ weight: 6, arbitrary: fc.double({ min: -1e9, max: 1e9, noNaN: true, noDefaultInfinity: true }) },
	{ weight: 3, arbitrary: fc.integer({ min: -1000, max: 1000 }) },
);
const series = fc.array(cell, { maxLength: 80 });
const windowSize = fc.integer({ min: 1, max: 100 });

describe("rollsum and rollmean: a sliding window with the results of the definition", () => {
	it("match the naive window sum on random data with nulls, n = 1 and n past the length", () => {
		fc.assert(
			fc.property(series, windowSize, fc.constantFrom("rollsum" as const, "rollmean" as const), (values, n, fn) => {
				expectSameRolling(values, n, fn);
			}),
			propertyRuns(500, 100),
		);
	});

	it("are exactly equal to the definition on whole numbers", () => {
		const whole = fc.array(fc.oneof(fc.constant(null), fc.integer({ min: -1_000_000, max: 1_000_000 })), { maxLength: 60 });
		fc.assert(
			fc.property(whole, windowSize, (values, n) => {
				expect(applyOp(values, { fn: "rollsum", args: [n] })).toEqual(naiveRolling(values, n, false));
			}),
			propertyRuns(300, 60),
		);
	});

	it("are null until n values exist and while a null is in the window", () => {
		expect(applyOp([1, 2, null, 4, 5, 6], { fn: "rollsum", args: [2] })).toEqual([null, 3, null, null, 9, 11]);
		expect(applyOp([1, 2, 3], { fn: "rollsum", args: [1] })).toEqual([1, 2, 3]);
		expect(applyOp([1, 2, 3], { fn: "rollmean", args: [4] })).toEqual([null, null, null]);
		expect(applyOp([], { fn: "rollmean", args: [3] })).toEqual([]);
	});

	it("leave no residue of a huge value that has left the window", () => {
		expect(applyOp([1e20, 1, 1, 1], { fn: "rollsum", args: [2] })).toEqual([null, 1e20 + 1, 2, 2]);
	});

	it("keep infinities to the windows that hold them", () => {
		const inf = Number.POSITIVE_INFINITY;
		expect(applyOp([inf, 1, 2, -inf, 3, 4], { fn: "rollsum", args: [2] })).toEqual([null, inf, 3, -inf, -inf, 7]);
		expect(applyOp([inf, -inf, 1, 2], { fn: "rollsum", args: [2] })).toEqual([null, Number.NaN, -inf, 3]);
	});

	it("agree with the definition at scale: 200,000 values, a 5,000-period window", () => {
		const values = Array.from({ length: 200_000 }, (_, i) => (i % 50_000 === 7 ? null : (i % 13) + 0.25));
		const out = applyOp(values, { fn: "rollmean", args: [5000] });
		for (const i of [4_998, 4_999, 50_006, 50_007, 55_006, 55_007, 199_999]) {
			const window = values.slice(i - 4999, i + 1);
			const expected = i < 4999 || window.includes(null) ? null : (window as number[]).reduce((a, b) => a + b, 0) / 5000;
			if (expected === null) expect(out[i], `position ${i}`).toBeNull();
			else expect(out[i] as number, `position ${i}`).toBeCloseTo(expected, 9);
		}
	});
});
