/**
 * Console-only routes (docs/design.md#d33): the account, its password and its API keys, for a signed-in
 * session only, with their own OpenAPI document.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { consoleRoutes } from "../../../src/api/console/routes";
import type { ErrorBody } from "../../harness/workerd/api";
import { call, callJson } from "../../harness/workerd/api";
import { makeAccount, makeKey } from "../../harness/workerd/factories";
import { callWithSession, signIn, signInResponse } from "../../harness/workerd/session";

const password = "a long enough password";

describe("GET /console/api/account", () => {
	it("answers the account, its plan and workspace", async () => {
		const account = await makeAccount({ plan: "starter", password });
		const session = await signIn(account.email, password);
		const res = await callWithSession(session, "GET", "/console/api/account");
		expect(res.status).toBe(200);
		expect(res.body).toEqual({
			accountId: account.accountId,
			email: account.email,
			plan: "starter",
			workspace: { id: account.workspaceId, name: `Workspace ${account.workspaceId}`, kind: "personal" },
		});
	});
});

describe("session-only routes", () => {
	const paths = consoleRoutes.filter((route) => route.access === "session" && !route.path.startsWith("/auth/"));

	it("covers the account and keys routes", () => {
		expect(paths.map((route) => `${route.method} ${route.path}`)).toEqual(
			expect.arrayContaining([
				"GET /console/api/account",
				"POST /console/api/account/password",
				"GET /console/api/keys",
				"POST /console/api/keys",
				"DELETE /console/api/keys/:id",
			]),
		);
	});

	for (const route of paths) {
		it(`${route.method} ${route.path} refuses a bearer key with 403 session_required and does nothing`, async () => {
			const account = await makeAccount({ password });
			const path = route.path.replace(":id", account.keyId);
			const res = await callJson<ErrorBody>(account.key, route.method, path, {
				body:
					route.body.type === "json"
						? { name: "x", scopes: ["chart:read"], currentPassword: password, newPassword: "another password" }
						: undefined,
			});
			expect(res.status).toBe(403);
			expect(res.body.error.code).toBe("session_required");
			const keys = await env.DB.prepare("SELECT revoked_at FROM api_keys WHERE account_id = ?").bind(account.accountId).all();
			expect(keys.results).toEqual([{ revoked_at: null }]);
		});

		it(`${route.method} ${route.path} answers 401 without credentials`, async () => {
			const res = await callJson<ErrorBody>(null, route.method, route.path.replace(":id", "key_x"));
			expect(res.status).toBe(401);
		});
	}
});

describe("POST /console/api/account/password", () => {
	it("needs the current password, ends the other sessions and keeps this one", async () => {
		const account = await makeAccount({ password });
		const here = await signIn(account.email, password);
		const elsewhere = await signIn(account.email, password);
		const res = await callWithSession(here, "POST", "/console/api/account/password", {
			body: { currentPassword: password, newPassword: "a brand new password" },
		});
		expect(res.status).toBe(200);
		expect(res.body).toEqual({ changed: true });
		expect((await callWithSession(here, "GET", "/auth/session")).status).toBe(200);
		expect((await callWithSession(elsewhere, "GET", "/auth/session")).status).toBe(401);
		expect((await signInResponse(account.email, password)).status).toBe(401);
		expect((await signInResponse(account.email, "a brand new password")).status).toBe(200);
	});

	it("refuses a wrong current password with 401 invalid_credentials and keeps the old one", async () => {
		const account = await makeAccount({ password });
		const session = await signIn(account.email, password);
		const res = await callWithSession(session, "POST", "/console/api/account/password", {
			body: { currentPassword: "not the password", newPassword: "a brand new password" },
		});
		expect(res.status).toBe(401);
		expect(res.body.error?.code).toBe("invalid_credentials");
		expect((await signInResponse(account.email, password)).status).toBe(200);
	});

	it("refuses a new password under 8 characters with a 422 naming the rule", async () => {
		const account = await makeAccount({ password });
		const session = await signIn(account.email, password);
		const res = await callWithSession(session, "POST", "/console/api/account/password", {
			body: { currentPassword: password, newPassword: "short" },
		});
		expect(res.status).toBe(422);
		expect(res.body.error?.code).toBe("invalid_body");
		expect(res.body.error?.message).toBe("newPassword: must be at least 8 characters");
		expect((await signInResponse(account.email, password)).status).toBe(200);
	});

	it("refuses a new password over 1,000 characters", async () => {
		const account = await makeAccount({ password });
		const session = await signIn(account.email, password);
		const res = await callWithSession(session, "POST", "/console/api/account/password", {
			body: { currentPassword: password, newPassword: "x".repeat(1001) },
		});
		expect(res.status).toBe(422);
		expect(res.body.error?.message).toContain("at most 1000 characters");
	});
});

describe("/console/api/keys", () => {
	it("creates a key shown once, which then works on /v1 and is listed without the key", async () => {
		const account = await makeAccount({ plan: "professional", password });
		const session = await signIn(account.email, password);
		const created = await callWithSession(session, "POST", "/console/api/keys", {
			body: { name: "Newsroom script", scopes: ["chart:read", "chart:read"] },
		});
		expect(created.status).toBe(201);
		expect(created.body).toEqual({
			id: expect.stringMatching(/^key_/),
			name: "Newsroom script",
			prefix: (created.body.key as string).slice(0, 10),
			scopes: ["chart:read"],
			createdAt: expect.stringMatching(/Z$/),
			key: expect.stringMatching(/^cs_[0-9A-Za-z]{40}$/),
		});
		const key = created.body.key as string;
		expect((await call(key, "GET", "/v1/charts")).status).toBe(200);
		expect((await call(key, "POST", "/v1/charts", { body: {} })).status).toBe(403);

		const list = await callWithSession(session, "GET", "/console/api/keys");
		expect(list.status).toBe(200);
		const keys = list.body.keys as Record<string, unknown>[];
		expect(keys.map((k) => k.id)).toEqual([account.keyId, created.body.id]);
		// lastUsedAt is written after the answer (waitUntil), so it may still be null here.
		expect(keys[1]).toMatchObject({ id: created.body.id, name: "Newsroom script", prefix: key.slice(0, 10), scopes: ["chart:read"] });
		expect(keys[1]?.createdAt).toBe(created.body.createdAt);
		expect(Object.keys(keys[1] ?? {}).sort()).toEqual(["createdAt", "id", "lastUsedAt", "name", "prefix", "scopes"]);
		expect(JSON.stringify(list.body)).not.toContain(key);
	});

	it.each(["free", "starter"] as const)("refuses to create a key on the %s plan with 403 plan_required", async (plan) => {
		const account = await makeAccount({ plan, password });
		const session = await signIn(account.email, password);
		const res = await callWithSession(session, "POST", "/console/api/keys", { body: { name: "x", scopes: ["chart:read"] } });
		expect(res.status).toBe(403);
		expect(res.body.error?.code).toBe("plan_required");
		const count = await env.DB.prepare("SELECT COUNT(*) AS n FROM api_keys WHERE account_id = ?").bind(account.accountId).first("n");
		expect(count).toBe(1);
	});

	it("validates name and scopes", async () => {
		const account = await makeAccount({ password });
		const session = await signIn(account.email, password);
		const noScopes = await callWithSession(session, "POST", "/console/api/keys", { body: { name: "x", scopes: [] } });
		expect(noScopes.status).toBe(422);
		expect(noScopes.body.error?.message).toContain("scopes");
		const badScope = await callWithSession(session, "POST", "/console/api/keys", { body: { name: "x", scopes: ["everything"] } });
		expect(badScope.status).toBe(422);
	});

	it("needs the CSRF token to create or revoke", async () => {
		const account = await makeAccount({ password });
		const session = await signIn(account.email, password);
		const create = await callWithSession(session, "POST", "/console/api/keys", {
			body: { name: "x", scopes: ["chart:read"] },
			csrf: false,
		});
		const revoke = await callWithSession(session, "DELETE", `/console/api/keys/${account.keyId}`, { csrf: false });
		for (const res of [create, revoke]) {
			expect(res.status).toBe(403);
			expect(res.body.error?.code).toBe("csrf_failed");
		}
		expect((await call(account.key, "GET", "/v1/charts")).status).toBe(200);
	});

	it("revokes the account's own key, which stops working and leaves the list", async () => {
		const account = await makeAccount({ password });
		const session = await signIn(account.email, password);
		const res = await callWithSession(session, "DELETE", `/console/api/keys/${account.keyId}`);
		expect(res.status).toBe(200);
		expect(res.body).toEqual({ deleted: true });
		expect((await call(account.key, "GET", "/v1/charts")).status).toBe(401);
		expect((await callWithSession(session, "GET", "/console/api/keys")).body).toEqual({ keys: [] });
		expect((await callWithSession(session, "DELETE", `/console/api/keys/${account.keyId}`)).status).toBe(404);
	});

	it("answers 404 for another account's key, a teammate's included, and leaves it working", async () => {
		const account = await makeAccount({ password });
		const teammate = await makeAccount({ workspaceId: account.workspaceId });
		const teammateKey = await makeKey(teammate.accountId);
		const session = await signIn(account.email, password);
		for (const id of [teammate.keyId, teammateKey.keyId, "key_missing"]) {
			const res = await callWithSession(session, "DELETE", `/console/api/keys/${id}`);
			expect(res.status).toBe(404);
			expect(res.body.error?.code).toBe("not_found");
		}
		expect((await call(teammate.key, "GET", "/v1/charts")).status).toBe(200);
		const listed = (await callWithSession(session, "GET", "/console/api/keys")).body.keys as { id: string }[];
		expect(listed.map((k) => k.id)).toEqual([account.keyId]);
	});
});

describe("OpenAPI documents", () => {
	it("documents the console routes at /console/api/openapi.json and keeps them out of /v1's", async () => {
		const consoleDoc = await callJson<{ paths: Record<string, Record<string, { responses: Record<string, { description: string }> }>> }>(
			null,
			"GET",
			"/console/api/openapi.json",
		);
		expect(consoleDoc.status).toBe(200);
		for (const path of [
			"/auth/sign-in",
			"/auth/session",
			"/auth/sign-out",
			"/console/api/account",
			"/console/api/keys",
			"/console/api/keys/{id}",
		]) {
			expect(consoleDoc.body.paths, path).toHaveProperty([path]);
		}
		expect(consoleDoc.body.paths["/console/api/keys"]?.post?.responses["403"]?.description).toContain("session_required");
		expect(consoleDoc.body.paths["/console/api/keys"]?.post?.responses["403"]?.description).toContain("csrf_failed");
		expect(consoleDoc.body.paths["/auth/sign-in"]?.post?.responses["401"]?.description).toContain("invalid_credentials");
		expect(Object.keys(consoleDoc.body.paths).some((path) => path.startsWith("/v1/"))).toBe(false);

		const apiDoc = await callJson<{ paths: Record<string, unknown> }>(null, "GET", "/v1/openapi.json");
		expect(Object.keys(apiDoc.body.paths).every((path) => path.startsWith("/v1/"))).toBe(true);
	});
});
