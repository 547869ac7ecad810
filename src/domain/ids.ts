/**
 * Random identifiers. Ids carry a short prefix so a person can tell a chart id from a folder id
 * in a log line; the random part is 128 bits of base62.
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
