/**
 * The console's static single-page app on the API host (docs/design.md#section-8, D36): every path that is not
 * the API (`/v1`), sign-in (`/auth`), a console route (`/console/api`), the MCP server (`/mcp`)
 * or the OAuth server (`/oauth/`, and its two `/.well-known/` documents) is answered from the
 * built files in `dist/console/` through the `ASSETS` binding, whose single-page fallback answers
 * `index.html` for screen URLs such as `/charts/ch_123`. The Worker runs first for every request
 * so that it, not the asset server, decides what belongs to the API and what to the app, and so
 * every answer carries the same security headers.
 */

import { ApiError } from "../api-error";
import { notModified } from "../domain/conditional-requests";
import { readSessionCookie } from "./cookies";
import { errorResponse } from "./errors";

const apiPrefixes = ["/v1/", "/auth/", "/console/api/", "/oauth/"];

/** The OAuth metadata documents the Worker's routes serve (src/oauth/metadata.ts); every other `/.well-known/` path stays a 404 here. */
const oauthDocuments = new Set([
	"/.well-known/oauth-protected-resource",
	"/.well-known/oauth-protected-resource/mcp",
	"/.well-known/oauth-authorization-server",
]);

/** Whether a path on the API host belongs to the console app rather than the API. */
export function isConsoleAppPath(pathname: string): boolean {
	if (pathname === "/v1" || pathname === "/auth" || pathname === "/console/api" || pathname === "/mcp") return false;
	if (oauthDocuments.has(pathname)) return false;
	return !apiPrefixes.some((prefix) => pathname.startsWith(prefix));
}

const securityHeaders = {
	// Only our own files; ECharts sets inline styles, and the preview draws into blob/data images.
	"Content-Security-Policy":
		"default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
	// For browsers that predate frame-ancestors: no page of the console (the consent screen above all) may be framed.
	"X-Frame-Options": "DENY",
	"X-Content-Type-Options": "nosniff",
	"Referrer-Policy": "same-origin",
};

/** Hashed files never change under their name; the page itself is revalidated on every load. */
function cacheControl(pathname: string, status: number): string {
	return status === 200 && pathname.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "no-cache";
}

/**
 * A path that names a file (under `/assets/`, or with an extension, like `/favicon.ico` or
 * `/robots.txt`): never answered with the app's page by the single-page fallback. Screen URLs
 * (`/charts/ch_123`) have no extension.
 */
function isFilePath(pathname: string): boolean {
	return pathname.startsWith("/assets/") || /\.[A-Za-z0-9]+$/.test(pathname);
}

/**
 * The app's page comes in two variants: signed out (marked, see `markSignedOut`) and with a
 * session cookie. Each has its own `ETag`, derived from the file's, so a browser that kept the
 * signed-out page and revalidates it after signing in gets the signed-in page, not a 304 that
 * reuses the signed-out one (which sent every reload after sign-in back to sign-in).
 * `Vary: Cookie` says the same to caches; it alone is not enough, as a browser may still
 * revalidate a variant it kept under another cookie, and a matching validator would answer 304.
 * The page stays cacheable (`no-cache`): reloads are a 304 while neither the build nor the
 * sign-in state changed.
 */
type PageVariant = "signed-in" | "signed-out";

function pageVariant(request: Request): PageVariant {
	return readSessionCookie(request) === null ? "signed-out" : "signed-in";
}

function variantEtag(fileEtag: string, variant: PageVariant): string {
	return `"${fileEtag.replace(/^W\//, "").replaceAll('"', "")}-${variant}"`;
}

/**
 * Marks the app's page `data-session="none"` when the request carries no session cookie, so the
 * app knows it is signed out without asking `GET /auth/session` for a 401 (which browsers log
 * as a console error on every signed-out visit).
 */
function markSignedOut(response: Response): Response {
	return new HTMLRewriter()
		.on("html", {
			element(html) {
				html.setAttribute("data-session", "none");
			},
		})
		.transform(response);
}

/** The request as the asset server gets it: for anything but a hashed file, without its validators (they name a variant, see above). */
function assetRequest(request: Request, pathname: string): Request {
	if (pathname.startsWith("/assets/")) return request;
	const headers = new Headers(request.headers);
	headers.delete("if-none-match");
	headers.delete("if-modified-since");
	return new Request(request.url, { method: request.method, headers });
}

function withConsoleHeaders(response: Response, pathname: string, requestId: string): Response {
	for (const [name, value] of Object.entries(securityHeaders)) response.headers.set(name, value);
	response.headers.set("Cache-Control", cacheControl(pathname, response.status));
	response.headers.set("X-Request-Id", requestId);
	return response;
}

/** The app's page in the request's variant, or 304 when the client holds that variant. */
function pageAnswer(request: Request, answer: Response): Response {
	const variant = pageVariant(request);
	const fileEtag = answer.headers.get("ETag");
	const etag = fileEtag === null ? null : variantEtag(fileEtag, variant);
	if (etag !== null && notModified(request, etag)) {
		answer.body?.cancel();
		return new Response(null, { status: 304, headers: { ETag: etag, Vary: "Cookie" } });
	}
	const response = new Response(answer.body, answer);
	response.headers.delete("ETag");
	if (etag !== null) response.headers.set("ETag", etag);
	response.headers.set("Vary", "Cookie");
	return variant === "signed-out" ? markSignedOut(response) : response;
}

/**
 * `/.well-known/` names documents other software looks for: never the app's page with a 200,
 * which a client would take for the document. The OAuth ones are the Worker's routes (above);
 * the API's 404 JSON answers every other (docs/mcp.md).
 */
function wellKnownAnswer(pathname: string, requestId: string): Response {
	const error = new ApiError(
		"not_found",
		`Nothing is served at ${pathname}. API clients authenticate with an API key as a bearer token; MCP clients read /.well-known/oauth-protected-resource.`,
	);
	const response = errorResponse(error, requestId);
	response.headers.set("X-Request-Id", requestId);
	return response;
}

export async function serveConsoleApp(request: Request, assets: Fetcher, requestId: string): Promise<Response> {
	const url = new URL(request.url);
	if (url.pathname.startsWith("/.well-known/")) return wellKnownAnswer(url.pathname, requestId);
	if (request.method !== "GET" && request.method !== "HEAD") {
		return new Response(`${request.method} is not allowed here; the console's pages are read with GET.`, {
			status: 405,
			headers: { Allow: "GET, HEAD", "Content-Type": "text/plain; charset=utf-8", ...securityHeaders, "X-Request-Id": requestId },
		});
	}
	const answer = await assets.fetch(assetRequest(request, url.pathname));
	const isPage = answer.status === 200 && answer.headers.get("Content-Type")?.startsWith("text/html") === true;
	// A missing script, font or icon must not be answered with the app's page (the single-page fallback).
	if (isFilePath(url.pathname) && (answer.status === 404 || isPage)) {
		answer.body?.cancel();
		return withConsoleHeaders(
			new Response(`No file ${url.pathname}.`, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } }),
			url.pathname,
			requestId,
		);
	}
	const response = isPage ? pageAnswer(request, answer) : new Response(answer.body, answer);
	return withConsoleHeaders(response, url.pathname, requestId);
}
