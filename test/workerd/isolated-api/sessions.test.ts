/**
 * Signing in and sessions (docs/design.md#d30, #d31): the cookie, the body, sign-out, expiry and its
 * sliding, case-insensitive emails, one answer for a wrong email or password, and throttling.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { sessionTokenHash } from "../../../src/credentials/session-tokens";
import type { ErrorBody } from "../../harness/workerd/api";
import { callJson } from "../../harness/workerd/api";
import { makeAccount } from "../../harness/workerd/factories";
import { callWithSession, signIn, signInResponse } from "../../harness/workerd/session";

const password = "a long enough password";
const day = 24 * 60 * 60 * 1000;

async function sessionRow(cookie: string) {
	const hash = await sessionTokenHash(cookie.split("=")[1] ?? "");
	return env.DB.prepare("SELECT expires_at, last_seen_at FROM sessions WHERE token_hash = ?")
		.bind(hash)
		.first<{ expires_at: number; last_seen_at: number }>();
}

async function setSessionTimes(cookie: string, times: { expiresAt: number; lastSeenAt: number }) {
	const hash = await sessionTokenHash(cookie.split("=")[1] ?? "");
	await env.DB.prepare("UPDATE sessions SET expires_at = ?, last_seen_at = ? WHERE token_hash = ?")
		.bind(times.expiresAt, times.lastSeenAt, hash)
		.run();
}

/** waitUntil work lands shortly after the answer; poll for it. */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
	let value = await read();
	for (let i = 0; i < 50 && !done(value); i++) {
		await new Promise((resolve) => setTimeout(resolve, 10));
		value = await read();
	}
	return value;
}

describe("POST /auth/sign-in", () => {
	it("answers the session and sets an HttpOnly, SameSite=Strict, 14-day cookie", async () => {
		const account = await makeAccount({ plan: "free", password });
		const res = await signInResponse(account.email, password);
		expect(res.status).toBe(200);
		const body = await res.json<Record<string, unknown>>();
		expect(body).toEqual({
			accountId: account.accountId,
			workspaceId: account.workspaceId,
			workspaceName: `Workspace ${account.workspaceId}`,
			// An account made without a role is an editor (migration 0012's default).
			role: "editor",
			plan: "free",
			email: account.email,
			csrfToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
		});
		const cookie = res.headers.get("Set-Cookie") ?? "";
		expect(cookie).toMatch(/^charts_session=[A-Za-z0-9_-]{43}; /);
		expect(cookie).toContain("HttpOnly");
		expect(cookie).toContain("SameSite=Strict");
		expect(cookie).toContain("Path=/");
		expect(cookie).toContain(`Max-Age=${14 * 24 * 60 * 60}`);
		// Plain-http localhost: a Secure cookie would be dropped by the browser.
		expect(cookie).not.toContain("Secure");
		expect(res.headers.get("Access-Control-Allow-Credentials")).toBeNull();
	});

	it("marks the cookie Secure anywhere but plain-http localhost", async () => {
		const account = await makeAccount({ password });
		for (const url of ["https://charts.example.com", "http://charts.example.com", "https://localhost:8787"]) {
			const res = await signInResponse(account.email, password, url);
			expect(res.status).toBe(200);
			expect(res.headers.get("Set-Cookie")).toContain("; Secure");
		}
		const local = await signInResponse(account.email, password, "http://127.0.0.1:8787");
		expect(local.headers.get("Set-Cookie")).not.toContain("Secure");
	});

	it("stores only the token's SHA-256", async () => {
		const account = await makeAccount({ password });
		const session = await signIn(account.email, password);
		const token = session.cookie.split("=")[1] ?? "";
		const rows = await env.DB.prepare("SELECT token_hash FROM sessions WHERE account_id = ?")
			.bind(account.accountId)
			.all<{ token_hash: string }>();
		expect(rows.results.map((r) => r.token_hash)).toEqual([await sessionTokenHash(token)]);
		expect(JSON.stringify(rows.results)).not.toContain(token);
	});

	it("finds the account whatever the email's case", async () => {
		const account = await makeAccount({ password, email: `Mixed.Case.${crypto.randomUUID()}@Example.TEST` });
		const res = await signInResponse(`  ${account.email.toUpperCase()} `, password);
		expect(res.status).toBe(200);
		expect((await res.json<{ email: string }>()).email).toBe(account.email);
	});

	it("refuses a second account with the same email in another case", async () => {
		const email = `unique.${crypto.randomUUID()}@example.test`;
		await makeAccount({ password, email });
		await expect(makeAccount({ password, email: email.toUpperCase() })).rejects.toThrow(/UNIQUE/);
	});

	it("answers a wrong password and an unknown email alike: 401 invalid_credentials", async () => {
		const account = await makeAccount({ password });
		const wrongPassword = await callJson<ErrorBody>(null, "POST", "/auth/sign-in", {
			body: { email: account.email, password: "not it at all" },
		});
		const unknownEmail = await callJson<ErrorBody>(null, "POST", "/auth/sign-in", {
			body: { email: `nobody.${crypto.randomUUID()}@example.test`, password },
		});
		for (const res of [wrongPassword, unknownEmail]) {
			expect(res.status).toBe(401);
			expect(res.body.error.code).toBe("invalid_credentials");
			expect(res.headers.get("Set-Cookie")).toBeNull();
		}
		expect(unknownEmail.body.error.message).toBe(wrongPassword.body.error.message);
	});

	it("refuses an account without a password, even with an empty one", async () => {
		const keyOnly = await makeAccount();
		const res = await callJson<ErrorBody>(null, "POST", "/auth/sign-in", { body: { email: "", password: "" } });
		expect(res.status).toBe(401);
		expect(keyOnly.email).toBe("");
	});

	it("validates the body", async () => {
		const res = await callJson<ErrorBody>(null, "POST", "/auth/sign-in", { body: { email: "someone@example.test" } });
		expect(res.status).toBe(422);
		expect(res.body.error.code).toBe("invalid_body");
		expect(res.body.error.message).toContain("password");
	});
});

