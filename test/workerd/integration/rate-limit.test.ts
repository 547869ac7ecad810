import { abortAllDurableObjects, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { AccountLimiter } from "../../../src/limits/account-limiter";
import type { ErrorBody } from "../../harness/workerd/api";
import { call, callJson } from "../../harness/workerd/api";
import { makeAccount, makeKey } from "../../harness/workerd/factories";
import { propertyRuns } from "../../harness/workerd/tier";

function limiterOf(name: string): DurableObjectStub<AccountLimiter> {
	return env.ACCOUNT_LIMITER.get(env.ACCOUNT_LIMITER.idFromName(name));
}

/** Records `count` admitted requests for an account, as if it had made them at `at`. */
async function useBudget(accountId: string, count: number, at = Date.now()): Promise<void> {
	await runInDurableObject(limiterOf(accountId), (_limiter, state) => {
		for (let i = 0; i < count; i++) state.storage.sql.exec("INSERT INTO admitted (at) VALUES (?)", at);
	});
}

async function statuses(requests: Promise<Response>[]): Promise<number[]> {
	return Promise.all(
		requests.map(async (request) => {
			const response = await request;
			await response.body?.cancel();
			return response.status;
		}),
	);
}

describe("per-account rate limit through the API", () => {
	it("admits exactly 60 of 70 parallel requests on a fresh Free account", async () => {
		const { key } = await makeAccount({ plan: "free" });
		const results = await statuses(Array.from({ length: 70 }, () => call(key, "GET", "/v1/charts")));
		expect(results.filter((s) => s !== 429)).toHaveLength(60);
		expect(results.filter((s) => s === 429)).toHaveLength(10);
		// Admitted Free requests are then refused by the plan check.
		expect(new Set(results.filter((s) => s !== 429))).toEqual(new Set([403]));
	});

	it("refuses all of 40 parallel requests once 60 were used", async () => {
		const { key } = await makeAccount({ plan: "free" });
		await statuses(Array.from({ length: 60 }, () => call(key, "GET", "/v1/charts")));
		const results = await statuses(Array.from({ length: 40 }, () => call(key, "GET", "/v1/charts")));
		expect(results).toEqual(Array(40).fill(429));
	});

	it("answers 429 with Retry-After and the documented body, and does no work", async () => {
		const { key, accountId, workspaceId } = await makeAccount({ plan: "business" });
		await useBudget(accountId, 600);
		const res = await callJson<ErrorBody>(key, "POST", "/v1/charts", { body: { meta: { title: "should not exist" } } });
		expect(res.status).toBe(429);
		expect(res.body.error.code).toBe("rate_limited");
		expect(res.body.error.message).toContain("600 requests");
		const retryAfter = Number(res.headers.get("Retry-After"));
		expect(retryAfter).toBeGreaterThanOrEqual(1);
		expect(retryAfter).toBeLessThanOrEqual(60);
		expect(res.headers.get("RateLimit-Limit")).toBe("600");
		expect(res.headers.get("RateLimit-Remaining")).toBe("0");
		expect(res.headers.get("RateLimit-Reset")).toBe(String(retryAfter));
		const charts = await env.DB.prepare("SELECT COUNT(*) AS n FROM charts WHERE workspace_id = ?").bind(workspaceId).first("n");
		expect(charts).toBe(0);
	});

	it("checks the rate limit before the scope: a limited wrong-scope key gets 429, not 403", async () => {
		const { key, accountId } = await makeAccount({ plan: "professional", scopes: ["theme:read"] });
		const before = await callJson<ErrorBody>(key, "GET", "/v1/charts");
		expect(before.status).toBe(403);
		await useBudget(accountId, 300);
		const after = await callJson<ErrorBody>(key, "GET", "/v1/charts");
		expect(after.status).toBe(429);
		expect(after.body.error.code).toBe("rate_limited");
	});

	it("shares one budget across all keys of an account", async () => {
		const { key, accountId } = await makeAccount({ plan: "free" });
		const second = await makeKey(accountId);
		const results = await statuses([
			...Array.from({ length: 35 }, () => call(key, "GET", "/v1/themes")),
			...Array.from({ length: 35 }, () => call(second.key, "GET", "/v1/themes")),
		]);
		expect(results.filter((s) => s !== 429)).toHaveLength(60);
	});

	it("keeps accounts apart, teammates included", async () => {
		const limited = await makeAccount({ plan: "professional" });
		const teammate = await makeAccount({ plan: "professional", workspaceId: limited.workspaceId });
		await useBudget(limited.accountId, 300);
		expect((await call(limited.key, "GET", "/v1/charts")).status).toBe(429);
		const res = await call(teammate.key, "GET", "/v1/charts");
		expect(res.status).toBe(200);
		expect(res.headers.get("RateLimit-Remaining")).toBe("299");
	});

	it("counts remaining down on every answer", async () => {
		const { key } = await makeAccount({ plan: "professional" });
		const remaining: number[] = [];
		for (let i = 0; i < 3; i++) remaining.push(Number((await call(key, "GET", "/v1/themes")).headers.get("RateLimit-Remaining")));
		expect(remaining).toEqual([299, 298, 297]);
	});
});

describe("reads run beside the limiter's call", () => {
	async function chartOf(key: string): Promise<string> {
		const res = await callJson<{ id: string }>(key, "POST", "/v1/charts", { body: { data: "name,value\nA,1\nB,2\n" } });
		expect(res.status).toBe(201);
		return res.body.id;
	}

	it("an admitted read answers the chart with the rate-limit headers", async () => {
		const { key } = await makeAccount({ plan: "business" });
		const id = await chartOf(key);
		const res = await callJson<{ id: string }>(key, "GET", `/v1/charts/${id}`);
		expect(res.status).toBe(200);
		expect(res.body.id).toBe(id);
		expect(res.headers.get("ETag")).toBe('"1"');
		expect(res.headers.get("RateLimit-Limit")).toBe("600");
		expect(Number(res.headers.get("RateLimit-Remaining"))).toBeLessThan(600);
	});

	it("a refused read answers 429 with the limiter's headers and nothing of the chart", async () => {
		const { key, accountId } = await makeAccount({ plan: "business" });
		const id = await chartOf(key);
		await useBudget(accountId, 600);
		for (const path of [`/v1/charts/${id}`, "/v1/charts", `/v1/charts/${id}/versions`, "/v1/themes", "/v1/charts/missing"]) {
			const res = await callJson<ErrorBody>(key, "GET", path);
			expect(res.status, path).toBe(429);
			expect(res.body.error.code, path).toBe("rate_limited");
			expect(res.headers.get("ETag"), path).toBeNull();
			expect(res.headers.get("RateLimit-Remaining"), path).toBe("0");
			expect(Number(res.headers.get("Retry-After")), path).toBeGreaterThanOrEqual(1);
		}
	});

	it("a refused export neither draws nor stores a file, and a cached one is not answered either", async () => {
		const { key, accountId } = await makeAccount({ plan: "business" });
		const id = await chartOf(key);
		const cached = await call(key, "GET", `/v1/charts/${id}/export/svg`);
		expect(cached.status).toBe(200);
		await cached.arrayBuffer();
		const filesBefore = (await env.BLOBS.list({ prefix: `exports/${id}/` })).objects.map((o) => o.key);
		expect(filesBefore).toHaveLength(1);
		await useBudget(accountId, 600);
		for (const path of ["svg", "svg?mode=dark", "png?scale=1", "pdf"]) {
			const res = await callJson<ErrorBody>(key, "GET", `/v1/charts/${id}/export/${path}`);
			expect(res.status, path).toBe(429);
			expect(res.body.error.code, path).toBe("rate_limited");
			expect(res.headers.get("ETag"), path).toBeNull();
		}
		const filesAfter = (await env.BLOBS.list({ prefix: `exports/${id}/` })).objects.map((o) => o.key);
		expect(filesAfter).toEqual(filesBefore);
	});

	it("a revoked key is refused on its next read", async () => {
		const { key, accountId } = await makeAccount({ plan: "business" });
		const id = await chartOf(key);
		expect((await call(key, "GET", `/v1/charts/${id}`)).status).toBe(200);
		await env.DB.prepare("UPDATE api_keys SET revoked_at = ? WHERE account_id = ?").bind(Date.now(), accountId).run();
		const res = await callJson<ErrorBody>(key, "GET", `/v1/charts/${id}`);
		expect(res.status).toBe(401);
		expect(res.body.error.message).toContain("revoked");
	});
});

describe("a key seen before starts on its remembered record, answered only once D1 confirms it", () => {
	async function chartOf(key: string): Promise<string> {
		const res = await callJson<{ id: string }>(key, "POST", "/v1/charts", { body: { data: "name,value\nA,1\nB,2\n" } });
		expect(res.status).toBe(201);
		return res.body.id;
	}

	// One account per format: a refused key is forgotten, so only its first request starts on a guess.
	for (const format of ["svg", "png?scale=1", "pdf"]) {
		it(`a key revoked since is refused, and its ${format.slice(0, 3).toUpperCase()} export miss neither draws nor stores a file`, async () => {
			const { key, accountId } = await makeAccount({ plan: "business" });
			const id = await chartOf(key);
			expect((await call(key, "GET", `/v1/charts/${id}`)).status).toBe(200);
			await env.DB.prepare("UPDATE api_keys SET revoked_at = ? WHERE account_id = ?").bind(Date.now(), accountId).run();
			const res = await callJson<ErrorBody>(key, "GET", `/v1/charts/${id}/export/${format}`);
			expect(res.status).toBe(401);
			expect(res.body.error.message).toContain("revoked");
			expect((await env.BLOBS.list({ prefix: `exports/${id}/` })).objects).toEqual([]);
		});
	}

	it("really starts on the guess: the revoked key's one request is counted against its former account, then no more", async () => {
		const { key, accountId, keyId } = await makeAccount({ plan: "business" });
		const { key: otherKey } = await makeKey(accountId);
		const id = await chartOf(key);
		expect((await call(key, "GET", `/v1/charts/${id}`)).status).toBe(200);
		await env.DB.prepare("UPDATE api_keys SET revoked_at = ? WHERE id = ?").bind(Date.now(), keyId).run();
		for (let i = 0; i < 3; i++) expect((await call(key, "GET", `/v1/charts/${id}`)).status).toBe(401);
		// Create, read, the guessed 401 and this request: 596 left. Without the guess it would be 597.
		const res = await call(otherKey, "GET", `/v1/charts/${id}`);
		expect(res.headers.get("RateLimit-Remaining")).toBe("596");
	});

	it("an account moved to the Free plan since is judged on its new plan and limit", async () => {
		const { key, accountId } = await makeAccount({ plan: "business" });
		const id = await chartOf(key);
		const before = await call(key, "GET", `/v1/charts/${id}`);
		expect(before.status).toBe(200);
		expect(before.headers.get("RateLimit-Limit")).toBe("600");
		await env.DB.prepare("UPDATE accounts SET plan = 'free' WHERE id = ?").bind(accountId).run();
		const res = await callJson<ErrorBody>(key, "GET", `/v1/charts/${id}`);
		expect(res.status).toBe(403);
		expect(res.body.error.code).toBe("plan_required");
		expect(res.headers.get("RateLimit-Limit")).toBe("60");
	});

	it("counts each request of a remembered key once", async () => {
		const { key } = await makeAccount({ plan: "business" });
		const id = await chartOf(key);
		const remaining: number[] = [];
		for (let i = 0; i < 4; i++) remaining.push(Number((await call(key, "GET", `/v1/charts/${id}`)).headers.get("RateLimit-Remaining")));
		// The create counted first (599 left).
		expect(remaining).toEqual([598, 597, 596, 595]);
	});
});

describe("AccountLimiter", () => {
	it("counts Retry-After down with the clock and admits again when the window rolls", async () => {
		const limiter = limiterOf(`clock-${crypto.randomUUID()}`);
		const t0 = 1_000_000_000;
		for (let i = 0; i < 3; i++) expect((await limiter.consume(3, t0 + i * 10_000)).allowed).toBe(true);
		// Admitted at t0, t0+10s, t0+20s; the first frees at t0+60s.
		expect(await limiter.consume(3, t0 + 20_000)).toEqual({ allowed: false, limit: 3, remaining: 0, resetSeconds: 40 });
		expect((await limiter.consume(3, t0 + 30_500)).resetSeconds).toBe(30);
		expect((await limiter.consume(3, t0 + 59_999)).resetSeconds).toBe(1);
		expect((await limiter.consume(3, t0 + 60_000)).allowed).toBe(true);
		// Now t0+10s is the oldest: 10 s until it leaves.
		expect(await limiter.consume(3, t0 + 60_000)).toEqual({ allowed: false, limit: 3, remaining: 0, resetSeconds: 10 });
	});

	it("reports remaining and reset on admitted requests", async () => {
		const limiter = limiterOf(`headers-${crypto.randomUUID()}`);
		expect(await limiter.consume(5, 1_000_000)).toEqual({ allowed: true, limit: 5, remaining: 4, resetSeconds: 60 });
		expect(await limiter.consume(5, 1_015_000)).toEqual({ allowed: true, limit: 5, remaining: 3, resetSeconds: 45 });
	});

	it("honours a lowered limit: refuses until enough requests leave the window", async () => {
		const limiter = limiterOf(`downgrade-${crypto.randomUUID()}`);
		for (let i = 0; i < 5; i++) await limiter.consume(10, 1_000_000 + i * 1000);
		// Limit now 3: three of the five must leave before one more fits; the third oldest leaves at +62 s.
		expect(await limiter.consume(3, 1_010_000)).toEqual({ allowed: false, limit: 3, remaining: 0, resetSeconds: 52 });
		expect((await limiter.consume(3, 1_062_000)).allowed).toBe(true);
	});

	it("keeps its window in durable storage across eviction, and keeps it small", async () => {
		const name = `evict-${crypto.randomUUID()}`;
		const now = Date.now();
		for (let i = 0; i < 4; i++) await limiterOf(name).consume(5, now);
		await abortAllDurableObjects();
		expect(await limiterOf(name).consume(5, now)).toMatchObject({ allowed: true, remaining: 0 });
		expect((await limiterOf(name).consume(5, now)).allowed).toBe(false);
		// Old entries are dropped: a minute later only the new request is stored.
		await limiterOf(name).consume(5, now + 61_000);
		const rows = await runInDurableObject(
			limiterOf(name),
			(_l, state) => state.storage.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM admitted").one().n,
		);
		expect(rows).toBe(1);
	});

	it("never admits more than the limit in any 60-second window, and never refuses with room (property)", async () => {
		await fc.assert(
			fc.asyncProperty(
				fc.integer({ min: 1, max: 8 }),
				fc.array(fc.integer({ min: 0, max: 20_000 }), { minLength: 1, maxLength: 60 }),
				async (limit, gaps) => {
					const limiter = limiterOf(`prop-${crypto.randomUUID()}`);
					const admitted: number[] = [];
					let now = 5_000_000;
					for (const gap of gaps) {
						now += gap;
						const inWindow = admitted.filter((t) => t > now - 60_000).length;
						const decision = await limiter.consume(limit, now);
						expect(decision.allowed).toBe(inWindow < limit);
						if (decision.allowed) admitted.push(now);
					}
					for (const t of admitted) expect(admitted.filter((u) => u > t - 60_000 && u <= t).length).toBeLessThanOrEqual(limit);
				},
			),
			propertyRuns(40, 15),
		);
	}, 120_000);
});
