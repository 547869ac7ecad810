/**
 * Largest-Triangle-Three-Buckets downsampling (Steinarsson, 2013): keeps the points that
 * carry a series' visible shape, so a line of 100,000 points draws like the full series from
 * about twice as many points as it has pixels. Drawing only: exports and CSV keep all data.
 */

/** Indices of the points LTTB keeps out of `values` (nulls are never picked over a number). */
export function lttbIndices(values: readonly (number | null)[], threshold: number): number[] {
	const n = values.length;
	if (threshold >= n || threshold < 3) return values.map((_, i) => i);
	const kept = [0];
	const bucketSize = (n - 2) / (threshold - 2);
	let previous = 0;
	for (let bucket = 0; bucket < threshold - 2; bucket++) {
		const start = Math.floor(bucket * bucketSize) + 1;
		const end = Math.min(Math.floor((bucket + 1) * bucketSize) + 1, n - 1);
		// The next bucket's average is the third corner of the triangle.
		const nextStart = end;
		const nextEnd = Math.min(Math.floor((bucket + 2) * bucketSize) + 1, n);
		let avgX = 0;
		let avgY = 0;
		let count = 0;
		for (let i = nextStart; i < nextEnd; i++) {
			const v = values[i];
			if (v === null || v === undefined) continue;
			avgX += i;
			avgY += v;
			count++;
		}
		if (count > 0) {
			avgX /= count;
			avgY /= count;
		} else {
			avgX = nextStart;
			avgY = values[previous] ?? 0;
		}
		const ax = previous;
		const ay = values[previous] ?? avgY;
		let best = start;
		let bestArea = -1;
		for (let i = start; i < end; i++) {
			const v = values[i];
			if (v === null || v === undefined) continue;
			const area = Math.abs((ax - avgX) * (v - ay) - (ax - i) * (avgY - ay));
			if (area > bestArea) {
				bestArea = area;
				best = i;
			}
		}
		kept.push(best);
		previous = best;
	}
	kept.push(n - 1);
	return kept;
}

/** One set of indices for several aligned series: the union of what each keeps. */
export function sharedIndices(series: readonly (readonly (number | null)[])[], threshold: number): number[] {
	const length = series[0]?.length ?? 0;
	if (length <= threshold) return Array.from({ length }, (_, i) => i);
	const union = new Set<number>();
	for (const values of series) for (const i of lttbIndices(values, Math.max(3, Math.floor(threshold / series.length)))) union.add(i);
	return [...union].sort((a, b) => a - b);
}
