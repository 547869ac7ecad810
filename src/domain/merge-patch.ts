/**
 * JSON Merge Patch (RFC 7386), used for `meta` on PATCH (DESIGN D8): objects merge deeply,
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
