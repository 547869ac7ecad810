import { describe, expect, it } from "vitest";
import { layoutExamples } from "../../../src/domain/layout-examples";
import { call, callJson } from "../../harness/workerd/api";
import { makeAccount } from "../../harness/workerd/factories";

function pngSize(bytes: Uint8Array): { width: number; height: number } {
	const view = new DataView(bytes.buffer, bytes.byteOffset);
	return { width: view.getUint32(16), height: view.getUint32(20) };
}

describe("PNG export", () => {
	it("is a PNG of the chart's size times the scale", async () => {
		const { key } = await makeAccount();
		const created = await callJson<{ id: string }>(key, "POST", "/v1/charts", {
			body: { data: layoutExamples.line.csv, meta: { title: "Life expectancy", w: 600, h: 400 } },
		});
		for (const [query, width, height] of [
			["", 1200, 800],
			["?scale=1", 600, 400],
			["?scale=3", 1800, 1200],
			["?scale=1&w=300&h=200", 300, 200],
		] as const) {
			const res = await call(key, "GET", `/v1/charts/${created.body.id}/export/png${query}`);
			expect(res.status, query).toBe(200);
			expect(res.headers.get("Content-Type")).toBe("image/png");
			const bytes = new Uint8Array(await res.arrayBuffer());
			expect([...bytes.slice(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
			expect(pngSize(bytes)).toEqual({ width, height });
		}
	});

	it("names text no bundled font can draw instead of dropping it silently", async () => {
		const { key } = await makeAccount();
		const latin = await callJson<{ id: string }>(key, "POST", "/v1/charts", {
			body: { data: layoutExamples.line.csv, meta: { title: "Ελληνικά и кириллица" } },
		});
		const ok = await call(key, "GET", `/v1/charts/${latin.body.id}/export/png?scale=1`);
		expect(ok.headers.get("X-Render-Warnings")).toBeNull();
		const cjk = await callJson<{ id: string }>(key, "POST", "/v1/charts", {
			body: { data: layoutExamples.line.csv, meta: { title: "人口 chart" } },
		});
		const warned = await call(key, "GET", `/v1/charts/${cjk.body.id}/export/png?scale=1`);
		expect(warned.status).toBe(200);
		expect(decodeURIComponent(warned.headers.get("X-Render-Warnings") ?? "")).toBe("no bundled font draws U+4EBA, U+53E3");
	});
});
