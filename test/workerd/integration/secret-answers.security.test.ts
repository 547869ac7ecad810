/**
 * Answers that carry a secret are never cached: the new API key, the session
 * and its CSRF token, and any answer that (re)sets a session or device cookie.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { sessionTokenHash } from "../../../src/credentials/session-tokens";
import { makeAccount } from "../../harness/workerd/factories";
import { callWithSession, signIn, signInResponse } from "../../harness/workerd/session";

const password = "a long enough password";

describe("Cache-Control: no-store", () => {
	it("on the answer carrying a new key, and on the key list", async () => {
		const account = await makeAccount({ plan: "professional", password });
		const session = await signIn(account.email, password);
		const created = await callWithSession(session, "POST", "/console/api/keys", { body: { name: "CI", scopes: ["chart:read"] } });
		expect(created.status).toBe(201);
		expect(created.body.key).toEqual(expect.any(String));
		expect(created.headers.get("Cache-Control")).toBe("no-store");
		const listed = await callWithSession(session, "GET", "/console/api/keys");
		expect(listed.status).toBe(200);
		expect(listed.headers.get("Cache-Control")).toBe("no-store");
	});

	it("on sign-in, the session, sign-out and sign-out everywhere", async () => {
		const account = await makeAccount({ password });
		const signedIn = await signInResponse(account.email, password);
		expect(signedIn.status).toBe(200);
		expect(signedIn.headers.get("Cache-Control")).toBe("no-store");
		const session = await signIn(account.email, password);
		const current = await callWithSession(session, "GET", "/auth/session");
		expect(current.headers.get("Cache-Control")).toBe("no-store");
		expect((await callWithSession(session, "POST", "/auth/sign-out")).headers.get("Cache-Control")).toBe("no-store");
		const again = await signIn(account.email, password);
		expect((await callWithSession(again, "POST", "/auth/sign-out-everywhere")).headers.get("Cache-Control")).toBe("no-store");
	});

	it("on any answer that re-sends the session cookie", async () => {
		const session = await sessionDueForRefresh();
		const res = await callWithSession(session, "GET", "/v1/folders");
		expect(res.status).toBe(200);
		expect(res.headers.get("Set-Cookie")).toContain(session.cookie);
		expect(res.headers.get("Cache-Control")).toBe("no-store");
	});

	it("or keeps a route's own caching, which is private: no shared cache stores a re-sent cookie", async () => {
		const session = await sessionDueForRefresh();
		// The chart list answers a weak ETag for polls (304 while nothing changed), revalidated every time.
		const res = await callWithSession(session, "GET", "/v1/charts");
		expect(res.status).toBe(200);
		expect(res.headers.get("Set-Cookie")).toContain(session.cookie);
		expect(res.headers.get("Cache-Control")).toBe("private, no-cache");
	});
});

/** A signed-in session last seen two minutes ago, so its next answer re-sends the cookie. */
async function sessionDueForRefresh() {
	const account = await makeAccount({ password });
	const session = await signIn(account.email, password);
	const hash = await sessionTokenHash(session.cookie.split("=")[1] ?? "");
	await env.DB.prepare("UPDATE sessions SET last_seen_at = ? WHERE token_hash = ?")
		.bind(Date.now() - 2 * 60 * 1000, hash)
		.run();
	return session;
}
