/**
 * Applying `meta.seriesTransform` to a series (docs/design.md#section-4): pure, dependency-free, shared by the
 * CSV export, the server renderer and the embed page's client. Validation is `transforms.ts`.
 */
import type { SeriesTransform, TransformOp } from "./transforms";

type Values = readonly (number | null)[];

/**
 * A running sum that values enter and leave. Finite values are summed with Neumaier's
 * compensation, so a large value that has left the window leaves no rounding residue behind;
 * NaN and infinities are counted instead of summed, because `Infinity - Infinity` would turn
 * every later sum into NaN where the window's own sum is not.
 */
class WindowSum {
	private sum = 0;
	private compensation = 0;
	private nans = 0;
	private positiveInfinities = 0;
	private negativeInfinities = 0;

	add(value: number): void {
		this.accumulate(value, 1);
	}

	remove(value: number): void {
		this.accumulate(value, -1);
	}

	total(): number {
		if (this.nans > 0 || (this.positiveInfinities > 0 && this.negativeInfinities > 0)) return Number.NaN;
		if (this.positiveInfinities > 0) return Number.POSITIVE_INFINITY;
		if (this.negativeInfinities > 0) return Number.NEGATIVE_INFINITY;
		return this.sum + this.compensation;
	}

	private accumulate(value: number, sign: 1 | -1): void {
		if (Number.isNaN(value)) this.nans += sign;
		else if (value === Number.POSITIVE_INFINITY) this.positiveInfinities += sign;
		else if (value === Number.NEGATIVE_INFINITY) this.negativeInfinities += sign;
		else this.addFinite(sign * value);
	}

	private addFinite(value: number): void {
		const next = this.sum + value;
		this.compensation += Math.abs(this.sum) >= Math.abs(value) ? this.sum - next + value : value - next + this.sum;
		this.sum = next;
	}
}

function windowSumOf(values: Values, from: number, to: number): WindowSum {
	const window = new WindowSum();
	for (let j = from; j <= to; j++) window.add(values[j] as number);
	return window;
}

/**
 * The sum over the last `n` values at each position, in one pass (D23): null until `n` values
 * exist and while a null is among the last `n`. A null empties the window, so the values after
 * it start a fresh sum. Every `n` slides the window is summed afresh, which costs O(1) per value
 * and keeps the rounding of values long gone from the window out of its sum.
 */
function rolling(values: Values, n: number, reduce: (sum: number) => number): (number | null)[] {
	const out: (number | null)[] = new Array(values.length);
	let window = new WindowSum();
	let run = 0;
	let slides = 0;
	for (let i = 0; i < values.length; i++) {
		const value = values[i];
		if (value === null || value === undefined) {
			window = new WindowSum();
			run = 0;
			slides = 0;
			out[i] = null;
			continue;
		}
		window.add(value);
		run++;
		if (run > n) {
			window.remove(values[i - n] as number);
			slides++;
			if (slides === n) {
				window = windowSumOf(values, i - n + 1, i);
				slides = 0;
			}
		}
		out[i] = run >= n ? reduce(window.total()) : null;
	}
	return out;
}

/** One op over a series in period order (docs/design.md#section-4). Nulls stay null. */
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
