/**
 * `GET /oauth/authorize` (OAuth 2.1 §4.1.1): checks what the client asks, keeps it as a pending
 * request and sends the person to the console's consent screen (`/authorize?request=…`), where
 * they sign in if they must and allow or deny it (src/api/oauth.ts).
 *
 * The order matters against open redirects: until the client is known and the redirect URI is
 * exactly one it registered, nothing is ever redirected, whatever else is wrong (a 400 page
 * instead). Only then are the other problems (no PKCE, an unknown scope) sent back to the client
 * as `error=` on its redirect URI, as OAuth asks.
 *
 * Requests that would be kept are limited per client address (rate-limits.ts), each being a row.
 *
 * Scopes this server does not know (`offline_access`, another service's) are left out rather than
 * refused, as RFC 6749 §3.3 allows: the consent screen shows what will actually be allowed.
 */
import { findClient, insertRequest } from "../db/oauth";
import { escapeMarkup } from "../domain/markup";
import { defineRoute } from "../http/route";
import { mcpResource } from "./audience";
import { admitAuthorization } from "./rate-limits";
import { authorizationRedirect } from "./redirects";
import { scopesAsked } from "./scopes";
import { isPkceValue, newRequestId, requestMs } from "./tokens";

const maxStateLength = 1024;

/** A page for the person's browser, never framed. */
function page(status: number, title: string, message: string, extraHeaders: Record<string, string> = {}): Response {
	const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1><p>${escapeMarkup(message)}</p><p>Go back to your assistant and connect it again.</p></body></html>`;
	return new Response(html, {
		status,
		headers: {
			...extraHeaders,
			"Content-Type": "text/html; charset=utf-8",
			"Cache-Control": "no-store",
			"Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
			"X-Frame-Options": "DENY",
			"X-Content-Type-Options": "nosniff",
		},
	});
}

/** The page a person sees when the link they followed cannot be trusted to send them back anywhere. */
function refusalPage(message: string): Response {
	return page(400, "This sign-in link is not valid", message);
}

/** One value per parameter: a repeated one is as suspect as a missing one. */
function single(query: URLSearchParams, name: string): string | null | "repeated" {
	const values = query.getAll(name);
	if (values.length > 1) return "repeated";
	return values[0] === undefined || values[0] === "" ? null : values[0];
}

export const authorizeRoute = defineRoute({
	method: "GET",
	path: "/oauth/authorize",
	tag: "Session",
	summary: "Start an OAuth authorization (code with PKCE)",
	access: "public",
	body: { type: "none" },
	responses: { 302: { description: "To the console's consent screen, or back to the client with an error" } },
	errors: [],
	async handler({ request, url, services, now }) {
		// HEAD is answered wherever GET is (router.ts); it must not leave a pending request behind.
		if (request.method === "HEAD") return new Response(null, { status: 400, headers: { "Cache-Control": "no-store" } });
		const query = url.searchParams;
		const clientId = single(query, "client_id");
		if (clientId === null || clientId === "repeated") return refusalPage("The link names no assistant (client_id), or names several.");
		const client = await findClient(services.db, clientId);
		if (client === null) return refusalPage("The assistant this link names is not registered here. Its registration may have been lost.");
		const askedUri = single(query, "redirect_uri");
		if (askedUri === "repeated") return refusalPage("The link names several addresses to return to (redirect_uri).");
		// Without one, a client's only registered URI is meant (OAuth 2.1 §4.1.1 lets it be left out then).
		const redirectUri = askedUri ?? (client.redirectUris.length === 1 ? client.redirectUris[0] : undefined);
		if (redirectUri === undefined)
			return refusalPage("The link must name the address to return to (redirect_uri): the assistant registered several.");
		if (!client.redirectUris.includes(redirectUri)) {
			return refusalPage("The address this link would return to is not one the assistant registered, so it is not followed.");
		}

		const state = single(query, "state");
		const back = (error: string, description: string) =>
			authorizationRedirect(redirectUri, url.origin, { error, error_description: description, state: state === "repeated" ? null : state });
		if (state === "repeated" || (state !== null && state.length > maxStateLength)) {
			return back("invalid_request", `state must be sent once, at most ${maxStateLength} characters.`);
		}
		if (single(query, "response_type") !== "code") return back("unsupported_response_type", "Only response_type=code is supported.");
		const challenge = single(query, "code_challenge");
		if (challenge === null || challenge === "repeated" || !isPkceValue(challenge)) {
			return back("invalid_request", "PKCE is required: send code_challenge (43 to 128 characters) with code_challenge_method=S256.");
		}
		if (single(query, "code_challenge_method") !== "S256") {
			return back("invalid_request", "code_challenge_method must be S256; plain is not accepted.");
		}
		const resource = single(query, "resource");
		if (resource !== null && resource !== mcpResource(url.origin)) {
			return back("invalid_target", `Tokens here are for ${mcpResource(url.origin)} only.`);
		}
		const scope = single(query, "scope");
		if (scope === "repeated") return back("invalid_scope", "scope must be sent once, its scopes separated by spaces.");
		const scopes = scopesAsked(scope);

		// Counted only now, when a row is about to be written: a person's browser sees the wait on a page
		// (a redirect back would hand a flood to the client), as sign-in's throttle answers people.
		const refused = await admitAuthorization(services, request, now);
		if (refused !== null) {
			return page(429, "Too many sign-in requests", refused.message, { "Retry-After": String(refused.retryAfterSeconds) });
		}
		const requestId = newRequestId();
		await insertRequest(services.db, {
			id: requestId,
			clientId: client.id,
			redirectUri,
			codeChallenge: challenge,
			state,
			scopes,
			createdAt: now,
			expiresAt: now + requestMs,
		});
		return new Response(null, {
			status: 302,
			headers: { Location: `${url.origin}/authorize?request=${requestId}`, "Cache-Control": "no-store" },
		});
	},
});
