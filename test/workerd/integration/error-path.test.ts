/**
 * docs/design.md#d28: failures of the limiter, the config and the embed host go through the one error
 * path — a documented body with a request id — never workerd's bare 500.
 */
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { apiRoutes } from "../../../src/api/routes";
import { serveEmbed } from "../../../src/embed/serve";
import { buildApi } from "../../../src/http/router";
import worker from "../../../src/index";
import type { Services } from "../../../src/request-services";
import { buildServices } from "../../../src/request-services";
import type { ErrorBody } from "../../harness/workerd/api";
import { base } from "../../harness/workerd/api";
import { makeAccount } from "../../harness/workerd/factories";

function services(overrides: Partial<Services> = {}): Services {
	return { ...buildServices(env, createExecutionContext()), ...overrides };
}

const outage = () => Promise.reject(new Error("Durable Object is overloaded"));

describe("the rate limiter fails", () => {
	it("fails closed: 503 service_unavailable with Retry-After and the request id, and the handler never runs", async () => {
		const { key, workspaceId } = await makeAccount();
		const api = buildApi(apiRoutes);
		const request = new Request(`${base}/v1/charts`, {
			method: "POST",
			headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
			body: JSON.stringify({ meta: { title: "Never" } }),
		});
		const response = await api(request, services({ limiter: { consume: outage } }), "req-limiter-down");
		expect(response.status).toBe(503);
		expect(response.headers.get("Retry-After")).toBe("5");
		expect(response.headers.get("X-Request-Id")).toBe("req-limiter-down");
		const body = (await response.json()) as ErrorBody;
		expect(body.error.code).toBe("service_unavailable");
		expect(body.error.message).toContain("req-limiter-down");
		const charts = await env.DB.prepare("SELECT COUNT(*) AS n FROM charts WHERE workspace_id = ?").bind(workspaceId).first<number>("n");
		expect(charts).toBe(0);
	});
});

describe("the config is broken", () => {
	it("answers a JSON 500 internal_error with the request id, on every host", async () => {
		const broken = { ...env, EMBED_BASE: "not a url" } as unknown as Env;
		for (const path of ["/v1/charts", "/embed/ch_x/"]) {
			const response = await worker.fetch(
				new Request(`${base}${path}`, { headers: { "cf-ray": "ray-config" } }),
				broken,
				createExecutionContext(),
			);
			expect(response.status, path).toBe(500);
			expect(response.headers.get("X-Request-Id")).toBe("ray-config");
			const body = (await response.json()) as ErrorBody;
			expect(body.error.code).toBe("internal_error");
			expect(body.error.message).toContain("ray-config");
		}
	});
});

describe("the embed host fails", () => {
	it("answers its own HTML 500 page with the request id and the security headers when R2 or D1 throws", async () => {
		const failingBlobs = { get: outage, head: outage, list: outage } as unknown as R2Bucket;
		const failingD1 = {
			prepare: () => {
				throw new Error("D1 is unavailable");
			},
		} as unknown as D1Database;
		for (const overrides of [{ blobs: failingBlobs, d1: failingD1 }, { d1: failingD1 }]) {
			const request = new Request(`${base}/embed/ch_x/data.json`);
			const response = await serveEmbed(request, "/ch_x/data.json", services(overrides), "req-embed-down");
			expect(response.status).toBe(500);
			expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
			expect(response.headers.get("X-Request-Id")).toBe("req-embed-down");
			expect(response.headers.get("Content-Security-Policy")).toContain("default-src 'none'");
			expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
			expect(await response.text()).toContain("Request id req-embed-down");
		}
	});

	it("a published chart whose snapshot cannot be read is a 500 page too, not a bare error", async () => {
		const { key } = await makeAccount();
		const created = await worker.fetch(
			new Request(`${base}/v1/charts`, {
				method: "POST",
				headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
				body: JSON.stringify({ data: "x,y\na,1\nb,2\n" }),
			}),
			env,
			createExecutionContext(),
		);
		const { id } = (await created.json()) as { id: string };
		await env.DB.prepare("UPDATE charts SET published_version = 1 WHERE id = ?").bind(id).run();
		const blobs = { get: outage } as unknown as R2Bucket;
		const response = await serveEmbed(new Request(`${base}/embed/${id}/`), `/${id}/`, services({ blobs }), "req-r2-down");
		expect(response.status).toBe(500);
		expect(await response.text()).toContain("req-r2-down");
	});
});
