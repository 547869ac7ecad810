/**
 * Annotations beyond the data: the value axis widens to hold them, unless the
 * user fixed the range; then they are left out and named in X-Render-Warnings.
 */
import { describe, expect, it } from "vitest";
import { call, callJson } from "../../harness/workerd/api";
import { makeAccount } from "../../harness/workerd/factories";

const small = "quarter,Value\nQ1,1\nQ2,2\nQ3,3\nQ4,4\n";

async function svgOf(key: string, body: Record<string, unknown>): Promise<{ svg: string; warnings: string }> {
	const created = await callJson<{ id: string }>(key, "POST", "/v1/charts", { body });
	expect(created.status, JSON.stringify(created.body)).toBe(201);
	const res = await call(key, "GET", `/v1/charts/${created.body.id}/export/svg`);
	expect(res.status).toBe(200);
	return { svg: await res.text(), warnings: decodeURIComponent(res.headers.get("X-Render-Warnings") ?? "") };
}

/** The numbers of the axis labels drawn (ECharts writes them as <text> elements). */
function axisNumbers(svg: string): number[] {
	return [...svg.matchAll(/>(-?\d+(?:\.\d+)?)<\/text>/g)].map((m) => Number(m[1]));
}

describe("annotations beyond the data", () => {
	it("a reference line at 50 over values 1–4 widens the axis to 50 and is drawn", async () => {
		const { key } = await makeAccount();
		const { svg, warnings } = await svgOf(key, {
			data: small,
			meta: { annotations: [{ type: "line", axis: "y", value: 50, label: "Target" }] },
		});
		expect(svg).toContain(">Target</text>");
		expect(Math.max(...axisNumbers(svg))).toBe(50);
		expect(warnings).toBe("");
	});

	it("a note above the top widens the axis; a note below zero lowers it", async () => {
		const { key } = await makeAccount();
		const above = await svgOf(key, { data: small, meta: { annotations: [{ type: "text", x: "Q3", y: 12, text: "Up here" }] } });
		expect(above.svg).toContain(">Up here</text>");
		expect(Math.max(...axisNumbers(above.svg))).toBeGreaterThanOrEqual(12);
		const below = await svgOf(key, { data: small, meta: { annotations: [{ type: "line", axis: "y", value: -7, label: "Floor" }] } });
		expect(below.svg).toContain(">Floor</text>");
		expect(Math.min(...axisNumbers(below.svg))).toBeLessThanOrEqual(-7);
	});

	it("a horizontal bar's x axis widens for a line on x", async () => {
		const { key } = await makeAccount();
		const { svg } = await svgOf(key, {
			kind: "horizontal-bar",
			data: "party,Seats\nA,10\nB,20\n",
			meta: { annotations: [{ type: "line", axis: "x", value: 300, label: "Majority" }] },
		});
		expect(svg).toContain(">Majority</text>");
		expect(Math.max(...axisNumbers(svg))).toBe(300);
	});

	it("a stacked chart is not cut to the annotation: the stack's total stays on the axis", async () => {
		const { key } = await makeAccount();
		const { svg } = await svgOf(key, {
			data: "quarter,A,B\nQ1,30,30\nQ2,35,35\n",
			meta: { stack: "stacked", annotations: [{ type: "line", axis: "y", value: 45, label: "Goal" }] },
		});
		expect(svg).toContain(">Goal</text>");
		expect(Math.max(...axisNumbers(svg))).toBeGreaterThanOrEqual(70);
	});

	it("a range the user fixed stays: the annotation is left out and named", async () => {
		const { key } = await makeAccount();
		const { svg, warnings } = await svgOf(key, {
			data: small,
			meta: { axes: { y: { max: 10 } }, annotations: [{ type: "line", axis: "y", value: 50, label: "Target" }] },
		});
		expect(svg).not.toContain(">Target</text>");
		expect(Math.max(...axisNumbers(svg))).toBe(10);
		expect(warnings).toContain("an annotation is beyond the axis range and left out: the line at y = 50");
		expect(warnings).toContain("outside the y axis range set in the chart's settings (auto to 10)");
	});
});
