/**
 * `GET /v1/health`: answers without a key and without storage, so the benchmark can use it as
 * the floor under every other route's fixed cost.
 */
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { apiRoutes } from "../../../src/api/routes";
import { buildApi } from "../../../src/http/router";
import type { Services } from "../../../src/request-services";
import { buildServices } from "../../../src/request-services";
import { base, callJson } from "../../harness/workerd/api";

/** Every storage and Durable Object binding replaced by one that fails if touched. */
function servicesWithoutStorage(): Services {
	const touched = (): never => {
		throw new Error("the health route touched storage");
	};
	const refuse = new Proxy({}, { get: touched });
	return {
		...buildServices(env, createExecutionContext()),
		db: refuse as Services["db"],
		d1: refuse as Services["d1"],
		blobs: refuse as Services["blobs"],
		limiter: { consume: touched },
		exportSlots: refuse as Services["exportSlots"],
	};
}

describe("GET /v1/health", () => {
	it("answers 200 { ok: true } without a key", async () => {
		const res = await callJson<{ ok: boolean }>(null, "GET", "/v1/health");
		expect(res.status).toBe(200);
		expect(res.body).toEqual({ ok: true });
		expect(res.headers.get("Cache-Control")).toBe("no-store");
	});

	it("touches no storage, limiter or export gate", async () => {
		const api = buildApi(apiRoutes);
		const response = await api(new Request(`${base}/v1/health`), servicesWithoutStorage(), "req-health");
		expect(response.status).toBe(200);
		expect(await response.json()).toEqual({ ok: true });
	});

	it("refuses other methods with 405", async () => {
		const res = await callJson(null, "POST", "/v1/health");
		expect(res.status).toBe(405);
	});
});
