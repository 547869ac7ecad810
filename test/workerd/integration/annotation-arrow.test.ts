/**
 * A note's arrow: `meta.annotations[].arrow` points from the note to what it
 * names. Drawn by the shared settings (render/settings/annotations.ts), so the SVG, PNG and PDF
 * exports and the embed draw it alike; an arrow to a category the axis lacks is named, and a
 * target past the data widens the axis like the note itself.
 */
import { describe, expect, it } from "vitest";
import { call, callJson } from "../../harness/workerd/api";
import { makeAccount } from "../../harness/workerd/factories";

const data = "quarter,Value\nQ1,1\nQ2,2\nQ3,3\nQ4,4\n";
/** ECharts' arrow symbol, as its SVG renderer writes it. */
const arrowHead = 'd="M0 0L5.3333 8L0 6L-5.3333 8L0 0Z"';

async function chartWith(key: string, annotation: Record<string, unknown>): Promise<string> {
	const created = await callJson<{ id: string }>(key, "POST", "/v1/charts", { body: { data, meta: { annotations: [annotation] } } });
	expect(created.status, JSON.stringify(created.body)).toBe(201);
	return created.body.id;
}

async function svgOf(key: string, id: string): Promise<{ svg: string; warnings: string }> {
	const res = await call(key, "GET", `/v1/charts/${id}/export/svg`);
	expect(res.status).toBe(200);
	return { svg: await res.text(), warnings: decodeURIComponent(res.headers.get("X-Render-Warnings") ?? "") };
}

describe("a note's arrow", () => {
	it("is drawn from the note to its point in every export, and the note loses its dot", async () => {
		const { key } = await makeAccount();
		const plain = await svgOf(key, await chartWith(key, { type: "text", x: "Q2", y: 3.5, text: "Look" }));
		expect(plain.svg).not.toContain(arrowHead);

		const id = await chartWith(key, { type: "text", x: "Q2", y: 3.5, text: "Look", arrow: { x: "Q3", y: 3 } });
		const { svg, warnings } = await svgOf(key, id);
		expect(svg).toContain(">Look</text>");
		expect(svg).toContain(arrowHead);
		expect(warnings).toBe("");
		for (const format of ["png", "pdf"]) {
			const res = await call(key, "GET", `/v1/charts/${id}/export/${format}`);
			expect(res.status, format).toBe(200);
			await res.arrayBuffer();
		}
	});

	it("to a category the axis does not have is left out and named; the note stays", async () => {
		const { key } = await makeAccount();
		const { svg, warnings } = await svgOf(
			key,
			await chartWith(key, { type: "text", x: "Q2", y: 3, text: "Look", arrow: { x: "Q9", y: 3 } }),
		);
		expect(svg).toContain(">Look</text>");
		expect(svg).not.toContain(arrowHead);
		expect(warnings).toContain('the arrow of "Look" at Q2, 3');
	});

	it("is refused with the path when its point is not a category or number", async () => {
		const { key } = await makeAccount();
		const res = await callJson<{ error: { code: string; details?: { path?: string } } }>(key, "POST", "/v1/charts", {
			body: { data, meta: { annotations: [{ type: "text", x: "Q2", y: 3, text: "Look", arrow: { x: "Q3" } }] } },
		});
		expect(res.status).toBe(422);
		expect(res.body.error.details?.path).toBe("meta.annotations[0].arrow.y");
	});
});
