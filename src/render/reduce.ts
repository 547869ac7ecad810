/**
 * Ways to draw long data from a bounded number of marks (docs/design.md#d25), shared by the kinds:
 * even thinning, keeping the largest parts and folding the rest into "Other", and grouping
 * consecutive rows into buckets. All are single passes (or one sort) over the data; drawing
 * only, since exports to CSV and `data.json` keep every row.
 */
import type { DrawingNotes } from "./drawing-notes";
import type { SeriesValues } from "./input";

/** `max` indices spread evenly over `0..n-1` (all of them when n ≤ max); first and last always kept. */
export function evenIndices(n: number, max: number): number[] {
	if (n <= max) return Array.from({ length: n }, (_, i) => i);
	if (max <= 1) return n > 0 ? [0] : [];
	const step = (n - 1) / (max - 1);
	return Array.from({ length: max }, (_, k) => Math.round(k * step));
}

export interface Part {
	name: string;
	value: number;
}

/**
 * The `keep` largest parts in their original order; when there are more, the largest
 * `keep - 1` and one more part holding the sum of the rest, named by `otherName(count)`.
 */
export function foldSmallParts<T extends Part>(parts: readonly T[], keep: number, otherName: (folded: number) => string): (T | Part)[] {
	if (parts.length <= keep) return [...parts];
	const bySize = parts.map((_, i) => i).sort((a, b) => Math.abs((parts[b] as T).value) - Math.abs((parts[a] as T).value));
	const kept = new Set(bySize.slice(0, keep - 1));
	let rest = 0;
	for (let i = 0; i < parts.length; i++) if (!kept.has(i)) rest += (parts[i] as T).value;
	return [...parts.filter((_, i) => kept.has(i)), { name: otherName(parts.length - kept.size), value: rest }];
}

export function otherPartsName(folded: number): string {
	return `Other (${new Intl.NumberFormat("en-US").format(folded)})`;
}

/** Rows `0..n-1` grouped into at most `buckets` runs of consecutive rows, as [start, end) pairs. */
export function bucketRanges(n: number, buckets: number): [number, number][] {
	const count = Math.max(1, Math.min(n, buckets));
	const ranges: [number, number][] = [];
	for (let b = 0; b < count; b++) {
		const start = Math.floor((b * n) / count);
		const end = Math.floor(((b + 1) * n) / count);
		if (end > start) ranges.push([start, end]);
	}
	return ranges;
}

/** One candle: [open, close, low, high] as ECharts orders them. */
export type Candle = [number | null, number | null, number | null, number | null];

/**
 * Candles of consecutive rows merged into one each: the open of the first, the highest high, the
 * lowest low, the close of the last, and the volumes summed; labelled with the first row's label.
 */
export function mergeCandles(
	labels: readonly string[],
	candles: readonly Candle[],
	volumes: readonly (number | null)[] | null,
	buckets: number,
): { labels: string[]; candles: Candle[]; volumes: (number | null)[] | null } {
	if (candles.length <= buckets) return { labels: [...labels], candles: [...candles], volumes: volumes ? [...volumes] : null };
	const merged = { labels: [] as string[], candles: [] as Candle[], volumes: volumes ? ([] as (number | null)[]) : null };
	for (const [start, end] of bucketRanges(candles.length, buckets)) {
		let open: number | null = null;
		let close: number | null = null;
		let low: number | null = null;
		let high: number | null = null;
		let volume: number | null = null;
		for (let i = start; i < end; i++) {
			const [o, c, l, h] = candles[i] as Candle;
			if (open === null && o !== null) open = o;
			if (c !== null) close = c;
			if (l !== null && (low === null || l < low)) low = l;
			if (h !== null && (high === null || h > high)) high = h;
			const v = volumes?.[i] ?? null;
			if (v !== null) volume = (volume ?? 0) + v;
		}
		merged.labels.push(labels[start] ?? "");
		merged.candles.push([open, close, low, high]);
		merged.volumes?.push(volume);
	}
	return merged;
}

/** The first `max` series, noting the rest. */
export function firstSeries(series: SeriesValues[], max: number, notes: DrawingNotes): SeriesValues[] {
	if (series.length <= max) return series;
	notes.add(`the first ${max} of ${series.length} series are drawn; the CSV export has them all`);
	return series.slice(0, max);
}
