/**
 * The per-family embed clients in a real browser, against a real `wrangler
 * dev`: a page of each family loads only its own client from the embed host, and that client
 * draws the chart as fully as the server did (ECharts drops a chart type or component it was not
 * given without a word, so a family missing a part would draw an emptier chart, not fail).
 * Skipped, saying why, where Chromium is not installed.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { Browser } from "playwright-core";
import type { ChartKind } from "../../src/domain/kinds.ts";
import { layoutExamples } from "../../src/domain/layout-examples.ts";
import { kindClients } from "../../src/embed/client-kinds.ts";
import { chromiumMissing } from "../harness/browser/chromium.ts";
import type { EmbedFixture } from "../harness/browser/embed-fixture.ts";
import { startEmbedHost } from "../harness/browser/embed-fixture.ts";

const port = 8962;
const skip = chromiumMissing() ?? false;

/** One kind of each ECharts family, with settings that bring in its optional parts (line, bar, pie and scatter take the overlay). */
const charts: { kind: ChartKind; meta: Record<string, unknown> }[] = [
	{ kind: "multiples", meta: { title: "Life expectancy", annotations: [{ type: "line", axis: "y", value: 70, label: "Seventy" }] } },
	{ kind: "dot", meta: { title: "Wealth and health" } },
	{ kind: "table", meta: { title: "Staff", table: { search: true } } },
	{ kind: "sankey", meta: { title: "Energy" } },
	{ kind: "map", meta: { title: "Population" } },
];

/** The kinds whose pages take the overlay client, with a pointer position that lands on a mark. */
const overlayCharts: ChartKind[] = ["line", "horizontal-bar", "pie", "scatter"];

/** Drawn marks and texts of an SVG, the measure of how fully a chart is drawn. */
function marks(svg: string): { paths: number; texts: number } {
	return { paths: (svg.match(/<path\b/g) ?? []).length, texts: (svg.match(/<text\b/g) ?? []).length };
}

describe("embed clients per kind family in a browser", { skip }, () => {
	let fixture: EmbedFixture;
	let browser: Browser;
	let api: EmbedFixture["api"];

	before(async () => {
		fixture = await startEmbedHost(port, "families test");
		({ browser, api } = fixture);
	});

	after(async () => {
		await fixture?.stop();
	});

	for (const kind of overlayCharts) {
		it(`makes a ${kind} chart interactive with the overlay client alone, over the server's drawing`, async () => {
			const chart = await api("POST", "/v1/charts", { kind, data: layoutExamples[kind].csv, meta: { title: `Overlay ${kind}` } });
			const { embedUrl } = (await api("POST", `/v1/charts/${chart.id}/publish`)) as { embedUrl: string };
			const page = await browser.newPage({ viewport: { width: 800, height: 700 } });
			const problems: string[] = [];
			page.on("console", (message) => {
				if (message.type() === "error") problems.push(message.text());
			});
			page.on("pageerror", (error) => problems.push(error.message));
			const scripts: string[] = [];
			page.on("request", (request) => {
				if (request.resourceType() === "script") scripts.push(request.url());
			});
			await page.goto(embedUrl);
			const drawingsBefore = await page.locator("main svg").count();
			// Point at the first mark of the shown drawing, read from tips.json like the client does.
			const target = await page.evaluate(async () => {
				const main = document.querySelector("main") as HTMLElement;
				const tips = await (await fetch(main.dataset.tips ?? "")).json();
				const svg = Array.from(main.querySelectorAll("svg")).find((s) => s.getBoundingClientRect().width > 0) as SVGSVGElement;
				const layout = tips.layouts[Math.round(svg.viewBox.baseVal.width)];
				const first = tips.trigger === "axis" ? layout.marks[0][0] : layout.marks[0];
				// A bar's middle; a point itself; a slice halfway out along its middle angle.
				const [x, y] =
					first.length === 4
						? [first[0] + first[2] / 2, first[1] + first[3] / 2]
						: first.length === 6
							? [
									first[0] + (first[3] / 2) * Math.cos((first[4] + first[5]) / 2),
									first[1] + (first[3] / 2) * Math.sin((first[4] + first[5]) / 2),
								]
							: [first[0], first[1]];
				const point = new DOMPoint(x, y).matrixTransform(svg.getScreenCTM() as DOMMatrix);
				return { x: point.x, y: point.y };
			});
			await page.mouse.move(target.x, target.y);
			await page.waitForSelector("main[data-interactive=ready]", { timeout: 20_000 });
			const tooltip = page.locator(".chart-tooltip");
			await tooltip.waitFor({ state: "visible", timeout: 5000 });
			assert.ok(((await tooltip.innerText()) ?? "").trim().length > 0, "the tooltip says something");
			assert.deepEqual(
				scripts.map((url) => url.replace(/\.[0-9a-f]{16}\.js$/, ".js")),
				[`http://127.0.0.1:${port}/embed/_client/overlay.js`],
				"no ECharts: the overlay client alone",
			);
			assert.equal(await page.locator("main > div.chart").count(), 0, "the server's drawings stay the chart");
			assert.equal(await page.locator("main svg").count(), drawingsBefore, "no drawing replaced");
			assert.deepEqual(problems, [], "no console errors or CSP violations");
			await page.close();
		});
	}

	for (const { kind, meta } of charts) {
		const family = kindClients[kind];
		it(`draws a ${kind} chart with the ${family} client alone, as fully as the server drew it`, async () => {
			const chart = await api("POST", "/v1/charts", { kind, data: layoutExamples[kind].csv, meta });
			const { embedUrl } = (await api("POST", `/v1/charts/${chart.id}/publish`)) as { embedUrl: string };
			const server = marks(await (await fetch(`${embedUrl}chart.svg`)).text());
			// The chart's own width (800 px): the client draws the same layout as the server.
			const page = await browser.newPage({ viewport: { width: 800, height: 700 } });
			const problems: string[] = [];
			page.on("console", (message) => {
				if (message.type() === "error") problems.push(message.text());
			});
			page.on("pageerror", (error) => problems.push(error.message));
			const scripts: string[] = [];
			page.on("request", (request) => {
				if (request.resourceType() === "script") scripts.push(request.url());
			});
			await page.goto(embedUrl);
			await page.locator("main").hover();
			await page.waitForSelector("main > div.chart svg", { timeout: 20_000 });
			const client = marks(await page.locator("main > div.chart").innerHTML());
			assert.deepEqual(
				scripts.map((url) => url.replace(/\.[0-9a-f]{16}\.js$/, ".js")),
				[`http://127.0.0.1:${port}/embed/_client/${family}.js`],
			);
			// The client adds hover targets and the like; it must not leave marks out.
			assert.ok(client.paths >= server.paths, `the client drew ${client.paths} paths, the server ${server.paths}`);
			assert.ok(client.texts >= server.texts, `the client drew ${client.texts} texts, the server ${server.texts}`);
			assert.deepEqual(problems, [], "no console errors or CSP violations");
			await page.close();
		});
	}
});
