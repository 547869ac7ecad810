/**
 * What the authorization server hands out, and how each is recognised: codes and tokens are
 * random (238 bits of base62), only their SHA-256 is stored, and each kind has its own prefix so
 * a token pasted in the wrong place is refused by its shape alone. PKCE is S256 only.
 */
import { randomToken, sha256Hex } from "../domain/ids";

export const accessTokenPattern = /^cso_[0-9A-Za-z]{40}$/;
export const refreshTokenPattern = /^csr_[0-9A-Za-z]{40}$/;

/** An access token is short-lived: a refresh brings the member's current role and the grant's state back in every hour anyway. */
export const accessTokenSeconds = 3600;
export const refreshTokenMs = 30 * 24 * 3600 * 1000;
/** A code is exchanged by the client right after the redirect. */
export const codeMs = 60 * 1000;
/** The person has this long to answer the consent screen. */
export const requestMs = 10 * 60 * 1000;

export interface Issued {
	value: string;
	hash: string;
}

async function issue(prefix: string): Promise<Issued> {
	const value = `${prefix}${randomToken(40)}`;
	return { value, hash: await sha256Hex(value) };
}

export const issueAccessToken = () => issue("cso_");
export const issueRefreshToken = () => issue("csr_");
export const issueCode = () => issue("csc_");

export function newRequestId(): string {
	return `oar_${randomToken(32)}`;
}

export function newClientId(): string {
	return `occ_${randomToken(22)}`;
}

export function newGrantId(): string {
	return `ogr_${randomToken(22)}`;
}

/** RFC 7636: 43–128 characters of the unreserved set. */
const pkcePattern = /^[A-Za-z0-9\-._~]{43,128}$/;

export function isPkceValue(value: string): boolean {
	return pkcePattern.test(value);
}

function base64url(bytes: Uint8Array): string {
	let binary = "";
	for (const byte of bytes) binary += String.fromCharCode(byte);
	return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** Whether `verifier` is the one `challenge` was made from (S256). */
export async function verifierMatches(verifier: string, challenge: string): Promise<boolean> {
	if (!isPkceValue(verifier)) return false;
	const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier));
	return base64url(new Uint8Array(digest)) === challenge;
}
