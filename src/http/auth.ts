/**
 * Who is calling (docs/design.md#d1, #d32): `Authorization: Bearer <key>` → the key's account, workspace,
 * plan and scopes; without that header, the console's session cookie. A request that carries a
 * bearer key is judged by the key alone, its cookie ignored, so a script can never be upgraded
 * (or downgraded) by a cookie it happens to send. Key failures are 401 `unauthorized` with
 * `WWW-Authenticate: Bearer`.
 *
 * An OAuth access token (`cso_…`, docs/mcp.md "Signing in") is a key in all but name: it acts
 * for the member who allowed it, with the scopes they allowed as far as their role holds them
 * now, under the same plan and rate limit. It is taken on the MCP endpoint only (its audience,
 * src/oauth/audience.ts), and refused once its grant is revoked or its member left the workspace.
 */

import { ApiError } from "../api-error";
import { apiKeyPattern } from "../credentials/api-keys";
import { csrfTokenMatches } from "../credentials/session-tokens";
import { findKeyByHash, markKeyUsed } from "../db/keys";
import { findAccessToken, markGrantUsed } from "../db/oauth";
import type { Caller, KeyCaller, SessionCaller } from "../domain/caller";
import { sha256Hex } from "../domain/ids";
import type { Scope } from "../domain/plans";
import { planHasApiAccess } from "../domain/plans";
import type { Role } from "../domain/roles";
import { effectiveScopes, leastRoleForSessionRoute, roleAtLeast, roleScopes, roleWords } from "../domain/roles";
import { isMcpRequest } from "../oauth/audience";
import { accessTokenPattern } from "../oauth/tokens";
import type { Services } from "../request-services";
import { readSessionCookie } from "./cookies";
import { authenticateSession } from "./session-auth";

/** Writing last-used on every request would make every read a write; once a minute is enough. */
const lastUsedResolutionMs = 60_000;

function unauthorized(message: string, tokenProblem: boolean): ApiError {
	const challenge = tokenProblem ? 'Bearer realm="charts", error="invalid_token"' : 'Bearer realm="charts"';
	return new ApiError("unauthorized", message, undefined, { "WWW-Authenticate": challenge });
}

export interface Authenticated {
	caller: Caller;
	/** Headers the answer must carry whatever it is (a session's refreshed cookie). */
	headers: Record<string, string>;
}

export async function authenticate(request: Request, services: Services, now: number): Promise<Authenticated> {
	const header = request.headers.get("authorization");
	if (header !== null) return { caller: await authenticateKey(header, services, now), headers: {} };
	const sessionToken = readSessionCookie(request);
	if (sessionToken !== null) return authenticateSession(request, sessionToken, services, now);
	throw unauthorized(
		"Missing API key. Send the header `Authorization: Bearer <API key>` (or, from the console, sign in with POST /auth/sign-in).",
		false,
	);
}

async function authenticateKey(header: string, services: Services, now: number): Promise<KeyCaller> {
	const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
	if (!match?.[1]) {
		throw unauthorized("The Authorization header must be `Bearer <API key>`.", true);
	}
	const key = match[1];
	if (accessTokenPattern.test(key)) return authenticateAccessToken(key, services, now);
	if (!apiKeyPattern.test(key)) {
		throw unauthorized("That is not an API key of this service: keys start with `cs_` and have 43 characters.", true);
	}
	const record = await findKeyByHash(services.db, await sha256Hex(key));
	if (!record) throw unauthorized("This API key is not valid. Check it was copied whole.", true);
	if (record.revokedAt !== null) throw unauthorized("This API key has been revoked. Create a new key.", true);

	if (record.lastUsedAt === null || now - record.lastUsedAt > lastUsedResolutionMs) {
		services.waitUntil(markKeyUsed(services.db, record.keyId, now));
	}
	return {
		credential: "key",
		keyId: record.keyId,
		accountId: record.accountId,
		workspaceId: record.workspaceId,
		plan: record.plan,
		role: record.role,
		scopes: effectiveScopes(record.scopes, record.role),
	};
}

