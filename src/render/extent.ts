/**
 * The lowest and highest of many numbers, in one loop: `Math.min(...values)` passes every value
 * as an argument and throws a RangeError past about 100,000 of them (docs/design.md#d23).
 */

export interface Extent {
	min: number;
	max: number;
}

/** The extent of the numbers among `values` (nulls, NaN and infinities skipped), or null when there are none. */
export function extent(values: Iterable<number | null | undefined>): Extent | null {
	let min = Number.POSITIVE_INFINITY;
	let max = Number.NEGATIVE_INFINITY;
	for (const value of values) {
		if (typeof value !== "number" || !Number.isFinite(value)) continue;
		if (value < min) min = value;
		if (value > max) max = value;
	}
	return min <= max ? { min, max } : null;
}

/** The extent widened to include `floor` and `ceiling`, e.g. a colour scale that always spans 0–1. */
export function extentWithin(values: Iterable<number | null | undefined>, floor: number, ceiling: number): Extent {
	const found = extent(values);
	return { min: Math.min(floor, found?.min ?? floor), max: Math.max(ceiling, found?.max ?? ceiling) };
}
