/**
 * Datasets kept per isolate for missed exports: every kind draws from a kept (frozen) dataset
 * as it does from a fresh one, and new data is drawn, never the kept old one.
 */
import { describe, expect, it } from "vitest";
import { chartKinds } from "../../../src/domain/kinds";
import { layoutExamples } from "../../../src/domain/layout-examples";
import { call, callJson } from "../../harness/workerd/api";
import { makeAccount } from "../../harness/workerd/factories";

async function svgOf(key: string, id: string): Promise<{ status: number; text: string }> {
	const res = await call(key, "GET", `/v1/charts/${id}/export/svg`);
	return { status: res.status, text: await res.text() };
}

/** zrender numbers its ids and style classes per chart instance (`zr3-c0`, `zr3-cls-1`); the drawing is what is compared. */
function comparable(svg: string): string {
	return svg.replace(/zr\d+-cls-\d+/g, "zr-cls").replace(/zr\d+-/g, "zr-");
}

describe("exports drawn from a kept dataset", () => {
	it("every kind draws the same from a kept dataset as from R2", async () => {
		const { key } = await makeAccount({ plan: "business" });
		const chartOf = async (kind: string) => {
			const created = await callJson<{ id: string }>(key, "POST", "/v1/charts", {
				body: { kind, data: layoutExamples[kind as keyof typeof layoutExamples].csv, meta: { title: "Same" } },
			});
			expect(created.status, kind).toBe(201);
			return created.body.id;
		};
		for (const kind of chartKinds) {
			// Two charts of the same data: the first export reads it from R2 and keeps it, the second draws from memory.
			const fromR2 = await svgOf(key, await chartOf(kind));
			const second = await chartOf(kind);
			const fromMemory = await svgOf(key, second);
			expect(fromR2.status, kind).toBe(200);
			expect(fromMemory.status, kind).toBe(200);
			expect(comparable(fromMemory.text), kind).toBe(comparable(fromR2.text));
			for (const file of ["png?scale=1", "pdf"]) {
				const res = await call(key, "GET", `/v1/charts/${second}/export/${file}`);
				expect(res.status, `${kind} ${file}`).toBe(200);
				await res.arrayBuffer();
			}
		}
	});

	it("draws new data after an upload, not the dataset kept before it", async () => {
		const { key } = await makeAccount({ plan: "business" });
		const created = await callJson<{ id: string }>(key, "POST", "/v1/charts", {
			body: { kind: "table", data: "name,value\nAlpha,1\nBeta,2\n", meta: { title: "Table" } },
		});
		const id = created.body.id;
		expect((await svgOf(key, id)).text).toContain("Alpha");
		const put = await call(key, "PUT", `/v1/charts/${id}/data`, {
			rawBody: "name,value\nGamma,3\n",
			headers: { "Content-Type": "text/csv" },
		});
		expect(put.status).toBe(200);
		const after = await svgOf(key, id);
		expect(after.text).toContain("Gamma");
		expect(after.text).not.toContain("Alpha");
	});
});
