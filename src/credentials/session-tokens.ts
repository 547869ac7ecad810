/**
 * Session tokens (docs/design.md#d31): 32 random bytes, base64url, in the `charts_session` cookie. Only
 * the token's SHA-256 is stored. The CSRF token is derived from the session token with HMAC, so
 * it is random per session, needs no column and no server secret, and cannot be computed by
 * anyone who cannot read the (HttpOnly) cookie.
 */

import { constantTimeEqual, toBase64Url } from "../domain/bytes";
import { sha256Hex } from "../domain/ids";

export const sessionCookieName = "charts_session";
export const sessionLifetimeMs = 14 * 24 * 60 * 60 * 1000;
/** Sliding expiry is written at most this often per session, so reads stay reads. */
export const sessionTouchIntervalMs = 60_000;
export const sessionTokenPattern = /^[A-Za-z0-9_-]{43}$/;

export function newSessionToken(): string {
	return toBase64Url(crypto.getRandomValues(new Uint8Array(32)));
}

export function sessionTokenHash(token: string): Promise<string> {
	return sha256Hex(token);
}

export async function csrfTokenFor(sessionToken: string): Promise<string> {
	const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(sessionToken), { name: "HMAC", hash: "SHA-256" }, false, [
		"sign",
	]);
	const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode("charts csrf token"));
	return toBase64Url(new Uint8Array(mac));
}

/** Constant-time, so a guesser learns nothing from how long a refusal took. */
export function csrfTokenMatches(expected: string, presented: string | null): boolean {
	if (presented === null) return false;
	return constantTimeEqual(new TextEncoder().encode(expected), new TextEncoder().encode(presented));
}
