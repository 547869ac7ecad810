/**
 * The `unicode-range` of the embed page's fallback font (DejaVu Sans): exactly the characters it
 * has and Inter lacks. Without it a browser fetches DejaVu Sans (258 KB) for every page while
 * Inter loads; with it, only for text the server too draws in DejaVu Sans (Georgian, arrows…).
 * Exactly: a range spanning characters neither font has would fetch it for them too, and ECharts
 * measures line heights with "国". Computed at build time (scripts/build-static-assets.ts) from
 * the TTFs, so serving a page never parses a font.
 */
import type { FontMetrics } from "../formats/fonts/metrics";

type Range = readonly [number, number];

/** The code points of `from` that are in none of `without` (both sorted, disjoint, inclusive ranges). */
export function subtractRanges(from: readonly Range[], without: readonly Range[]): [number, number][] {
	const out: [number, number][] = [];
	let j = 0;
	for (const [start, end] of from) {
		let next = start;
		while (j < without.length && (without[j] as Range)[1] < next) j++;
		for (let k = j; k < without.length && next <= end; k++) {
			const [cutStart, cutEnd] = without[k] as Range;
			if (cutStart > end) break;
			if (cutStart > next) out.push([next, cutStart - 1]);
			next = Math.max(next, cutEnd + 1);
		}
		if (next <= end) out.push([next, end]);
	}
	return out;
}

/** The CSS `unicode-range` value of what `fallback` draws and `primary` does not. */
export function fallbackUnicodeRange(primary: FontMetrics, fallback: FontMetrics): string {
	const hex = (codePoint: number) => codePoint.toString(16);
	return subtractRanges(fallback.ranges(), primary.ranges())
		.map(([from, to]) => (from === to ? `U+${hex(from)}` : `U+${hex(from)}-${hex(to)}`))
		.join(",");
}
