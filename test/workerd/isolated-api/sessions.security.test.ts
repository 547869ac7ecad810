/**
 * One API, two credentials (docs/design.md#d32): the session cookie on /v1, no plan check for sessions,
 * the account's rate limit, the CSRF token on cookie writes, a bearer key judged alone, and CORS
 * that never allows credentials.
 */
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { ErrorBody } from "../../harness/workerd/api";
import { call, callJson } from "../../harness/workerd/api";
import { makeAccount } from "../../harness/workerd/factories";
import { callWithSession, signIn } from "../../harness/workerd/session";

const password = "a long enough password";

async function chartCount(workspaceId: string): Promise<number> {
	return (await env.DB.prepare("SELECT COUNT(*) AS n FROM charts WHERE workspace_id = ?").bind(workspaceId).first<number>("n")) ?? 0;
}

describe("a session on /v1", () => {
	it("lets a Free account's session list and create charts while its key still gets 403 plan_required", async () => {
		const account = await makeAccount({ plan: "free", password });
		const session = await signIn(account.email, password);
		const created = await callWithSession(session, "POST", "/v1/charts", { body: { kind: "pie", data: "name,share\nA,1\nB,2\n" } });
		expect(created.status).toBe(201);
		const list = await callWithSession(session, "GET", "/v1/charts");
		expect(list.status).toBe(200);
		expect((list.body.charts as { id: string }[]).map((c) => c.id)).toEqual([created.body.id]);
		const keyed = await callJson<ErrorBody>(account.key, "GET", "/v1/charts");
		expect(keyed.status).toBe(403);
		expect(keyed.body.error.code).toBe("plan_required");
	});

	it("holds every scope, whatever the account's keys hold", async () => {
		const account = await makeAccount({ plan: "starter", password, scopes: ["theme:read"] });
		const session = await signIn(account.email, password);
		expect((await callWithSession(session, "POST", "/v1/folders", { body: { name: "Desk" } })).status).toBe(201);
		expect((await callWithSession(session, "GET", "/v1/folders")).status).toBe(200);
	});

	it("sees its own workspace only", async () => {
		const owner = await makeAccount({ password });
		const created = await callJson<{ id: string }>(owner.key, "POST", "/v1/charts", { body: {} });
		const stranger = await makeAccount({ password });
		const session = await signIn(stranger.email, password);
		expect((await callWithSession(session, "GET", `/v1/charts/${created.body.id}`)).status).toBe(404);
	});
});

describe("CSRF on cookie writes", () => {
	it("refuses a cookie write without X-CSRF-Token with 403 csrf_failed and changes nothing", async () => {
		const account = await makeAccount({ password });
		const session = await signIn(account.email, password);
		const res = await callWithSession(session, "POST", "/v1/charts", { body: { meta: { title: "forged" } }, csrf: false });
		expect(res.status).toBe(403);
		expect(res.body.error?.code).toBe("csrf_failed");
		expect(res.body.error?.message).toContain("X-CSRF-Token");
		expect(await chartCount(account.workspaceId)).toBe(0);
	});

	it.each(["PATCH", "DELETE"])("refuses a %s with another session's token and leaves the chart as it was", async (method) => {
		const account = await makeAccount({ password });
		const session = await signIn(account.email, password);
		const other = await signIn((await makeAccount({ password })).email, password);
		const created = await callWithSession(session, "POST", "/v1/charts", { body: { meta: { title: "Original" } } });
		expect(created.status).toBe(201);
		const res = await callWithSession(session, method, `/v1/charts/${created.body.id}`, {
			body: method === "PATCH" ? { meta: { title: "Changed" } } : undefined,
			csrf: other.csrfToken,
		});
		expect(res.status).toBe(403);
		expect(res.body.error?.code).toBe("csrf_failed");
		const stored = await env.DB.prepare("SELECT name, version FROM charts WHERE id = ?").bind(created.body.id).first();
		expect(stored).toEqual({ name: "Original", version: 1 });
	});

	it("refuses a PUT of data without the token", async () => {
		const account = await makeAccount({ password });
		const session = await signIn(account.email, password);
		const created = await callWithSession(session, "POST", "/v1/charts", { body: { data: "x,y\n1,2\n" } });
		const res = await callWithSession(session, "PUT", `/v1/charts/${created.body.id}/data`, { csrf: false });
		expect(res.status).toBe(403);
		expect(res.body.error?.code).toBe("csrf_failed");
	});

	it("does not ask reads for the token, nor keys for it", async () => {
		const account = await makeAccount({ password });
		const session = await signIn(account.email, password);
		expect((await callWithSession(session, "GET", "/v1/charts", { csrf: false })).status).toBe(200);
		expect((await call(account.key, "POST", "/v1/charts", { body: {} })).status).toBe(201);
	});
});

