/**
 * Width classes (docs/design.md#d38): a published page holds the chart drawn for
 * 280, 360, 480 and 640 px and its own width, each laid out for that width (taller rather than
 * squashed, titles wrapped), and CSS alone shows the one that fits the frame.
 */
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { layoutExamples } from "../../../src/domain/layout-examples";
import { callJson } from "../../harness/workerd/api";
import { makeAccount } from "../../harness/workerd/factories";

function embed(url: string): Promise<Response> {
	return exports.default.fetch(new Request(url, { redirect: "manual" }));
}

const longTitle = "Unemployment in the five largest economies of the euro area";

async function published(key: string, kind: "line" | "horizontal-bar" | "map", meta: Record<string, unknown> = {}): Promise<string> {
	const created = await callJson<{ id: string }>(key, "POST", "/v1/charts", {
		body: {
			kind,
			data: layoutExamples[kind].csv,
			meta: { title: longTitle, sourceText: "Eurostat", sourceUrl: "https://example.org/data", ...meta },
		},
	});
	expect(created.status).toBe(201);
	const publish = await callJson<{ embedUrl: string }>(key, "POST", `/v1/charts/${created.body.id}/publish`);
	expect(publish.status).toBe(200);
	return (await embed(publish.body.embedUrl)).text();
}

/** Each light drawing's width class and its SVG's drawn size (from its viewBox): the drawings both modes share, or the light mode's own. */
function lightDrawings(html: string): { width: number; svg: string; viewWidth: number; viewHeight: number }[] {
	const light = /<div class="mode-(?:both|light)">([\s\S]*?<\/svg><\/div>)<\/div>/.exec(html)?.[1] ?? "";
	return [...light.matchAll(/<div class="w w-(\d+)">(<svg[\s\S]*?<\/svg>)<\/div>/g)].map((m) => {
		const box = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(m[2] ?? "");
		return { width: Number(m[1]), svg: m[2] ?? "", viewWidth: Number(box?.[1]), viewHeight: Number(box?.[2]) };
	});
}

describe("width classes of a published page", () => {
	it("draws a line chart for each width class, taller than its scaled aspect when narrow, with the title wrapped", async () => {
		const { key } = await makeAccount();
		const html = await published(key, "line");
		const drawings = lightDrawings(html);
		expect(drawings.map((d) => d.width)).toEqual([280, 360, 480, 640, 800]);
		for (const drawing of drawings) expect(drawing.viewWidth).toBe(drawing.width);
		const byWidth = new Map(drawings.map((d) => [d.width, d]));
		// The chart's own size is kept; a phone's drawing is 0.75 × its width + 90 tall, not 500 × 280 / 800 = 175.
		expect(byWidth.get(800)?.viewHeight).toBe(500);
		expect(byWidth.get(280)?.viewHeight).toBe(300);
		expect(byWidth.get(640)?.viewHeight).toBe(500);
		// The long title is one line at 800 px and wraps at 280 px (ECharts draws a line per text row).
		const titleRows = (svg: string) => svg.match(/>[^<]*(Unemployment|euro area|adjusted)[^<]*<\/text>/g)?.length ?? 0;
		expect(titleRows(byWidth.get(800)?.svg ?? "")).toBe(1);
		expect(titleRows(byWidth.get(280)?.svg ?? "")).toBeGreaterThanOrEqual(2);
		// CSS alone shows one class per range of frame widths, the source link placed for each.
		expect(html).toContain(".w{display:none}");
		expect(html).toContain("@media (max-width:359.98px){.w-280{display:block}.source-link{");
		expect(html).toContain("@media (min-width:360px) and (max-width:479.98px){.w-360{display:block}");
		expect(html).toContain("@media (min-width:800px){.w-800{display:block}");
		expect(html.match(/<a class="source-link"/g)).toHaveLength(1);
	});

	it("keeps a bar chart's rows at the chart's height at every width", async () => {
		const { key } = await makeAccount();
		const drawings = lightDrawings(await published(key, "horizontal-bar"));
		expect(drawings.length).toBe(5);
		for (const drawing of drawings) expect(drawing.viewHeight).toBe(drawings.at(-1)?.viewHeight);
	});

	it("draws a map for fewer classes: each drawing carries the base map", async () => {
		const { key } = await makeAccount();
		expect(lightDrawings(await published(key, "map")).map((d) => d.width)).toEqual([280, 480, 800]);
	});

	it("draws a chart no wider than 280 px once, shown at every frame width", async () => {
		const { key } = await makeAccount();
		const html = await published(key, "line", { w: 260, h: 200 });
		expect(lightDrawings(html).map((d) => d.width)).toEqual([260]);
		expect(html).toContain(".w{display:none}.w-260{display:block}");
	});
});
