/**
 * Where a note is drawn: at its point, on every kind with axes. ECharts places a bar series'
 * markers at that series' own bar within the category's band, so a note on a chart of several
 * bar series was drawn tens of pixels from the category it names (and from the console's handle,
 * which is at the category's centre). Checked in the SVG export against the category's own
 * axis label, which ECharts draws at the band's centre.
 */
import { describe, expect, it } from "vitest";
import { call, callJson } from "../../harness/workerd/api";
import { makeAccount } from "../../harness/workerd/factories";

const data = "party,2022,2026\nGreens,19,24\nLabour,38,31\nLiberals,12,15\n";

/** The drawn position of a text element, from ECharts' `transform="translate(x y)"`. */
function textAt(svg: string, text: string): { x: number; y: number } {
	const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
	const match = new RegExp(`<text[^>]*transform="translate\\(([-\\d.]+) ([-\\d.]+)\\)"[^>]*>${escaped}</text>`).exec(svg);
	expect(match, `no text ${text}`).not.toBeNull();
	return { x: Number(match?.[1]), y: Number(match?.[2]) };
}

/** The tip of the arrowhead ECharts draws for a note's arrow (its symbol is translated to the tip). */
function arrowTipAt(svg: string): { x: number; y: number } {
	const match =
		/<path d="M0 0L5\.3333 8L0 6L-5\.3333 8L0 0Z" transform="matrix\([-\d.]+,[-\d.]+,[-\d.]+,[-\d.]+,([-\d.]+),([-\d.]+)\)"/.exec(svg);
	expect(match, "no arrowhead").not.toBeNull();
	return { x: Number(match?.[1]), y: Number(match?.[2]) };
}

async function svgOf(key: string, body: Record<string, unknown>): Promise<string> {
	const created = await callJson<{ id: string }>(key, "POST", "/v1/charts", { body: { data, ...body } });
	expect(created.status, JSON.stringify(created.body)).toBe(201);
	const res = await call(key, "GET", `/v1/charts/${created.body.id}/export/svg`);
	expect(res.status).toBe(200);
	return res.text();
}

describe("a note on a chart of bars", () => {
	it("is drawn at its category's centre on horizontal bars, with its arrow's tip at the arrow's point", async () => {
		const { key } = await makeAccount();
		const svg = await svgOf(key, {
			kind: "horizontal-bar",
			meta: { annotations: [{ type: "text", x: 30, y: "Labour", text: "Look", arrow: { x: 12, y: "Liberals" } }] },
		});
		const labour = textAt(svg, "Labour");
		const liberals = textAt(svg, "Liberals");
		const note = textAt(svg, "Look");
		// The note's text sits just above its point (a label 6 px off), not at a bar's offset in the band.
		expect(Math.abs(note.y - labour.y)).toBeLessThan(16);
		const tip = arrowTipAt(svg);
		expect(Math.abs(tip.y - liberals.y)).toBeLessThan(2);
	});

	it("is drawn above its category's centre on columns, and on a line chart", async () => {
		const { key } = await makeAccount();
		for (const body of [
			{ kind: "horizontal-bar", meta: { orientation: "vertical" } },
			{ kind: "line", meta: {} },
		]) {
			const svg = await svgOf(key, {
				kind: body.kind,
				meta: { ...body.meta, annotations: [{ type: "text", x: "Labour", y: 30, text: "Look", arrow: { x: "Liberals", y: 12 } }] },
			});
			const note = textAt(svg, "Look");
			expect(Math.abs(note.x - textAt(svg, "Labour").x), body.kind).toBeLessThan(2);
			expect(Math.abs(arrowTipAt(svg).x - textAt(svg, "Liberals").x), body.kind).toBeLessThan(2);
		}
	});

	it("with an arrow to its own point draws no lone arrowhead, and keeps its dot", async () => {
		const { key } = await makeAccount();
		const svg = await svgOf(key, {
			kind: "horizontal-bar",
			meta: { annotations: [{ type: "text", x: 30, y: "Labour", text: "Look", arrow: { x: 30, y: "Labour" } }] },
		});
		expect(svg).toContain(">Look</text>");
		expect(svg).not.toContain('d="M0 0L5.3333 8L0 6L-5.3333 8L0 0Z"');
		// ECharts' circle symbol: the note's own dot, as a note without an arrow has.
		expect(svg).toContain('d="M1 0A1 1 0 1 1 1 -0.1A1 1 0 0 1 1 0"');
	});
});
