/**
 * Authenticates a console session from the `charts_session` cookie (docs/design.md#d31, #d32): an unknown
 * or expired session is 401 and clears the cookie; a live one slides its expiry, written at most
 * once a minute so reads stay reads, and the cookie is re-sent with it so the browser's copy
 * slides too. An answer re-sending the cookie carries the session's token, so it says
 * `Cache-Control: no-store` unless the route chose its own caching. The session holds
 * its account's role's scopes, read afresh on every request, so a changed role applies at once.
 */

import { ApiError } from "../api-error";
import {
	csrfTokenFor,
	sessionLifetimeMs,
	sessionTokenHash,
	sessionTokenPattern,
	sessionTouchIntervalMs,
} from "../credentials/session-tokens";
import { deleteSession, findSession, touchSession } from "../db/sessions";
import type { SessionCaller } from "../domain/caller";
import { roleScopes } from "../domain/roles";
import type { Services } from "../request-services";
import { clearedSessionCookie, sessionCookie } from "./cookies";

export interface AuthenticatedSession {
	caller: SessionCaller;
	/** Headers the answer carries: the refreshed cookie, and no-store, when the expiry moved. */
	headers: Record<string, string>;
}

function sessionEnded(request: Request): ApiError {
	return new ApiError("unauthorized", "This session has ended or is not valid. Sign in again with POST /auth/sign-in.", undefined, {
		"Set-Cookie": clearedSessionCookie(request),
	});
}

export async function authenticateSession(request: Request, token: string, services: Services, now: number): Promise<AuthenticatedSession> {
	if (!sessionTokenPattern.test(token)) throw sessionEnded(request);
	const tokenHash = await sessionTokenHash(token);
	const session = await findSession(services.db, tokenHash);
	if (!session) throw sessionEnded(request);
	if (session.expiresAt <= now) {
		services.waitUntil(deleteSession(services.db, tokenHash));
		throw sessionEnded(request);
	}
	const headers: Record<string, string> = {};
	if (now - session.lastSeenAt >= sessionTouchIntervalMs) {
		services.waitUntil(touchSession(services.db, tokenHash, now, sessionLifetimeMs));
		headers["Set-Cookie"] = sessionCookie(request, token);
		headers["Cache-Control"] = "no-store";
	}
	return {
		caller: {
			credential: "session",
			sessionId: tokenHash,
			accountId: session.accountId,
			workspaceId: session.workspaceId,
			plan: session.plan,
			role: session.role,
			email: session.email,
			scopes: [...roleScopes[session.role]],
			csrfToken: await csrfTokenFor(token),
		},
		headers,
	};
}
