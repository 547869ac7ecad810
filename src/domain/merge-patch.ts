/**
 * JSON Merge Patch (RFC 7386), used for `meta` on PATCH (docs/design.md#d8): objects merge deeply,
 * `null` removes a key, anything else (arrays included) replaces the target value.
 *
 * Keys are user text (series names in `seriesTransform`), so `__proto__` is an ordinary key
 * here: it is read only as an own property and written with `defineProperty`, because
 * `result[key]` would read Object.prototype and assigning it would replace `result`'s prototype.
 */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function isPlainObject(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}

function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
	Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

export function applyMergePatch(target: unknown, patch: unknown): unknown {
	if (!isPlainObject(patch)) return patch;
	const result: Record<string, unknown> = {};
	if (isPlainObject(target)) for (const [key, value] of Object.entries(target)) setOwn(result, key, value);
	for (const [key, value] of Object.entries(patch)) {
		if (value === null) delete result[key];
		else setOwn(result, key, applyMergePatch(Object.hasOwn(result, key) ? result[key] : undefined, value));
	}
	return result;
}

/**
 * One patch with the effect of `first` then `second`: the console folds a burst of edits into the
 * one `PATCH` its autosave sends. Exact, except where `first` removes an object and `second` sets
 * one anew: a merge patch cannot say "replace", so the new object's keys merge into what the
 * target then holds.
 */
export function composeMergePatch(first: Record<string, unknown>, second: Record<string, unknown>): Record<string, unknown> {
	const result: Record<string, unknown> = {};
	for (const [key, value] of Object.entries(first)) setOwn(result, key, value);
	for (const [key, value] of Object.entries(second)) {
		const before = Object.hasOwn(result, key) ? result[key] : undefined;
		if (isPlainObject(value) && isPlainObject(before)) setOwn(result, key, composeMergePatch(before, value));
		else if (isPlainObject(value) && before === null) setOwn(result, key, applyMergePatch({}, value));
		else setOwn(result, key, value);
	}
	return result;
}

/** The patch that turns `from` into `to` (the console's undo). */
export function diffMergePatch(from: Record<string, unknown>, to: Record<string, unknown>): Record<string, unknown> {
	const patch: Record<string, unknown> = {};
	for (const key of Object.keys(from)) if (!Object.hasOwn(to, key)) setOwn(patch, key, null);
	for (const [key, value] of Object.entries(to)) {
		const before = Object.hasOwn(from, key) ? from[key] : undefined;
		if (isPlainObject(value) && isPlainObject(before)) {
			const inner = diffMergePatch(before, value);
			if (Object.keys(inner).length > 0) setOwn(patch, key, inner);
		} else if (JSON.stringify(before) !== JSON.stringify(value)) setOwn(patch, key, value);
	}
	return patch;
}
