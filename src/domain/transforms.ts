/**
 * The shape of `meta.seriesTransform` (spec §2.4, DESIGN D9). Applying transforms to data
 * belongs to the data layer; this module only says what a valid transform is.
 */
import { z } from "zod";

export const transformFunctions = ["divide", "multiply", "rollsum", "rollmean", "index100", "cumulative"] as const;
type TransformFunction = (typeof transformFunctions)[number];

/** Why `{ fn, args }` is not a valid op, or null when it is. */
function opProblem(fn: string, args: unknown[]): string | null {
	if (!(transformFunctions as readonly string[]).includes(fn)) {
		return `unknown fn "${fn}"; use one of: ${transformFunctions.join(", ")}`;
	}
	const name = fn as TransformFunction;
	const n = args[0];
	switch (name) {
		case "divide":
		case "multiply":
			if (args.length !== 1 || typeof n !== "number" || !Number.isFinite(n)) {
				return `${name} takes one finite number, e.g. { "fn": "${name}", "args": [1000] }`;
			}
			if (name === "divide" && n === 0) return "divide by 0 is not allowed";
			return null;
		case "rollsum":
		case "rollmean":
			if (args.length !== 1 || typeof n !== "number" || !Number.isInteger(n) || n < 1) {
				return `${name} takes one whole number of periods ≥ 1, e.g. { "fn": "${name}", "args": [12] }`;
			}
			return null;
		case "index100":
		case "cumulative":
			return args.length === 0 ? null : `${name} takes no args`;
	}
}

export const TransformOp = z
	.strictObject({
		fn: z.string({ error: "fn must be a string" }),
		args: z.array(z.unknown(), { error: "args must be an array" }).max(4).optional(),
	})
	.superRefine((op, ctx) => {
		const problem = opProblem(op.fn, op.args ?? []);
		if (problem) ctx.addIssue({ code: "custom", message: problem });
	});

export const SeriesTransform = z.strictObject({
	hidden: z.boolean().optional(),
	ops: z.array(TransformOp).max(20, "at most 20 ops per series").optional(),
});
export type SeriesTransform = z.infer<typeof SeriesTransform>;

export const SeriesTransformMap = z.record(z.string(), SeriesTransform);

/** Transform keys must name current series once the chart has data (D9). */
export function unknownTransformKeys(transforms: Record<string, unknown>, seriesNames: readonly string[]): string[] {
	const known = new Set(seriesNames);
	return Object.keys(transforms).filter((key) => !known.has(key));
}

export type Values = readonly (number | null)[];
type TransformOpValue = z.infer<typeof TransformOp>;

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
export function applyOp(values: Values, op: TransformOpValue): (number | null)[] {
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
