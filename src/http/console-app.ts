/**
 * The console's static single-page app on the API host (DESIGN §8, D36): every path that is not
 * the API (`/v1`), sign-in (`/auth`) or a console route (`/console/api`) is answered from the
 * built files in `dist/console/` through the `ASSETS` binding, whose single-page fallback answers
 * `index.html` for screen URLs such as `/charts/ch_123`. The Worker runs first for every request
 * so that it, not the asset server, decides what belongs to the API and what to the app, and so
 * every answer carries the same security headers.
 */

import { readSessionCookie } from "./cookies";

const apiPrefixes = ["/v1/", "/auth/", "/console/api/"];

/** Whether a path on the API host belongs to the console app rather than the API. */
export function isConsoleAppPath(pathname: string): boolean {
	if (pathname === "/v1" || pathname === "/auth" || pathname === "/console/api") return false;
	return !apiPrefixes.some((prefix) => pathname.startsWith(prefix));
}

const securityHeaders = {
	// Only our own files; ECharts sets inline styles, and the preview draws into blob/data images.
	"Content-Security-Policy":
		"default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
	"X-Content-Type-Options": "nosniff",
	"Referrer-Policy": "same-origin",
};

/** Hashed files never change under their name; the page itself is revalidated on every load. */
function cacheControl(pathname: string, status: number): string {
	return status === 200 && pathname.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "no-cache";
}

/**
 * Marks the app's page `data-session="none"` when the request carries no session cookie, so the
 * app knows it is signed out without asking `GET /auth/session` for a 401 (which browsers log
 * as a console error on every signed-out visit).
 */
function markSignedOut(request: Request, response: Response): Response {
	if (!response.headers.get("Content-Type")?.startsWith("text/html")) return response;
	if (readSessionCookie(request) !== null) return response;
	return new HTMLRewriter()
		.on("html", {
			element(html) {
				html.setAttribute("data-session", "none");
			},
		})
		.transform(response);
}

export async function serveConsoleApp(request: Request, assets: Fetcher, requestId: string): Promise<Response> {
	const url = new URL(request.url);
	if (request.method !== "GET" && request.method !== "HEAD") {
		return new Response(`${request.method} is not allowed here; the console's pages are read with GET.`, {
			status: 405,
			headers: { Allow: "GET, HEAD", "Content-Type": "text/plain; charset=utf-8", ...securityHeaders, "X-Request-Id": requestId },
		});
	}
	const answer = await assets.fetch(request);
	// A missing script or font must not be answered with the app's page (the single-page fallback).
	if (url.pathname.startsWith("/assets/") && (answer.status === 404 || answer.headers.get("Content-Type")?.startsWith("text/html"))) {
		return new Response(`No file ${url.pathname}.`, {
			status: 404,
			headers: { "Content-Type": "text/plain; charset=utf-8", ...securityHeaders, "Cache-Control": "no-cache", "X-Request-Id": requestId },
		});
	}
	const response = markSignedOut(request, new Response(answer.body, answer));
	for (const [name, value] of Object.entries(securityHeaders)) response.headers.set(name, value);
	response.headers.set("Cache-Control", cacheControl(url.pathname, answer.status));
	response.headers.set("X-Request-Id", requestId);
	return response;
}
