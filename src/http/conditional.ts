/**
 * Conditional requests, answered one way everywhere (API routes, the console's pages, the embed
 * host): `If-Match` and `If-None-Match` parsed as RFC 9110 §13.1 has them (a list of entity tags,
 * or `*`), compared as §8.8.3.2 says (weak comparison for `If-None-Match`, strong for `If-Match`),
 * and evaluated in §13.2.2's order. Depends on nothing, so the embed host can load it without
 * zod or drizzle (test/dev/startup-path.test.ts).
 */

/** One entity tag of a header: `"abc"` or `W/"abc"`, its quotes kept in `opaque`. */
export interface EntityTag {
	weak: boolean;
	/** The quoted string, quotes included: `"abc"`. */
	opaque: string;
}

/** What a conditional header names: any current representation (`*`), or these tags. */
export type EntityTagCondition = "*" | readonly EntityTag[];

/** `*`, `"…"` or `W/"…"`, then optional whitespace and the comma or end that closes the member. */
const member = /[ \t]*(?:(\*)|(W\/)?("[^"]*"))[ \t]*(?:,|$)/y;

/**
 * A conditional header's tags, or null when the header is absent. Members that are not entity
 * tags (an unquoted value, a stray character) are skipped: they name no representation, so they
 * match nothing. `*` anywhere in the list stands for the whole header.
 */
export function parseEntityTags(header: string | null): EntityTagCondition | null {
	if (header === null) return null;
	const tags: EntityTag[] = [];
	let position = 0;
	while (position < header.length) {
		member.lastIndex = position;
		const found = member.exec(header);
		if (found) {
			if (found[1]) return "*";
			tags.push({ weak: found[2] !== undefined, opaque: found[3] as string });
			position = member.lastIndex;
			continue;
		}
		// Garbage: skip to the next member.
		const comma = header.indexOf(",", position);
		if (comma === -1) break;
		position = comma + 1;
	}
	return tags;
}

/** An ETag as a server sends it (`"abc"` or `W/"abc"`), as an entity tag. */
function tagOf(etag: string): EntityTag {
	return etag.startsWith("W/") ? { weak: true, opaque: etag.slice(2) } : { weak: false, opaque: etag };
}

/** Weak comparison: the same opaque tag, whatever either's weakness. */
function weaklyEqual(a: EntityTag, b: EntityTag): boolean {
	return a.opaque === b.opaque;
}

/** Strong comparison: the same opaque tag, and neither weak. */
function stronglyEqual(a: EntityTag, b: EntityTag): boolean {
	return !a.weak && !b.weak && a.opaque === b.opaque;
}

/** Whether `If-None-Match` names the current representation (so a GET or HEAD answers 304). False when absent. */
export function noneMatchHolds(header: string | null, etag: string): boolean {
	const condition = parseEntityTags(header);
	if (condition === null) return false;
	if (condition === "*") return true;
	const current = tagOf(etag);
	return condition.some((tag) => weaklyEqual(tag, current));
}

/**
 * Whether `If-Match` lets a request act on the current representation: true when absent, or
 * `*` with a representation there, or a tag strongly equal to `etag`. A weak ETag never matches
 * a tag (strong comparison), and `etag` null (nothing there) matches nothing, not even `*`.
 */
export function ifMatchHolds(header: string | null, etag: string | null): boolean {
	const condition = parseEntityTags(header);
	if (condition === null) return true;
	if (etag === null) return false;
	if (condition === "*") return true;
	const current = tagOf(etag);
	return condition.some((tag) => stronglyEqual(tag, current));
}

/** What a conditional request comes to: 304 Not Modified, 412 Precondition Failed, or carry on. */
export type ConditionalAnswer = "not-modified" | "precondition-failed" | "go-on";

/**
 * Evaluates `If-Match`, then `If-None-Match` (RFC 9110 §13.2.2) against the representation's
 * current ETag (null when there is none). A GET or HEAD whose `If-None-Match` holds is
 * "not-modified"; any other method's is "precondition-failed".
 */
export function evaluateConditions(request: Request, etag: string | null): ConditionalAnswer {
	if (!ifMatchHolds(request.headers.get("if-match"), etag)) return "precondition-failed";
	if (etag !== null && noneMatchHolds(request.headers.get("if-none-match"), etag)) {
		return request.method === "GET" || request.method === "HEAD" ? "not-modified" : "precondition-failed";
	}
	return "go-on";
}

/** The opaque values If-Match names, unquoted (`"3"` → `3`), or null when it is absent or `*` (any will do). */
export function ifMatchValues(header: string | null): readonly string[] | null {
	const condition = parseEntityTags(header);
	if (condition === null || condition === "*") return null;
	return condition.map((tag) => tag.opaque.slice(1, -1));
}