async function authenticateAccessToken(token: string, services: Services, now: number): Promise<KeyCaller> {
	if (!isMcpRequest(services)) {
		throw unauthorized(
			"This OAuth access token is for the MCP endpoint (/mcp) only; the API takes API keys (the console's Keys page).",
			true,
		);
	}
	const record = await findAccessToken(services.db, await sha256Hex(token));
	if (!record) throw unauthorized("This access token is not valid. Sign in again from the assistant.", true);
	if (record.revokedAt !== null) throw unauthorized("This assistant was disconnected. Connect it again to sign in.", true);
	if (record.accountWorkspaceId !== record.workspaceId) {
		throw unauthorized("The member who connected this assistant is no longer in the workspace.", true);
	}
	if (record.expiresAt <= now) throw unauthorized("This access token has expired. Refresh it with the refresh token.", true);
	if (record.lastUsedAt === null || now - record.lastUsedAt > lastUsedResolutionMs) {
		services.waitUntil(markGrantUsed(services.db, record.grantId, now));
	}
	return {
		credential: "key",
		keyId: record.grantId,
		grantId: record.grantId,
		accountId: record.accountId,
		workspaceId: record.workspaceId,
		plan: record.plan,
		role: record.role,
		scopes: effectiveScopes(record.scopes, record.role),
	};
}

export function requirePlan(caller: Caller): void {
	if (!planHasApiAccess(caller.plan)) {
		throw new ApiError(
			"plan_required",
			`API access needs the Professional or Business plan; this account is on ${caller.plan}. Upgrade the plan to use the API.`,
			{ plan: caller.plan },
		);
	}
}

/**
 * A key's scopes are those it was made with that its account's role holds; a session's, its
 * role's. Either way a refusal says which of the two is short, so the fix is clear.
 */
export function requireScope(caller: Caller, scope: Scope): void {
	if (caller.scopes.includes(scope)) return;
	const role = caller.role;
	if (role !== undefined && !roleScopes[role].includes(scope)) throw roleRefusal(role, scope);
	throw new ApiError("forbidden", `This API key lacks the scope ${scope}. Use a key that has it.`, {
		requiredScope: scope,
		keyScopes: caller.scopes,
	});
}

function roleRefusal(role: Role, scope: Scope): ApiError {
	const holders = (["owner", "admin", "editor", "viewer"] as const).filter((r) => roleScopes[r].includes(scope));
	return new ApiError(
		"forbidden",
		`This account is ${roleWords[role]} in its workspace, which does not allow ${scope}: ask an owner or admin for the role of ${holders
			.map((r) => roleWords[r])
			.join(" or ")}.`,
		{ requiredScope: scope, role },
	);
}

/** A console-only route's rule (src/domain/roles.ts): a write needs an editor unless every member makes it for themselves. */
export function requireSessionRouteRole(caller: SessionCaller, method: string, path: string): void {
	const least = leastRoleForSessionRoute(method, path);
	const role = caller.role ?? "viewer";
	if (roleAtLeast(role, least)) return;
	throw new ApiError(
		"forbidden",
		`This account is ${roleWords[role]} in its workspace, which cannot do this: it needs ${roleWords[least]} or more. Ask an owner or admin for another role.`,
		{ role, requiredRole: least },
	);
}

const unsafeMethods = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * A cookie is sent by the browser whoever asks it to, so a cookie-authenticated write must also
 * prove it comes from a page that could read the session's CSRF token (docs/design.md#d32). Keys need no
 * such proof: a header is only sent by code that holds the key.
 */
export function requireCsrfToken(caller: Caller, request: Request): void {
	if (caller.credential !== "session" || !unsafeMethods.has(request.method)) return;
	if (!csrfTokenMatches(caller.csrfToken, request.headers.get("x-csrf-token"))) {
		throw new ApiError(
			"csrf_failed",
			"A signed-in write must carry the header X-CSRF-Token with the session's csrfToken (from POST /auth/sign-in or GET /auth/session).",
		);
	}
}

/** Console-only routes act for a person signed in, never for a key (docs/design.md#d33). */
export function requireSession(caller: Caller): asserts caller is SessionCaller {
	if (caller.credential !== "session") {
		throw new ApiError("session_required", "This route is for the signed-in console only; API keys cannot use it.");
	}
}