describe("sign-in throttling", () => {
	it("refuses the 11th attempt within 15 minutes with 429 and Retry-After, even with the right password", async () => {
		const account = await makeAccount({ password });
		for (let i = 0; i < 10; i++) {
			const res = await callJson<ErrorBody>(null, "POST", "/auth/sign-in", { body: { email: account.email, password: `wrong ${i}` } });
			expect(res.status).toBe(401);
		}
		const refused = await callJson<ErrorBody>(null, "POST", "/auth/sign-in", { body: { email: account.email.toUpperCase(), password } });
		expect(refused.status).toBe(429);
		expect(refused.body.error.code).toBe("rate_limited");
		const retryAfter = Number(refused.headers.get("Retry-After"));
		expect(retryAfter).toBeGreaterThan(14 * 60);
		expect(retryAfter).toBeLessThanOrEqual(15 * 60);
		expect(refused.headers.get("Set-Cookie")).toBeNull();
	});

	it("counts only the last 15 minutes, and per email", async () => {
		const account = await makeAccount({ password });
		const other = await makeAccount({ password });
		const longAgo = Date.now() - 16 * 60 * 1000;
		for (let i = 0; i < 20; i++) {
			await env.DB.prepare("INSERT INTO sign_in_attempts (bucket, at) VALUES (?, ?)").bind(`email:${account.email}`, longAgo).run();
		}
		for (let i = 0; i < 10; i++) {
			await env.DB.prepare("INSERT INTO sign_in_attempts (bucket, at) VALUES (?, ?)").bind(`email:${other.email}`, Date.now()).run();
		}
		expect((await signInResponse(account.email, password)).status).toBe(200);
		expect((await signInResponse(other.email, password)).status).toBe(429);
	});

	it("forgets the failures after a successful sign-in", async () => {
		const account = await makeAccount({ password });
		for (let i = 0; i < 9; i++) await signInResponse(account.email, "wrong password");
		expect((await signInResponse(account.email, password)).status).toBe(200);
		const left = await eventually(
			() => env.DB.prepare("SELECT COUNT(*) AS n FROM sign_in_attempts WHERE bucket = ?").bind(`email:${account.email}`).first<number>("n"),
			(n) => n === 0,
		);
		expect(left).toBe(0);
	});
});

describe("GET /auth/session and POST /auth/sign-out", () => {
	it("answers the same body as sign-in", async () => {
		const account = await makeAccount({ plan: "professional", password });
		const session = await signIn(account.email, password);
		const res = await callWithSession(session, "GET", "/auth/session");
		expect(res.status).toBe(200);
		expect(res.body).toEqual({
			accountId: account.accountId,
			workspaceId: account.workspaceId,
			workspaceName: `Workspace ${account.workspaceId}`,
			role: "editor",
			plan: "professional",
			email: account.email,
			csrfToken: session.csrfToken,
		});
	});

	it("answers 401 without a session or with an unknown one", async () => {
		expect((await callJson<ErrorBody>(null, "GET", "/auth/session")).status).toBe(401);
		const res = await callJson<ErrorBody>(null, "GET", "/auth/session", { headers: { Cookie: `charts_session=${"A".repeat(43)}` } });
		expect(res.status).toBe(401);
		expect(res.body.error.code).toBe("unauthorized");
		expect(res.headers.get("Set-Cookie")).toContain("Max-Age=0");
	});

	it("sign-out ends the session, clears the cookie and makes the old cookie useless", async () => {
		const account = await makeAccount({ password });
		const session = await signIn(account.email, password);
		const out = await callWithSession(session, "POST", "/auth/sign-out");
		expect(out.status).toBe(200);
		expect(out.body).toEqual({ signedOut: true });
		expect(out.headers.get("Set-Cookie")).toMatch(/^charts_session=; Max-Age=0; /);
		expect(await sessionRow(session.cookie)).toBeNull();
		expect((await callWithSession(session, "GET", "/auth/session")).status).toBe(401);
		expect((await callWithSession(session, "GET", "/v1/charts")).status).toBe(401);
	});

	it("sign-out needs the CSRF token like every cookie write", async () => {
		const account = await makeAccount({ password });
		const session = await signIn(account.email, password);
		const res = await callWithSession(session, "POST", "/auth/sign-out", { csrf: false });
		expect(res.status).toBe(403);
		expect(res.body.error?.code).toBe("csrf_failed");
		expect(await sessionRow(session.cookie)).not.toBeNull();
	});
});

