import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { apiRoutes } from "../../../src/api/routes";
import type { Scope } from "../../../src/domain/plans";
import { allScopes } from "../../../src/domain/plans";
import type { ErrorBody } from "../../harness/workerd/api";
import { call, callJson } from "../../harness/workerd/api";
import { makeAccount } from "../../harness/workerd/factories";

describe("authentication", () => {
	it("answers 401 with WWW-Authenticate when the key is missing", async () => {
		const res = await callJson<ErrorBody>(null, "GET", "/v1/charts");
		expect(res.status).toBe(401);
		expect(res.body.error.code).toBe("unauthorized");
		expect(res.body.error.message).toContain("Authorization: Bearer");
		expect(res.headers.get("WWW-Authenticate")).toBe('Bearer realm="charts"');
	});

	it.each([
		["Basic dXNlcjpwYXNz", "must be `Bearer"],
		["Bearer", "must be `Bearer"],
		["Bearer not-a-key", "keys start with `cs_`"],
		[`Bearer cs_${"a".repeat(40)}`, "not valid"],
	])("answers 401 for Authorization: %s", async (header, message) => {
		const res = await callJson<ErrorBody>(null, "GET", "/v1/charts", { headers: { Authorization: header } });
		expect(res.status).toBe(401);
		expect(res.body.error.code).toBe("unauthorized");
		expect(res.body.error.message).toContain(message);
		expect(res.headers.get("WWW-Authenticate")).toContain("Bearer");
	});

	it("refuses a revoked key", async () => {
		const { key, keyId } = await makeAccount();
		expect((await call(key, "GET", "/v1/charts")).status).toBe(200);
		await env.DB.prepare("UPDATE api_keys SET revoked_at = ? WHERE id = ?").bind(Date.now(), keyId).run();
		const res = await callJson<ErrorBody>(key, "GET", "/v1/charts");
		expect(res.status).toBe(401);
		expect(res.body.error.message).toContain("revoked");
	});

	it("records when a key was last used", async () => {
		const { key, keyId } = await makeAccount();
		await call(key, "GET", "/v1/themes");
		// markKeyUsed runs in waitUntil; poll briefly for it.
		let lastUsed: unknown = null;
		for (let i = 0; i < 20 && lastUsed === null; i++) {
			lastUsed = await env.DB.prepare("SELECT last_used_at AS t FROM api_keys WHERE id = ?").bind(keyId).first("t");
			if (lastUsed === null) await new Promise((r) => setTimeout(r, 10));
		}
		expect(typeof lastUsed).toBe("number");
	});

	it("serves the OpenAPI document without a key", async () => {
		const res = await call(null, "GET", "/v1/openapi.json");
		expect(res.status).toBe(200);
		expect(res.headers.get("Content-Type")).toBe("application/json");
	});
});

describe("plans", () => {
	it.each(["free", "starter"] as const)("refuses the %s plan with 403 plan_required", async (plan) => {
		const { key } = await makeAccount({ plan });
		const res = await callJson<ErrorBody>(key, "GET", "/v1/charts");
		expect(res.status).toBe(403);
		expect(res.body.error.code).toBe("plan_required");
		expect(res.body.error.message).toContain("Professional or Business");
	});

	it.each(["professional", "business"] as const)("admits the %s plan", async (plan) => {
		const { key } = await makeAccount({ plan });
		expect((await call(key, "GET", "/v1/charts")).status).toBe(200);
	});
});

describe("scopes", () => {
	const keyed = apiRoutes.filter((route) => route.access !== "public" && route.access !== "key");

	it("every keyed route states a scope", () => {
		expect(keyed.length).toBeGreaterThanOrEqual(14);
	});

	for (const route of keyed) {
		const scope = route.access as Scope;
		it(`${route.method} ${route.path} needs ${scope}`, async () => {
			const { key } = await makeAccount({ scopes: allScopes.filter((s) => s !== scope) });
			const path = route.path.replace(":id", "ch_missing").replace(":n", "1");
			const res = await callJson<ErrorBody>(key, route.method, path, { body: route.body.type === "json" ? {} : undefined });
			expect(res.status).toBe(403);
			expect(res.body.error.code).toBe("forbidden");
			expect(res.body.error.message).toContain(scope);
		});
	}

	it("GET /v1/charts/{id} needs chart:read, not chart:write", async () => {
		const writer = await makeAccount({ scopes: ["chart:write"] });
		const created = await callJson<{ id: string }>(writer.key, "POST", "/v1/charts", { body: {} });
		const res = await callJson<ErrorBody>(writer.key, "GET", `/v1/charts/${created.body.id}`);
		expect(res.status).toBe(403);
		expect(res.body.error.message).toContain("chart:read");
	});
});

describe("responses", () => {
	it("carries rate-limit headers and a request id on keyed answers, errors included", async () => {
		const { key } = await makeAccount({ plan: "professional" });
		for (const res of [await call(key, "GET", "/v1/charts"), await call(key, "GET", "/v1/charts/ch_nope")]) {
			expect(res.headers.get("RateLimit-Limit")).toBe("300");
			expect(Number(res.headers.get("RateLimit-Remaining"))).toBeLessThan(300);
			expect(Number(res.headers.get("RateLimit-Reset"))).toBeGreaterThanOrEqual(1);
			expect(res.headers.get("X-Request-Id")).toBeTruthy();
		}
	});

	it("answers unknown routes with 404 and wrong methods with 405 and Allow", async () => {
		const { key } = await makeAccount();
		const missing = await callJson<ErrorBody>(key, "GET", "/v1/nothing-here");
		expect(missing.status).toBe(404);
		expect(missing.body.error.code).toBe("not_found");
		const wrong = await callJson<ErrorBody>(key, "PUT", "/v1/folders");
		expect(wrong.status).toBe(405);
		expect(wrong.body.error.code).toBe("method_not_allowed");
		expect(wrong.headers.get("Allow")).toBe("GET, HEAD, POST");
	});

	it("answers CORS preflight", async () => {
		const res = await call(null, "OPTIONS", "/v1/charts");
		expect(res.status).toBe(204);
		expect(res.headers.get("Access-Control-Allow-Origin")).toBe("*");
		expect(res.headers.get("Access-Control-Allow-Headers")).toContain("Authorization");
		expect(res.headers.get("Access-Control-Allow-Methods")).toContain("POST");
	});
});
