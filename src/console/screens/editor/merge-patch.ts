/**
 * JSON merge patches (RFC 7386) on the client: applying one to the chart the person sees,
 * folding several edits into the one `PATCH` autosave sends, and the patch that undoes an edit.
 */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type Patch = Record<string, unknown>;

export function isPlainObject(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** `target` with `patch` applied: objects merge, `null` removes, anything else replaces. */
export function applyMergePatch(target: Record<string, unknown>, patch: Patch): Record<string, unknown> {
	const result: Record<string, unknown> = { ...target };
	for (const [key, value] of Object.entries(patch)) {
		if (value === null) delete result[key];
		else if (isPlainObject(value)) result[key] = applyMergePatch(isPlainObject(result[key]) ? result[key] : {}, value);
		else result[key] = value;
	}
	return result;
}

/** One patch with the effect of `first` then `second`. */
export function composeMergePatch(first: Patch, second: Patch): Patch {
	const result: Patch = { ...first };
	for (const [key, value] of Object.entries(second)) {
		const before = result[key];
		if (isPlainObject(value) && isPlainObject(before)) result[key] = composeMergePatch(before, value);
		else if (isPlainObject(value) && before === null) result[key] = applyMergePatch({}, value);
		else result[key] = value;
	}
	return result;
}

/** The patch that turns `from` into `to` (used by undo). */
export function diffMergePatch(from: Record<string, unknown>, to: Record<string, unknown>): Patch {
	const patch: Patch = {};
	for (const key of Object.keys(from)) if (!(key in to)) patch[key] = null;
	for (const [key, value] of Object.entries(to)) {
		const before = from[key];
		if (isPlainObject(value) && isPlainObject(before)) {
			const inner = diffMergePatch(before, value);
			if (Object.keys(inner).length > 0) patch[key] = inner;
		} else if (JSON.stringify(before) !== JSON.stringify(value)) patch[key] = value;
	}
	return patch;
}
