/**
 * Conditional requests, answered one way everywhere (API routes, the console's pages, the embed
 * host): `If-Match` and `If-None-Match` parsed as RFC 9110 §13.1 has them (a list of entity tags,
 * or `*`, members that are not tags ignored). A read answers 304 when `If-None-Match` names its
 * ETag by weak comparison; a chart write takes the versions `If-Match` names
 * (src/api/chart-resource.ts). It is HTTP, but lives here, below every layer: the embed host
 * and the API both answer conditional requests, and the embed host may not import from `http/`
 * (scripts/check-import-cycles.ts). It depends on nothing, so the embed host loads no zod or
 * drizzle with it (test/wrangler-dev/startup-path.test.ts).
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

/** Weak comparison (RFC 9110 §8.8.3.2): the same opaque tag, whatever either's weakness. */
function weaklyEqual(a: EntityTag, b: EntityTag): boolean {
	return a.opaque === b.opaque;
}

/** Whether `If-None-Match` names the current representation, `etag` (so a GET or HEAD answers 304). False when absent. */
export function noneMatchHolds(header: string | null, etag: string): boolean {
	const condition = parseEntityTags(header);
	if (condition === null) return false;
	if (condition === "*") return true;
	const current = tagOf(etag);
	return condition.some((tag) => weaklyEqual(tag, current));
}

/**
 * Whether a GET or HEAD is answered 304 Not Modified: its `If-None-Match` names `etag`. Read
 * routes ignore `If-Match`, as they always have; writes turn it into the versions they expect.
 */
export function notModified(request: Request, etag: string): boolean {
	return noneMatchHolds(request.headers.get("if-none-match"), etag);
}

/**
 * The values `If-Match` names, unquoted (`"3"` and `W/"3"` → `3`), or null when it is absent or
 * `*` (any will do).
 */
export function ifMatchValues(header: string | null): readonly string[] | null {
	const condition = parseEntityTags(header);
	if (condition === null || condition === "*") return null;
	return condition.map((tag) => tag.opaque.slice(1, -1));
}