describe("a bearer key with a cookie", () => {
	it("is judged by the key alone: a bad key is 401 even with a live session", async () => {
		const account = await makeAccount({ password });
		const session = await signIn(account.email, password);
		const res = await callJson<ErrorBody>(`cs_${"a".repeat(40)}`, "GET", "/v1/charts", { headers: { Cookie: session.cookie } });
		expect(res.status).toBe(401);
		expect(res.body.error.code).toBe("unauthorized");
	});

	it("is judged by the key alone: a Free key is 403 plan_required even with a live session", async () => {
		const account = await makeAccount({ plan: "free", password });
		const session = await signIn(account.email, password);
		const res = await callJson<ErrorBody>(account.key, "GET", "/v1/charts", { headers: { Cookie: session.cookie } });
		expect(res.status).toBe(403);
		expect(res.body.error.code).toBe("plan_required");
	});

	it("acts for the key's account, not the cookie's, and needs no CSRF token", async () => {
		const keyOwner = await makeAccount();
		const signedIn = await makeAccount({ password });
		const session = await signIn(signedIn.email, password);
		const res = await callJson<{ id: string }>(keyOwner.key, "POST", "/v1/charts", { body: {}, headers: { Cookie: session.cookie } });
		expect(res.status).toBe(201);
		expect(await chartCount(keyOwner.workspaceId)).toBe(1);
		expect(await chartCount(signedIn.workspaceId)).toBe(0);
	});
});

describe("rate limit", () => {
	it("counts a session's requests against the account's per-minute limit, shared with its keys", async () => {
		const account = await makeAccount({ plan: "free", password });
		const session = await signIn(account.email, password);
		const limiter = env.ACCOUNT_LIMITER.get(env.ACCOUNT_LIMITER.idFromName(account.accountId));
		await runInDurableObject(limiter, (_limiter, state) => {
			for (let i = 0; i < 59; i++) state.storage.sql.exec("INSERT INTO admitted (at) VALUES (?)", Date.now());
		});
		const last = await callWithSession(session, "GET", "/v1/charts");
		expect(last.status).toBe(200);
		expect(last.headers.get("RateLimit-Limit")).toBe("60");
		expect(last.headers.get("RateLimit-Remaining")).toBe("0");
		const refused = await callWithSession(session, "GET", "/v1/charts");
		expect(refused.status).toBe(429);
		expect(refused.body.error?.code).toBe("rate_limited");
		expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
		expect((await call(account.key, "GET", "/v1/charts")).status).toBe(429);
	});
});

describe("CORS", () => {
	it("never allows credentials, on answers or preflights", async () => {
		const account = await makeAccount({ password });
		const session = await signIn(account.email, password);
		const answers = [
			await callWithSession(session, "GET", "/v1/charts", { headers: { Origin: "https://evil.example" } }),
			await callWithSession(session, "GET", "/auth/session", { headers: { Origin: "https://evil.example" } }),
			await callJson(null, "OPTIONS", "/v1/charts", { headers: { Origin: "https://evil.example" } }),
			await callJson(null, "OPTIONS", "/auth/sign-in", { headers: { Origin: "https://evil.example" } }),
		];
		for (const res of answers) {
			expect(res.headers.get("Access-Control-Allow-Credentials")).toBeNull();
			expect(res.headers.get("Access-Control-Allow-Origin")).toBe("*");
		}
	});
});
