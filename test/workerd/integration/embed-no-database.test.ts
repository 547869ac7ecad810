/**
 * An embed view reads no database and calls no Durable Object (docs/scale.md): the published
 * version comes from the chart's pointer in R2 and the files from R2, both through the Cache
 * API. The Worker is called with its D1 and Durable Object bindings counted, as
 * `npm run bench -- queries` counts them. A republish and an unpublish are seen by the next view
 * here (this location's cached pointer is purged); elsewhere within the pointer's TTL.
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { layoutExamples } from "../../../src/domain/layout-examples";
import { pointerKey, pointerTtlSeconds } from "../../../src/embed/published-pointer";
import worker from "../../../src/index";
import { callJson } from "../../harness/workerd/api";
import { makeAccount } from "../../harness/workerd/factories";

interface Counts {
	d1: number;
	durableObject: number;
}

/** The env with every D1 and Durable Object use counted: any method called on the bindings. */
function countedEnv(counts: Counts): Env {
	const counted = <T extends object>(target: T, kind: keyof Counts): T =>
		new Proxy(target, {
			get(object, property, receiver) {
				const value = Reflect.get(object, property, receiver);
				if (typeof value !== "function") return value;
				return (...args: unknown[]) => {
					counts[kind]++;
					return value.apply(object, args);
				};
			},
		});
	return {
		...env,
		DB: counted(env.DB, "d1"),
		ACCOUNT_LIMITER: counted(env.ACCOUNT_LIMITER, "durableObject"),
		EXPORT_GATE: counted(env.EXPORT_GATE, "durableObject"),
	};
}

async function view(url: string, headers: Record<string, string> = {}, method = "GET") {
	const counts: Counts = { d1: 0, durableObject: 0 };
	const ctx = createExecutionContext();
	const res = await worker.fetch(new Request(url, { method, headers, redirect: "manual" }), countedEnv(counts), ctx);
	const body = await res.text();
	await waitOnExecutionContext(ctx);
	return { res, body, counts };
}

async function publishedChart(key: string, title: string) {
	const created = await callJson<{ id: string }>(key, "POST", "/v1/charts", {
		body: { kind: "horizontal-bar", data: layoutExamples["horizontal-bar"].csv, meta: { title } },
	});
	expect(created.status, JSON.stringify(created.body)).toBe(201);
	const published = await callJson<{ embedUrl: string }>(key, "POST", `/v1/charts/${created.body.id}/publish`);
	expect(published.status).toBe(200);
	return { id: created.body.id, embedUrl: published.body.embedUrl };
}

describe("embed views touch no database", () => {
	it("serves the page, its files and a 304 with no D1 statement and no Durable Object call", async () => {
		const { key } = await makeAccount();
		const { embedUrl } = await publishedChart(key, "Seats by party");
		for (const file of ["", "chart.svg", "data.json", "preview.png"]) {
			const cold = await view(`${embedUrl}${file}`);
			expect(cold.res.status).toBe(200);
			expect(cold.counts).toEqual({ d1: 0, durableObject: 0 });
			const warm = await view(`${embedUrl}${file}`);
			expect(warm.res.status).toBe(200);
			expect(warm.body).toBe(cold.body);
			expect(warm.counts).toEqual({ d1: 0, durableObject: 0 });
			const etag = warm.res.headers.get("ETag") ?? "";
			const revalidated = await view(`${embedUrl}${file}`, { "If-None-Match": etag });
			expect(revalidated.res.status).toBe(304);
			expect(revalidated.counts).toEqual({ d1: 0, durableObject: 0 });
		}
		const dark = await view(`${embedUrl}?mode=dark`);
		expect(dark.body).toContain('data-mode="dark"');
		expect(dark.counts).toEqual({ d1: 0, durableObject: 0 });
		const head = await view(embedUrl, {}, "HEAD");
		expect(head.res.status).toBe(200);
		expect(head.counts).toEqual({ d1: 0, durableObject: 0 });
	});

	it("shows a republish and an unpublish on the next view", async () => {
		const { key } = await makeAccount();
		const { id, embedUrl } = await publishedChart(key, "Turnout");
		const first = await view(embedUrl);
		expect(first.body).toContain("Turnout");
		const firstEtag = first.res.headers.get("ETag");

		const renamed = await callJson(key, "PATCH", `/v1/charts/${id}`, { body: { meta: { title: "Turnout, final" } } });
		expect(renamed.status).toBe(200);
		expect((await callJson(key, "POST", `/v1/charts/${id}/publish`)).status).toBe(200);
		const second = await view(embedUrl, { "If-None-Match": firstEtag ?? "" });
		expect(second.res.status).toBe(200);
		expect(second.res.headers.get("ETag")).not.toBe(firstEtag);
		expect(second.body).toContain("Turnout, final");
		expect(second.counts).toEqual({ d1: 0, durableObject: 0 });

		expect((await callJson(key, "DELETE", `/v1/charts/${id}/publish`)).status).toBe(200);
		const gone = await view(embedUrl);
		expect(gone.res.status).toBe(404);
		const svgGone = await view(`${embedUrl}chart.svg`);
		expect(svgGone.res.status).toBe(404);
		expect(svgGone.counts).toEqual({ d1: 0, durableObject: 0 });
	});

	it("elsewhere, a location's cached pointer lives at most the stated TTL", async () => {
		const { key } = await makeAccount();
		const { id, embedUrl } = await publishedChart(key, "Seats");
		await view(embedUrl);
		const cached = await caches.default.match(`https://embed-cache.internal/${id}/published.json`);
		expect(cached?.headers.get("Cache-Control")).toBe(`max-age=${pointerTtlSeconds}`);
		expect(pointerTtlSeconds).toBeLessThanOrEqual(5);
	});

	it("a chart published before pointers gets its pointer from D1 once, then reads R2 only", async () => {
		const { key } = await makeAccount();
		const { id, embedUrl } = await publishedChart(key, "Older page");
		// As deployed before pointers: the row says published, R2 has the files but no pointer.
		await env.BLOBS.delete(pointerKey(id));
		await caches.default.delete(`https://embed-cache.internal/${id}/published.json`);
		const first = await view(embedUrl);
		expect(first.res.status).toBe(200);
		expect(first.body).toContain("Older page");
		expect(first.counts.d1).toBeGreaterThan(0);
		expect(await env.BLOBS.head(pointerKey(id))).not.toBeNull();
		await caches.default.delete(`https://embed-cache.internal/${id}/published.json`);
		const next = await view(embedUrl);
		expect(next.res.status).toBe(200);
		expect(next.counts).toEqual({ d1: 0, durableObject: 0 });
	});

	it("a later pointer is never replaced by an earlier one", async () => {
		const { key } = await makeAccount();
		const { id, embedUrl } = await publishedChart(key, "Race");
		const { writePointer } = await import("../../../src/embed/published-pointer");
		const stored = JSON.parse((await (await env.BLOBS.get(pointerKey(id)))?.text()) ?? "{}") as { chartVersion: number };
		// A redraw that read the chart before this publish, landing after it: refused.
		expect(await writePointer(env.BLOBS, id, { chartVersion: stored.chartVersion - 1, publishedVersion: null, fonts: [] })).toBe(false);
		expect((await view(embedUrl)).res.status).toBe(200);
		// An unknown chart is the reader's 404, and is not stored in R2.
		const unknown = await exports.default.fetch(new Request("http://localhost:8787/embed/ch_neverMade/"));
		expect(unknown.status).toBe(404);
		expect(await env.BLOBS.head(pointerKey("ch_neverMade"))).toBeNull();
	});
});
