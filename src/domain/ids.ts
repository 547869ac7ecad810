/**
 * Identifiers: making them, and what each kind looks like. Ids carry a short prefix so a person
 * can tell a chart id from a folder id in a log line; the random part is 128 bits of base62.
 */
const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

export function randomToken(length: number): string {
	// Rejection sampling keeps every character equally likely (256 is not a multiple of 62).
	const out: string[] = [];
	while (out.length < length) {
		for (const byte of crypto.getRandomValues(new Uint8Array(length * 2))) {
			if (byte < 248 && out.length < length) out.push(alphabet[byte % 62] as string);
		}
	}
	return out.join("");
}

export type IdPrefix = "ch" | "fd" | "th" | "ws" | "ac" | "key" | "fn";

export function newId(prefix: IdPrefix): string {
	return `${prefix}_${randomToken(22)}`;
}

export async function sha256Hex(text: string): Promise<string> {
	const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
	return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * The ids a URL path names. An id is its prefix, `_`, then 1–64 letters, digits, `_` or `-`: a
 * made id is 22 base62 characters, and the rest of the room keeps ids made by hand (in tests, by
 * the admin CLI) valid. Nothing else is one: no `.`, `/`, `%` or space, so an id put into a path
 * (escaped or not) is always one segment that no URL parser folds into another route (`.` and
 * `..` are dot segments, and WHATWG URLs read `%2e` as a dot too).
 */
export type PathIdKind = "chart" | "folder" | "theme" | "key" | "font";

const tail = "[A-Za-z0-9_-]{1,64}";

const tailWords = "1–64 letters, digits, _ or -";

const idShapes: Record<PathIdKind, { pattern: RegExp; shape: string }> = {
	chart: { pattern: new RegExp(`^ch_${tail}$`), shape: `ch_ followed by ${tailWords}` },
	folder: { pattern: new RegExp(`^fd_${tail}$`), shape: `fd_ followed by ${tailWords}` },
	// A built-in theme's id is its lower-case name (classic, newsroom, …).
	theme: {
		pattern: new RegExp(`^(th_${tail}|[a-z][a-z0-9-]{0,31})$`),
		shape: `th_ followed by ${tailWords}, or a built-in theme's name`,
	},
	key: { pattern: new RegExp(`^key_${tail}$`), shape: `key_ followed by ${tailWords}` },
	font: { pattern: new RegExp(`^fn_${tail}$`), shape: `fn_ followed by ${tailWords}` },
};

/** The pattern as a string, for a JSON Schema or an OpenAPI parameter. */
export function idPattern(kind: PathIdKind): string {
	return idShapes[kind].pattern.source;
}

export function isIdOf(kind: PathIdKind, value: string): boolean {
	return idShapes[kind].pattern.test(value);
}

/** The longest part of a refused value a message repeats: it is the caller's own text, not ours. */
const quotedLength = 40;

/** `"…" is not a chart id (…)`, or null when `value` is one. */
export function idShapeProblem(kind: PathIdKind, value: string): string | null {
	if (isIdOf(kind, value)) return null;
	const quoted = JSON.stringify(value.length > quotedLength ? `${value.slice(0, quotedLength)}…` : value);
	return `${quoted} is not a ${kind} id: a ${kind} id is ${idShapes[kind].shape}.`;
}
