/**
 * Device tokens (OWASP "device cookies"): 32 random bytes, base64url, in the
 * `charts_device` cookie of a browser that signed in. Only the token's SHA-256 is stored, with
 * the email it was issued for, so the cookie cannot be forged or pointed at another account.
 */
import { sha256Hex } from "../domain/ids";
import { newSessionToken, sessionTokenPattern } from "./session-tokens";

export const deviceCookieName = "charts_device";
/** A year from the last sign-in from this browser. */
export const deviceLifetimeMs = 365 * 24 * 60 * 60 * 1000;
/** Devices remembered per account, most recently used first; an older one becomes untrusted. */
export const maxDevicesPerAccount = 20;
export const deviceTokenPattern = sessionTokenPattern;

export function newDeviceToken(): string {
	return newSessionToken();
}

export function deviceTokenHash(token: string): Promise<string> {
	return sha256Hex(`device ${token}`);
}
