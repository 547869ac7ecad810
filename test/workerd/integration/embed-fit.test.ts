/**
 * A published page fits its content: a table is drawn as tall as its rows
 * in every width class, not the chart's `h`; the page has an h1, the chart's title, which the
 * drawing shows to the eye.
 */
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { callJson } from "../../harness/workerd/api";
import { makeAccount } from "../../harness/workerd/factories";

async function publishedPage(key: string, body: Record<string, unknown>): Promise<string> {
	const created = await callJson<{ id: string }>(key, "POST", "/v1/charts", { body });
	expect(created.status, JSON.stringify(created.body)).toBe(201);
	const publish = await callJson<{ embedUrl: string }>(key, "POST", `/v1/charts/${created.body.id}/publish`);
	expect(publish.status).toBe(200);
	const res = await exports.default.fetch(new Request(publish.body.embedUrl));
	expect(res.status).toBe(200);
	return res.text();
}

/** Each light drawing's width class and the height of its viewBox. */
function drawingHeights(html: string): Map<number, number> {
	const light = /<div class="mode-(?:both|light)">([\s\S]*?<\/svg><\/div>)<\/div>/.exec(html)?.[1] ?? "";
	return new Map(
		[...light.matchAll(/<div class="w w-(\d+)">(<svg[\s\S]*?<\/svg>)<\/div>/g)].map((m) => [
			Number(m[1]),
			Number(/viewBox="0 0 [\d.]+ ([\d.]+)"/.exec(m[2] ?? "")?.[1]),
		]),
	);
}

const fourRows = "sector,share\nHealth,23.4\nTransport,18.2\nEducation,21.9\nOther,20.4\n";

describe("a published table is as tall as its rows", () => {
	it("draws a four-row table far shorter than h at every width class", async () => {
		const { key } = await makeAccount();
		const html = await publishedPage(key, { kind: "table", data: fourRows, meta: { title: "Spending by sector", w: 800, h: 600 } });
		const heights = drawingHeights(html);
		expect([...heights.keys()]).toEqual([280, 360, 480, 640, 800]);
		for (const [width, height] of heights) {
			expect(height, `the ${width} px drawing`).toBeGreaterThan(150);
			expect(height, `the ${width} px drawing`).toBeLessThan(300);
		}
		// Every row is drawn.
		for (const sector of ["Health", "Transport", "Education", "Other"]) expect(html).toContain(`>${sector}</text>`);
	});

	it("leaves no spare row under the last row when every row is drawn", async () => {
		const { key } = await makeAccount();
		const html = await publishedPage(key, { kind: "table", data: fourRows, meta: { title: "Spending by sector", w: 800, h: 600 } });
		const light = /<div class="w w-800">(<svg[\s\S]*?<\/svg>)<\/div>/.exec(html)?.[1] ?? "";
		const height = Number(/viewBox="0 0 [\d.]+ ([\d.]+)"/.exec(light)?.[1]);
		const rowY = (text: string) =>
			Number(new RegExp(`<text[^>]*transform="translate\\([\\d.]+ ([\\d.]+)\\)"[^>]*>${text}</text>`).exec(light)?.[1]);
		const pitch = rowY("Transport") - rowY("Health");
		expect(pitch).toBeGreaterThan(10);
		// Below the last row's middle: half a row, then the drawing's bottom margin (padding and 8 px), no spare row.
		expect(height - rowY("Other")).toBeLessThan(pitch / 2 + 30);
	});

	it("keeps h where the rows need more, and a page of rows when the reader pages", async () => {
		const { key } = await makeAccount();
		const rows = Array.from({ length: 60 }, (_, i) => `Row ${i},${i}`).join("\n");
		const tall = drawingHeights(await publishedPage(key, { kind: "table", data: `name,n\n${rows}\n`, meta: { w: 800, h: 400 } }));
		for (const height of tall.values()) expect(height).toBe(400);
		const paged = drawingHeights(
			await publishedPage(key, { kind: "table", data: `name,n\n${rows}\n`, meta: { w: 800, h: 900, table: { pageSize: 5 } } }),
		);
		for (const height of paged.values()) expect(height).toBeLessThan(300);
	});

	it("leaves other kinds at their height", async () => {
		const { key } = await makeAccount();
		const heights = drawingHeights(await publishedPage(key, { kind: "horizontal-bar", data: fourRows, meta: { w: 800, h: 600 } }));
		expect(heights.get(800)).toBe(600);
	});
});

describe("the embed page's heading", () => {
	it("is an h1 with the chart's title, hidden to the eye (the drawing shows it)", async () => {
		const { key } = await makeAccount();
		const html = await publishedPage(key, { kind: "line", data: "year,v\n2020,1\n2021,2\n", meta: { title: "Prices <rising>" } });
		expect(html).toContain('<h1 class="visually-hidden">Prices &lt;rising&gt;</h1>');
		expect(html.match(/<h1/g)?.length).toBe(1);
	});

	it("draws no synthesized bold: a font without a bold face is drawn regular, as in the PNG and PDF", async () => {
		const { key } = await makeAccount();
		const html = await publishedPage(key, { kind: "line", data: "year,v\n2020,1\n2021,2\n", meta: { title: "Prices" } });
		expect(html).toMatch(/main\{[^}]*font-synthesis:none/);
	});

	it("falls back to the chart's name without a title", async () => {
		const { key } = await makeAccount();
		const html = await publishedPage(key, { kind: "line", name: "Untitled prices", data: "year,v\n2020,1\n2021,2\n" });
		expect(html).toMatch(/<h1 class="visually-hidden">[^<]+<\/h1>/);
	});
});
