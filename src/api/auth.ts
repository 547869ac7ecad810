/**
 * `/auth/*`: signing in and out of the console (DESIGN D31). The session these routes hand out
 * also works on every `/v1` route (D32).
 */
import { clientAddress } from "../auth/client-address";
import { signIn } from "../auth/sign-in";
import { attemptLimits } from "../auth/throttle";
import { deleteOtherSessions, deleteSession } from "../db/sessions";
import { csrfTokenFor } from "../domain/session-tokens";
import { clearedSessionCookie, deviceCookie, readDeviceCookie, sessionCookie } from "../http/cookies";
import { json } from "../http/respond";
import { defineRoute } from "../http/route";
import { Session, SignedOut, SignInBody } from "./console/schemas";

const signInRoute = defineRoute({
	method: "POST",
	path: "/auth/sign-in",
	tag: "Session",
	summary: "Sign in",
	description: `Answers the session and sets the \`charts_session\` cookie (HttpOnly, SameSite=Strict, 14 days, sliding) and the \`charts_device\` cookie (HttpOnly, SameSite=Strict, Path=/auth/sign-in, a year), which marks this browser as one the account has signed in from. Failed attempts are limited within any 15 minutes, before any password is checked: ${attemptLimits.email} per email and ${attemptLimits.client} per client address (whatever the email), or, from a browser bearing a device cookie for this email, ${attemptLimits.device} for that browser instead; beyond that the answer is 429 with Retry-After. Never cached (Cache-Control: no-store).`,
	access: "public",
	body: { type: "json", schema: SignInBody },
	responses: { 200: { description: "Signed in", schema: Session } },
	errors: ["invalid_credentials", "rate_limited"],
	async handler({ request, body, services, now }) {
		const signedIn = await signIn(
			services,
			{ email: body.email, password: body.password, client: clientAddress(request), deviceToken: readDeviceCookie(request) },
			now,
		);
		const session = {
			accountId: signedIn.accountId,
			workspaceId: signedIn.workspaceId,
			plan: signedIn.plan,
			email: signedIn.email,
			csrfToken: await csrfTokenFor(signedIn.token),
		};
		const response = json(session, 200, { "Set-Cookie": sessionCookie(request, signedIn.token), "Cache-Control": "no-store" });
		response.headers.append("Set-Cookie", deviceCookie(request, signedIn.deviceToken));
		return response;
	},
});

const sessionRoute = defineRoute({
	method: "GET",
	path: "/auth/session",
	tag: "Session",
	summary: "The current session",
	description: "401 when there is no live session.",
	access: "session",
	body: { type: "none" },
	responses: { 200: { description: "The session", schema: Session } },
	errors: [],
	async handler({ caller }) {
		const { accountId, workspaceId, plan, email, csrfToken } = caller;
		return json({ accountId, workspaceId, plan, email, csrfToken }, 200, { "Cache-Control": "no-store" });
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
