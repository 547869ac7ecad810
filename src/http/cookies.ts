/**
 * The console's cookies (docs/design.md#d31), read from `Cookie` and written `HttpOnly; SameSite=Strict`
 * and `Secure` everywhere except plain-http localhost, where browsers would drop a Secure
 * cookie and the local demo could not sign in.
 * - `charts_session`: the session, `Path=/`, 14 days, sliding.
 * - `charts_device`: the device cookie, sent only to `/auth/sign-in`, a year, renewed
 *   on every sign-in from this browser.
 */
import { deviceCookieName, deviceLifetimeMs } from "../credentials/device-tokens";
import { sessionCookieName, sessionLifetimeMs } from "../credentials/session-tokens";

export const deviceCookiePath = "/auth/sign-in";

function readCookie(request: Request, name: string): string | null {
	const header = request.headers.get("cookie");
	if (!header) return null;
	for (const part of header.split(";")) {
		const separator = part.indexOf("=");
		if (separator === -1) continue;
		if (part.slice(0, separator).trim() === name) return part.slice(separator + 1).trim();
	}
	return null;
}

export function readSessionCookie(request: Request): string | null {
	return readCookie(request, sessionCookieName);
}

export function readDeviceCookie(request: Request): string | null {
	return readCookie(request, deviceCookieName);
}

function isLocalHttp(request: Request): boolean {
	const url = new URL(request.url);
	return url.protocol === "http:" && (url.hostname === "localhost" || url.hostname === "127.0.0.1" || url.hostname === "[::1]");
}

function cookie(request: Request, name: string, value: string, maxAgeMs: number, path: string): string {
	const secure = isLocalHttp(request) ? "" : "; Secure";
	return `${name}=${value}; Max-Age=${Math.floor(maxAgeMs / 1000)}; Path=${path}; HttpOnly; SameSite=Strict${secure}`;
}

export function sessionCookie(request: Request, token: string): string {
	return cookie(request, sessionCookieName, token, sessionLifetimeMs, "/");
}

export function clearedSessionCookie(request: Request): string {
	return cookie(request, sessionCookieName, "", 0, "/");
}

export function deviceCookie(request: Request, token: string): string {
	return cookie(request, deviceCookieName, token, deviceLifetimeMs, deviceCookiePath);
}
