/**
 * The shape of `meta.seriesTransform` (docs/contract.md#section-2-4, docs/design.md#d9): what a valid transform is.
 * Applying one is `apply-transforms.ts`, which has no zod so the embed page's client can carry it.
 */
import { z } from "zod";
import { seriesKeyedRecord, unknownSeriesKeys } from "./series-keyed";

import { transformFunctions } from "./transform-functions";

export { transformFunctions };

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
export type TransformOp = z.infer<typeof TransformOp>;

export const SeriesTransform = z.strictObject({
	hidden: z
		.boolean()
		.describe("Keep the series in the data but do not draw it")
		.meta({ examples: [true] })
		.optional(),
	ops: z
		.array(TransformOp)
		.max(20, "at most 20 ops per series")
		.describe(`Ordered pipeline of { fn, args }; fn is one of ${transformFunctions.join(", ")}`)
		.meta({ examples: [[{ fn: "rollmean", args: [12] }]] })
		.optional(),
});
export type SeriesTransform = z.infer<typeof SeriesTransform>;

/** Keyed by series name; `__proto__` and friends are ordinary keys (see `series-keyed.ts`). */
export const SeriesTransformMap = seriesKeyedRecord(SeriesTransform, {
	description: "Per-series transforms keyed by series name (spec 2.4)",
	examples: [{ GDP: { ops: [{ fn: "divide", args: [1000] }] } }],
});

/** Transform keys must name current series once the chart has data (D9). */
export function unknownTransformKeys(transforms: Record<string, unknown>, seriesNames: readonly string[]): string[] {
	return unknownSeriesKeys(transforms, seriesNames);
}
