/**
 * The shape of `meta.seriesTransform` (spec §2.4, DESIGN D9): what a valid transform is.
 * Applying one is `apply-transforms.ts`, which has no zod so the embed page's client can carry it.
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
export type TransformOp = z.infer<typeof TransformOp>;

export const SeriesTransform = z.strictObject({
	hidden: z.boolean().optional(),
	ops: z.array(TransformOp).max(20, "at most 20 ops per series").optional(),
});
export type SeriesTransform = z.infer<typeof SeriesTransform>;

/*
 * Keys are series names, which are user text, so `__proto__` can be one. zod's record leaves a
 * `__proto__` key out of its output (assigning it to a plain object would swap the object's
 * prototype), which silently dropped the transform. So the key is escaped before zod sees it and
 * restored after, into a prototype-less object where every name is an ordinary own key: a
 * lookup by a name such as "constructor" then finds nothing instead of Object's members.
 */
const escapeMark = "\u0001";

/** A bijection: `__proto__` and keys starting with the mark gain one mark in front. */
function escapeKey(key: string): string {
	return key === "__proto__" || key.startsWith(escapeMark) ? `${escapeMark}${key}` : key;
}

function unescapeKey(key: string): string {
	return key.startsWith(escapeMark) ? key.slice(escapeMark.length) : key;
}

function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}

function rekeyed<T>(record: Record<string, T>, rekey: (key: string) => string): Record<string, T> {
	const result: Record<string, T> = Object.create(null);
	for (const [key, value] of Object.entries(record)) result[rekey(key)] = value;
	return result;
}

/**
 * Escapes the keys. An escaped entry is validated here, so that its problems name the key as sent
 * (the record would report them under the escaped key); only valid ones go on to the record.
 */
function escapeKeys(input: unknown, ctx: z.RefinementCtx): unknown {
	if (!isRecord(input)) return input;
	const result: Record<string, unknown> = Object.create(null);
	for (const [key, value] of Object.entries(input)) {
		const escaped = escapeKey(key);
		if (escaped !== key) {
			const checked = SeriesTransform.safeParse(value);
			if (!checked.success) {
				for (const issue of checked.error.issues) ctx.addIssue({ code: "custom", message: issue.message, path: [key, ...issue.path] });
				continue;
			}
		}
		result[escaped] = value;
	}
	return result;
}

export const SeriesTransformMap = z.preprocess(
	escapeKeys,
	// `overwrite` keeps the record's JSON schema (a transform would hide it from the OpenAPI document).
	z.record(z.string(), SeriesTransform).overwrite((transforms) => rekeyed(transforms, unescapeKey)),
);

/** Transform keys must name current series once the chart has data (D9). */
export function unknownTransformKeys(transforms: Record<string, unknown>, seriesNames: readonly string[]): string[] {
	const known = new Set(seriesNames);
	return Object.keys(transforms).filter((key) => !known.has(key));
}
