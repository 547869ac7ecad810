/**
 * Applying `meta.seriesTransform` to a series (DESIGN §4): pure, dependency-free, shared by the
 * CSV export, the server renderer and the embed page's client. Validation is `transforms.ts`.
 */
import type { SeriesTransform, TransformOp } from "./transforms";

type Values = readonly (number | null)[];

function rolling(values: Values, n: number, reduce: (sum: number) => number): (number | null)[] {
	return values.map((_, i) => {
		if (i < n - 1) return null;
		let sum = 0;
		for (let j = i - n + 1; j <= i; j++) {
			const v = values[j];
			if (v === null || v === undefined) return null;
			sum += v;
		}
		return reduce(sum);
	});
}

/** One op over a series in period order (DESIGN §4). Nulls stay null. */
export function applyOp(values: Values, op: TransformOp): (number | null)[] {
	const n = Number(op.args?.[0]);
	switch (op.fn) {
		case "divide":
			return values.map((v) => (v === null ? null : v / n));
		case "multiply":
			return values.map((v) => (v === null ? null : v * n));
		case "rollsum":
			return rolling(values, n, (sum) => sum);
		case "rollmean":
			return rolling(values, n, (sum) => sum / n);
		case "index100": {
			// Rebased on the first non-null value; a base of 0 cannot be rebased, so all is null.
			const base = values.find((v) => v !== null) ?? null;
			return values.map((v) => (v === null || base === null || base === 0 ? null : (v / base) * 100));
		}
		case "cumulative": {
			let total = 0;
			return values.map((v) => {
				if (v === null) return null;
				total += v;
				return total;
			});
		}
		default:
			throw new Error(`unknown transform ${op.fn}`);
	}
}

/** The transform's pipeline, ops in order. */
export function applyTransform(values: Values, transform: SeriesTransform | undefined): (number | null)[] {
	return (transform?.ops ?? []).reduce<(number | null)[]>((current, op) => applyOp(current, op), [...values]);
}
