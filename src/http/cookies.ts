/**
 * The session cookie (DESIGN D31): read from `Cookie`, written with `HttpOnly; SameSite=Strict;
 * Path=/` and `Secure` everywhere except plain-http localhost, where browsers would drop a
 * Secure cookie and the local demo could not sign in.
 */
import { sessionCookieName, sessionLifetimeMs } from "../domain/session-tokens";

export function readSessionCookie(request: Request): string | null {
	const header = request.headers.get("cookie");
	if (!header) return null;
	for (const part of header.split(";")) {
		const separator = part.indexOf("=");
		if (separator === -1) continue;
		if (part.slice(0, separator).trim() === sessionCookieName) return part.slice(separator + 1).trim();
	}
	return null;
}

function isLocalHttp(request: Request): boolean {
	const url = new URL(request.url);
	return url.protocol === "http:" && (url.hostname === "localhost" || url.hostname === "127.0.0.1" || url.hostname === "[::1]");
}

function cookie(request: Request, value: string, maxAgeSeconds: number): string {
	const secure = isLocalHttp(request) ? "" : "; Secure";
	return `${sessionCookieName}=${value}; Max-Age=${maxAgeSeconds}; Path=/; HttpOnly; SameSite=Strict${secure}`;
}

export function sessionCookie(request: Request, token: string): string {
	return cookie(request, token, Math.floor(sessionLifetimeMs / 1000));
}

export function clearedSessionCookie(request: Request): string {
	return cookie(request, "", 0);
}
