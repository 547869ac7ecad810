/**
 * JSON Merge Patch (RFC 7386), used for `meta` on PATCH (DESIGN D8): objects merge deeply,
 * `null` removes a key, anything else (arrays included) replaces the target value.
 */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function isPlainObject(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function applyMergePatch(target: unknown, patch: unknown): unknown {
	if (!isPlainObject(patch)) return patch;
	const result: Record<string, unknown> = isPlainObject(target) ? { ...target } : {};
	for (const [key, value] of Object.entries(patch)) {
		if (value === null) delete result[key];
		else result[key] = applyMergePatch(result[key], value);
	}
	return result;
}
