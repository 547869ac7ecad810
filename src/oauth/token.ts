/**
 * `POST /oauth/token` (OAuth 2.1 §3.2): an authorization code for the first tokens, a refresh
 * token for the next. Both are single use, and using one twice is taken as a sign it was stolen
 * (OAuth 2.1 §4.1.3, §4.3.1): a code exchanged again, or a refresh token already rotated, revokes
 * the whole grant, so whichever of the thief and the client comes second stops both. Requests
 * of a registered client are counted per address first (rate-limits.ts), so guessing codes or
 * refresh tokens runs into a 429.
 */
import type { StoredToken } from "../db/oauth";
import { findClient, findToken, insertTokens, revokeGrant, useToken } from "../db/oauth";
import { sha256Hex } from "../domain/ids";
import { defineRoute } from "../http/route";
import type { Services } from "../request-services";
import { mcpResource } from "./audience";
import { recordConnectionActivity } from "./connection-activity";
import { optional, readForm, required } from "./form";
import { answeringOAuthErrors, noStore, OAuthError } from "./oauth-error";
import { admitTokenRequest } from "./rate-limits";
import { accessTokenSeconds, issueAccessToken, issueRefreshToken, refreshTokenMs, refreshTokenPattern, verifierMatches } from "./tokens";

/** The client the request names; public clients authenticate by their id alone, PKCE does the rest. */
async function requireClient(services: Services, form: URLSearchParams): Promise<string> {
	const clientId = required(form, "client_id");
	const client = await findClient(services.db, clientId);
	if (client === null) throw new OAuthError("invalid_client", "This client_id is not registered here. Register the client again.");
	return client.id;
}

function requireResource(form: URLSearchParams, origin: string): void {
	const resource = optional(form, "resource");
	if (resource !== null && resource !== mcpResource(origin)) {
		throw new OAuthError("invalid_target", `Tokens here are for ${mcpResource(origin)} only.`);
	}
}

/** A token of `kind` that can still be used for `clientId`'s grant, or the `invalid_grant` saying why not. */
function requireUsable(token: StoredToken | null, kind: "code" | "refresh", clientId: string, now: number): StoredToken {
	const what = kind === "code" ? "authorization code" : "refresh token";
	if (token === null || token.kind !== kind) throw new OAuthError("invalid_grant", `This ${what} is not known here.`);
	if (token.grant.clientId !== clientId) throw new OAuthError("invalid_grant", `This ${what} was issued to another client.`);
	if (token.grant.revokedAt !== null)
		throw new OAuthError("invalid_grant", "This connection was revoked (disconnected, or the member removed). Connect again.");
	if (token.grant.accountWorkspaceId !== token.grant.workspaceId) {
		throw new OAuthError("invalid_grant", "The person who allowed this connection is no longer a member of the workspace.");
	}
	if (token.expiresAt <= now)
		throw new OAuthError("invalid_grant", `This ${what} has expired. ${kind === "code" ? "Authorize again." : "Connect again."}`);
	return token;
}

async function replayed(services: Services, token: StoredToken, now: number, what: string): Promise<never> {
	if (await revokeGrant(services.db, token.grant.id, now)) {
		recordConnectionActivity(
			services,
			{ action: "assistant.disconnected", workspaceId: token.grant.workspaceId, actor: null, grantId: token.grant.id },
			now,
		);
	}
	throw new OAuthError("invalid_grant", `This ${what} was already used, so the connection is revoked as a precaution. Connect again.`);
}

async function issueTokens(services: Services, token: StoredToken, now: number): Promise<Response> {
	const [access, refresh] = await Promise.all([issueAccessToken(), issueRefreshToken()]);
	await insertTokens(services.db, token.grant.id, [
		{ hash: access.hash, kind: "access", createdAt: now, expiresAt: now + accessTokenSeconds * 1000 },
		{ hash: refresh.hash, kind: "refresh", createdAt: now, expiresAt: now + refreshTokenMs },
	]);
	return Response.json(
		{
			access_token: access.value,
			token_type: "Bearer",
			expires_in: accessTokenSeconds,
			refresh_token: refresh.value,
			scope: token.grant.scopes.join(" "),
		},
		{ headers: noStore },
	);
}

async function exchangeCode(services: Services, form: URLSearchParams, clientId: string, now: number): Promise<Response> {
	const code = required(form, "code");
	const verifier = required(form, "code_verifier");
	// PKCE binds the code to its client; redirect_uri, when sent, must still be the code's (RFC 6749 §4.1.3).
	const redirectUri = optional(form, "redirect_uri");
	const token = await findToken(services.db, await sha256Hex(code));
	// A used code is a replay whatever else is wrong with the request: its grant goes first.
	if (token !== null && token.kind === "code" && token.usedAt !== null && token.grant.clientId === clientId) {
		return replayed(services, token, now, "authorization code");
	}
	const usable = requireUsable(token, "code", clientId, now);
	if (redirectUri !== null && usable.redirectUri !== redirectUri)
		throw new OAuthError("invalid_grant", "redirect_uri is not the one the code was issued for.");
	if (usable.codeChallenge === null || !(await verifierMatches(verifier, usable.codeChallenge))) {
		throw new OAuthError("invalid_grant", "code_verifier does not match the code_challenge the authorization was started with.");
	}
	if (!(await useToken(services.db, usable.hash, now))) return replayed(services, usable, now, "authorization code");
	return issueTokens(services, usable, now);
}

async function rotateRefreshToken(services: Services, form: URLSearchParams, clientId: string, now: number): Promise<Response> {
	const presented = required(form, "refresh_token");
	if (!refreshTokenPattern.test(presented)) throw new OAuthError("invalid_grant", "That is not a refresh token of this service.");
	const token = await findToken(services.db, await sha256Hex(presented));
	if (token !== null && token.kind === "refresh" && token.usedAt !== null && token.grant.clientId === clientId) {
		return replayed(services, token, now, "refresh token");
	}
	const usable = requireUsable(token, "refresh", clientId, now);
	if (!(await useToken(services.db, usable.hash, now))) return replayed(services, usable, now, "refresh token");
	return issueTokens(services, usable, now);
}

export const tokenRoute = defineRoute({
	method: "POST",
	path: "/oauth/token",
	tag: "Session",
	summary: "Exchange a code or a refresh token for tokens",
	access: "public",
	body: { type: "none" },
	responses: { 200: { description: "Access and refresh tokens" } },
	errors: [],
	handler: ({ request, services, url, now }) =>
		answeringOAuthErrors(async () => {
			const form = await readForm(request);
			const grantType = required(form, "grant_type");
			const clientId = await requireClient(services, form);
			const refused = await admitTokenRequest(services, request, now);
			if (refused !== null) throw new OAuthError("too_many_requests", refused.message, refused.retryAfterSeconds);
			requireResource(form, url.origin);
			if (grantType === "authorization_code") return exchangeCode(services, form, clientId, now);
			if (grantType === "refresh_token") return rotateRefreshToken(services, form, clientId, now);
			throw new OAuthError("unsupported_grant_type", `grant_type ${grantType} is not supported: use authorization_code or refresh_token.`);
		}),
});
