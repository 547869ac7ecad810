/**
 * Colour differences for one check of a chart's colours, each worked out once: a colour's CIELAB
 * for normal vision and the three deficiencies is computed on first use, and a pair's distances
 * on first comparison. `comparisons` counts the pairs actually worked out (each four CIEDE2000
 * distances), the measure of a check's work that its budget (color-suggestions.ts) is held to.
 */
import type { Deficiency, Rgb } from "./theme-checks";
import { ciede2000, cvdThreshold, deficiencies, opaque, rgbToLab, simulate } from "./theme-checks";

/** How two colours fare under some deficiency: the ones under which they are too close, and the closest distance. */
export interface Confusion {
	deficiencies: Deficiency[];
	distance: number;
}

interface PairDistances {
	/** ΔE00 for normal vision. */
	normal: number;
	/** ΔE00 for each of `deficiencies`, in that order. */
	deficient: number[];
}

export class ColorDistances {
	/** Pairs of colours worked out so far. */
	comparisons = 0;
	private readonly views = new Map<string, { normal: Rgb; deficient: Rgb[] }>();
	private readonly pairs = new Map<string, PairDistances>();

	private viewsOf(color: string) {
		const key = color.toLowerCase();
		let views = this.views.get(key);
		if (!views) {
			const rgb = opaque(key);
			views = { normal: rgbToLab(rgb), deficient: deficiencies.map((d) => rgbToLab(simulate(rgb, d))) };
			this.views.set(key, views);
		}
		return views;
	}

	private distances(a: string, b: string): PairDistances {
		const x = a.toLowerCase();
		const y = b.toLowerCase();
		const [first, second] = x < y ? [x, y] : [y, x];
		const key = `${first}|${second}`;
		let pair = this.pairs.get(key);
		if (!pair) {
			this.comparisons++;
			const x = this.viewsOf(first);
			const y = this.viewsOf(second);
			pair = { normal: ciede2000(x.normal, y.normal), deficient: x.deficient.map((lab, i) => ciede2000(lab, y.deficient[i] as Rgb)) };
			this.pairs.set(key, pair);
		}
		return pair;
	}

	/** As theme-checks' `confusion()`: null when every reader with a deficiency tells the two apart. */
	confusion(a: string, b: string): Confusion | null {
		const { deficient } = this.distances(a, b);
		const close = deficiencies.filter((_, i) => (deficient[i] as number) < cvdThreshold);
		if (close.length === 0) return null;
		return { deficiencies: close, distance: Math.min(...deficient.filter((d) => d < cvdThreshold)) };
	}

	/** As theme-checks' `leastDistance()`: the smallest ΔE00 for any reader. */
	leastDistance(a: string, b: string): number {
		const { normal, deficient } = this.distances(a, b);
		return Math.min(normal, deficient[0] as number, deficient[1] as number, deficient[2] as number);
	}
}
