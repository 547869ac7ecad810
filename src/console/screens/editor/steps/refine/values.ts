/** Small value helpers for the Refine form: keyed updates that are safe for any key, and diffs. */
import { isPlainObject } from "./schema-fields";

/** `record` with `key` set to `value` (or removed when undefined); safe for keys like `__proto__`. */
export function withKey(record: Record<string, unknown> | undefined, key: string, value: unknown): Record<string, unknown> | undefined {
	const entries = Object.entries(record ?? {}).filter(([name]) => name !== key);
	if (value !== undefined) entries.push([key, value]);
	return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/** Empty strings, arrays and objects mean "not set". */
export function orUnset<T>(value: T): T | undefined {
	if (value === "" || value === null) return undefined;
	if (Array.isArray(value) && value.length === 0) return undefined;
	if (isPlainObject(value) && Object.keys(value).length === 0) return undefined;
	return value;
}

/** The merge patch that turns `before` into `after` (objects merge; anything else replaces). */
export function diffPatch(before: unknown, after: unknown): unknown {
	if (after === undefined) return null;
	if (!isPlainObject(before) || !isPlainObject(after)) return after;
	const patch: [string, unknown][] = [];
	for (const key of Object.keys(before)) if (!Object.hasOwn(after, key)) patch.push([key, null]);
	for (const [key, value] of Object.entries(after)) {
		const old = Object.hasOwn(before, key) ? before[key] : undefined;
		if (isPlainObject(old) && isPlainObject(value)) {
			const inner = diffPatch(old, value) as Record<string, unknown>;
			if (Object.keys(inner).length > 0) patch.push([key, inner]);
		} else if (JSON.stringify(old) !== JSON.stringify(value)) patch.push([key, value]);
	}
	return Object.fromEntries(patch);
}

/** Drops "meta.x.y: " from an API message shown at that very field. */
export function messageAtField(message: string): string {
	const at = message.indexOf(": ");
	return message.startsWith("meta") && at > 0 ? message.slice(at + 2) : message;
}
