/**
 * Records keyed by series name (`meta.seriesTransform`, `meta.seriesStyle`). Keys are user text,
 * so `__proto__` can be one. zod's record leaves a `__proto__` key out of its output (assigning it
 * to a plain object would swap the object's prototype), which silently dropped the entry. So the
 * key is escaped before zod sees it and restored after, into a prototype-less object where every
 * name is an ordinary own key: a lookup by a name such as "constructor" then finds nothing
 * instead of Object's members.
 */
import { z } from "zod";

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
 * A record of `value` keyed by series name. An escaped entry is validated before the record, so
 * its problems name the key as sent (the record would report them under the escaped key). The
 * docs go on the record too: the JSON Schema of the input shape is the record's.
 */
export function seriesKeyedRecord<T extends z.ZodType>(value: T, docs: { description: string; examples: unknown[] }) {
	const escapeKeys = (input: unknown, ctx: z.RefinementCtx): unknown => {
		if (!isRecord(input)) return input;
		const result: Record<string, unknown> = Object.create(null);
		for (const [key, entry] of Object.entries(input)) {
			const escaped = escapeKey(key);
			if (escaped !== key) {
				const checked = value.safeParse(entry);
				if (!checked.success) {
					for (const issue of checked.error.issues) ctx.addIssue({ code: "custom", message: issue.message, path: [key, ...issue.path] });
					continue;
				}
			}
			result[escaped] = entry;
		}
		return result;
	};
	return z
		.preprocess(
			escapeKeys,
			// `overwrite` keeps the record's JSON schema (a transform would hide it from the OpenAPI document).
			z
				.record(z.string(), value)
				.overwrite((entries) => rekeyed(entries, unescapeKey))
				.meta(docs),
		)
		.meta(docs);
}

/** Keys of a series-keyed setting must name current series once the chart has data (D9). */
export function unknownSeriesKeys(record: Record<string, unknown>, seriesNames: readonly string[]): string[] {
	const known = new Set(seriesNames);
	return Object.keys(record).filter((key) => !known.has(key));
}
