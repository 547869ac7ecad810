/**
 * docs/design.md#d24's limits on free-form JSON a caller stores (a chart's `meta`, a theme): how deeply it
 * may nest and what it may weigh serialised. One place, so every write that stores such JSON
 * answers past-limit input with the same 422 message.
 */

/**
 * Whether `value` nests objects and arrays more than `limit` levels deep (a container is one
 * level, a scalar none). Walked with an explicit stack and abandoned as soon as the limit is
 * passed: a request body can nest far deeper than any call stack (D23).
 */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
	const pending: { value: unknown; depth: number }[] = [{ value, depth: 1 }];
	for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
		if (typeof next.value !== "object" || next.value === null) continue;
		if (next.depth > limit) return true;
		for (const child of Object.values(next.value)) pending.push({ value: child, depth: next.depth + 1 });
	}
	return false;
}

export function serialisedBytes(value: unknown): number {
	return new TextEncoder().encode(JSON.stringify(value)).byteLength;
}

function formatKiB(bytes: number): string {
	return `${(bytes / 1024).toFixed(1)} KiB`;
}

/** The message for JSON nested past `maxDepth`, worded to follow the field's path. */
export function depthProblem(maxDepth: number): string {
	return `is nested more than ${maxDepth} levels deep; the limit is ${maxDepth} levels of objects and arrays`;
}

/**
 * What is wrong with `value` under the limits, as a phrase that follows the field's path, or
 * null. Depth first, so the size is only measured on JSON that is safe to serialise.
 */
export function jsonLimitProblem(value: unknown, limits: { maxBytes: number; maxDepth: number }): string | null {
	if (nestsDeeperThan(value, limits.maxDepth)) return depthProblem(limits.maxDepth);
	const bytes = serialisedBytes(value);
	if (bytes > limits.maxBytes) return `is ${formatKiB(bytes)} as JSON; the limit is ${limits.maxBytes / 1024} KiB`;
	return null;
}
