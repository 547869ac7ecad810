/**
 * `/auth/*`: signing in and out of the console (docs/design.md#d31). The session these routes hand out
 * also works on every `/v1` route (D32).
 */
import { ApiError } from "../api-error";
import { clientAddress } from "../auth/client-address";
import { signIn } from "../auth/sign-in";
import { attemptLimits } from "../auth/throttle";
import { csrfTokenFor } from "../credentials/session-tokens";
import { sessionFacts } from "../db/accounts";
import { deleteOtherSessions, deleteSession } from "../db/sessions";
import { clearedSessionCookie, deviceCookie, readDeviceCookie, sessionCookie } from "../http/cookies";
import { json } from "../http/respond";
import { defineRoute } from "../http/route";
import type { Services } from "../request-services";
import { SignedOut, SignInBody } from "./console/schemas";
import { SessionWithRole } from "./team-schemas";

const signInRoute = defineRoute({
	method: "POST",
	path: "/auth/sign-in",
	tag: "Session",
	summary: "Sign in",
	description: `Answers the session and sets the \`charts_session\` cookie (HttpOnly, SameSite=Strict, 14 days, sliding) and the \`charts_device\` cookie (HttpOnly, SameSite=Strict, Path=/auth/sign-in, a year), which marks this browser as one the account has signed in from. Failed attempts are limited within any 15 minutes, before any password is checked: ${attemptLimits.email} per email and ${attemptLimits.client} per client address (whatever the email), or, from a browser bearing a device cookie for this email, ${attemptLimits.device} for that browser instead; beyond that the answer is 429 with Retry-After. Never cached (Cache-Control: no-store).`,
	access: "public",
	body: { type: "json", schema: SignInBody },
	responses: { 200: { description: "Signed in", schema: SessionWithRole } },
	errors: ["invalid_credentials", "rate_limited", "not_found"],
	async handler({ request, body, services, now }) {
		const signedIn = await signIn(
			services,
			{ email: body.email, password: body.password, client: clientAddress(request), deviceToken: readDeviceCookie(request) },
			now,
		);
		return signedInAnswer(request, services, signedIn.accountId, signedIn, 200);
	},
});

/**
 * The answer of every way in (a sign-in, an accepted invitation, a sign-up): the session, with the
 * account's role and workspace, and the session and device cookies.
 */
export async function signedInAnswer(
	request: Request,
	services: Services,
	accountId: string,
	started: { token: string; deviceToken: string },
	status: 200 | 201,
): Promise<Response> {
	const facts = await sessionFacts(services.db, accountId);
	if (!facts) throw new ApiError("not_found", "This account no longer exists.");
	const session = { ...facts, csrfToken: await csrfTokenFor(started.token) };
	const response = json(session, status, { "Set-Cookie": sessionCookie(request, started.token), "Cache-Control": "no-store" });
	response.headers.append("Set-Cookie", deviceCookie(request, started.deviceToken));
	return response;
}

const sessionRoute = defineRoute({
	method: "GET",
	path: "/auth/session",
	tag: "Session",
	summary: "The current session",
	description: "The session, with the account's role in its workspace and the workspace's name. 401 when there is no live session.",
	access: "session",
	body: { type: "none" },
	responses: { 200: { description: "The session", schema: SessionWithRole } },
	errors: ["not_found"],
	async handler({ caller, services }) {
		const facts = await sessionFacts(services.db, caller.accountId);
		if (!facts) throw new ApiError("not_found", "This account no longer exists.");
		return json({ ...facts, csrfToken: caller.csrfToken }, 200, { "Cache-Control": "no-store" });
	},
});

const signOutRoute = defineRoute({
	method: "POST",
	path: "/auth/sign-out",
	tag: "Session",
	summary: "Sign out",
	description: "Ends the session and clears the cookie.",
	access: "session",
	body: { type: "none" },
	responses: { 200: { description: "Signed out", schema: SignedOut } },
	errors: [],
	async handler({ request, caller, services }) {
		await deleteSession(services.db, caller.sessionId);
		return json({ signedOut: true }, 200, { "Set-Cookie": clearedSessionCookie(request), "Cache-Control": "no-store" });
	},
});

const signOutEverywhereRoute = defineRoute({
	method: "POST",
	path: "/auth/sign-out-everywhere",
	tag: "Session",
	summary: "Sign out on every device",
	description: "Ends every session of the account, this one included (a laptop left signed in, a lost phone), and clears the cookie.",
	access: "session",
	body: { type: "none" },
	responses: { 200: { description: "Signed out everywhere", schema: SignedOut } },
	errors: [],
	async handler({ request, caller, services }) {
		await deleteOtherSessions(services.db, caller.accountId, caller.sessionId);
		await deleteSession(services.db, caller.sessionId);
		return json({ signedOut: true }, 200, { "Set-Cookie": clearedSessionCookie(request), "Cache-Control": "no-store" });
	},
});

export const authRoutes = [signInRoute, sessionRoute, signOutRoute, signOutEverywhereRoute];