describe("POST /auth/sign-out-everywhere", () => {
	it("ends every session of the account, this one included, and no other account's", async () => {
		const account = await makeAccount({ password });
		const here = await signIn(account.email, password);
		const laptop = await signIn(account.email, password);
		const other = await makeAccount({ password });
		const otherSession = await signIn(other.email, password);
		const out = await callWithSession(here, "POST", "/auth/sign-out-everywhere");
		expect(out.status).toBe(200);
		expect(out.body).toEqual({ signedOut: true });
		expect(out.headers.get("Set-Cookie")).toMatch(/^charts_session=; Max-Age=0; /);
		expect(await sessionRow(here.cookie)).toBeNull();
		expect(await sessionRow(laptop.cookie)).toBeNull();
		expect((await callWithSession(laptop, "GET", "/v1/charts")).status).toBe(401);
		expect((await callWithSession(otherSession, "GET", "/auth/session")).status).toBe(200);
	});

	it("needs the CSRF token and a session, not a key", async () => {
		const account = await makeAccount({ password });
		const session = await signIn(account.email, password);
		const noToken = await callWithSession(session, "POST", "/auth/sign-out-everywhere", { csrf: false });
		expect(noToken.status).toBe(403);
		expect(noToken.body.error?.code).toBe("csrf_failed");
		expect(await sessionRow(session.cookie)).not.toBeNull();
		const withKey = await callJson<ErrorBody>(account.key, "POST", "/auth/sign-out-everywhere");
		expect(withKey.status).toBe(403);
		expect(withKey.body.error.code).toBe("session_required");
		expect(await sessionRow(session.cookie)).not.toBeNull();
	});
});

describe("expiry", () => {
	it("refuses an expired session and deletes it", async () => {
		const account = await makeAccount({ password });
		const session = await signIn(account.email, password);
		await setSessionTimes(session.cookie, { expiresAt: Date.now() - 1, lastSeenAt: Date.now() - 14 * day });
		const res = await callWithSession(session, "GET", "/v1/charts");
		expect(res.status).toBe(401);
		expect(res.body.error?.message).toContain("Sign in again");
		expect(
			await eventually(
				() => sessionRow(session.cookie),
				(row) => row === null,
			),
		).toBeNull();
	});

	it("slides the expiry to 14 days from the last use, and re-sends the cookie", async () => {
		const account = await makeAccount({ password });
		const session = await signIn(account.email, password);
		const soon = Date.now() + 60 * 60 * 1000;
		await setSessionTimes(session.cookie, { expiresAt: soon, lastSeenAt: Date.now() - 2 * 60 * 1000 });
		const res = await callWithSession(session, "GET", "/v1/charts");
		expect(res.status).toBe(200);
		expect(res.headers.get("Set-Cookie")).toContain(session.cookie);
		const row = await eventually(
			() => sessionRow(session.cookie),
			(r) => (r?.expires_at ?? 0) > soon,
		);
		expect(row?.expires_at).toBeGreaterThan(Date.now() + 14 * day - 60_000);
	});

	it("writes nothing when the session was used within the last minute", async () => {
		const account = await makeAccount({ password });
		const session = await signIn(account.email, password);
		const times = { expiresAt: Date.now() + 60 * 60 * 1000, lastSeenAt: Date.now() - 1000 };
		await setSessionTimes(session.cookie, times);
		const res = await callWithSession(session, "GET", "/v1/charts");
		expect(res.status).toBe(200);
		expect(res.headers.get("Set-Cookie")).toBeNull();
		await new Promise((resolve) => setTimeout(resolve, 100));
		expect(await sessionRow(session.cookie)).toEqual({ expires_at: times.expiresAt, last_seen_at: times.lastSeenAt });
	});

	it("purges expired sessions when someone signs in", async () => {
		const stale = await makeAccount({ password });
		const staleSession = await signIn(stale.email, password);
		await setSessionTimes(staleSession.cookie, { expiresAt: Date.now() - day, lastSeenAt: Date.now() - 15 * day });
		const other = await makeAccount({ password });
		await signIn(other.email, password);
		expect(
			await eventually(
				() => sessionRow(staleSession.cookie),
				(row) => row === null,
			),
		).toBeNull();
	});
});
