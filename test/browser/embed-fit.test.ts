/**
 * Published pages fit what they show, in Debian's Chromium at a phone's
 * 390 px and a desktop's 1280 px, light and dark: a four-row table leaves no blank band under its
 * rows (and the loader's frame is as tall as the table); no pie label is cut at the drawing's edge;
 * a map's scale keeps a margin from the right edge.
 *
 * `SCREENSHOTS=dir` also saves each page as a PNG there, to look at.
 */
import assert from "node:assert/strict";
import { mkdir } from "node:fs/promises";
import { after, before, describe, it } from "node:test";
import type { Page } from "playwright-core";
import { chromiumMissing } from "../harness/browser/chromium.ts";
import type { EmbedFixture } from "../harness/browser/embed-fixture.ts";
import { startEmbedHost } from "../harness/browser/embed-fixture.ts";

const port = 8857;
const skip = chromiumMissing() ? "Debian's chromium is not installed (apt-get install chromium)" : false;
const screenshots = process.env.SCREENSHOTS;
const widths = [390, 1280];
const schemes = ["light", "dark"] as const;

/** The drawn texts of the shown drawing and their boxes, with the drawing's box and scale (CSS px per drawing px). */
async function shownTexts(page: Page) {
	return page.evaluate(async () => {
		// Text boxes in the page's own fonts: one measured in the fallback before they load is wider.
		await document.fonts.ready;
		const svg = Array.from(document.querySelectorAll("main svg")).find((s) => s.getBoundingClientRect().width > 0) as SVGSVGElement;
		const box = svg.getBoundingClientRect();
		const texts = Array.from(svg.querySelectorAll("text"))
			.filter((t) => t.textContent?.trim())
			.map((t) => {
				const r = t.getBoundingClientRect();
				return { text: t.textContent ?? "", left: r.left, right: r.right, top: r.top, bottom: r.bottom };
			});
		return {
			texts,
			svg: { left: box.left, right: box.right, top: box.top, bottom: box.bottom },
			scale: box.width / svg.viewBox.baseVal.width,
		};
	});
}

describe("published pages fit what they show", { skip }, () => {
	let fixture: EmbedFixture;
	const urls = new Map<string, string>();

	before(async () => {
		fixture = await startEmbedHost(port, "fit test");
		if (screenshots) await mkdir(screenshots, { recursive: true });
		const publish = async (name: string, body: Record<string, unknown>) => {
			const created = await fixture.api("POST", "/v1/charts", body);
			urls.set(name, String((await fixture.api("POST", `/v1/charts/${created.id}/publish`)).embedUrl));
		};
		const spending = "sector,share\nHealth,23.4\nTransport,18.2\nEducation,21.9\nOther,20.4\nDefence,16.1\n";
		const meta = { sourceText: "Example data", mode: "auto", w: 800, h: 600 };
		await publish("table", {
			kind: "table",
			data: spending.split("\n").slice(0, 5).join("\n"),
			meta: { ...meta, title: "Spending by sector" },
		});
		await publish("pie", { kind: "pie", data: spending, meta: { ...meta, title: "Spending by sector" } });
		await publish("map", {
			kind: "map",
			data: "country,population (millions)\nFRA,68.2\nDEU,84.5\nITA,58.9\n",
			meta: { ...meta, title: "Population" },
		});
	});

	after(async () => {
		await fixture?.stop();
	});

	async function eachView(check: (page: Page, label: string) => Promise<void>, name: string) {
		for (const colorScheme of schemes)
			for (const width of widths) {
				const context = await fixture.browser.newContext({ viewport: { width, height: 900 }, colorScheme });
				try {
					const page = await context.newPage();
					await page.goto(urls.get(name) ?? "");
					await check(page, `${name} at ${width} px, ${colorScheme}`);
					if (screenshots) await page.screenshot({ path: `${screenshots}/fit-${name}-${width}-${colorScheme}.png`, fullPage: true });
				} finally {
					await context.close();
				}
			}
	}

	it("draws a four-row table as tall as its rows, and the loader's frame follows", async () => {
		await eachView(async (page, label) => {
			const { texts, svg, scale } = await shownTexts(page);
			const lastRow = Math.max(...texts.filter((t) => ["Health", "Transport", "Education", "Other"].includes(t.text)).map((t) => t.bottom));
			const footer = Math.max(...texts.map((t) => t.bottom));
			// Under the last row: a spare row and the source line, not the ~400 px band of the chart's h.
			assert.ok(svg.bottom - lastRow < 100 * scale, `${label}: ${Math.round(svg.bottom - lastRow)} px under the last row`);
			assert.ok(svg.bottom - footer < 30 * scale, `${label}: ${Math.round(svg.bottom - footer)} px under the source line`);
			// The page (what the frame reports to the loader) is no taller than the drawing.
			const body = await page.evaluate(() => Math.ceil(document.body.getBoundingClientRect().height));
			assert.ok(body <= Math.ceil(svg.bottom) + 2, `${label}: the page is ${body} px, the drawing ends at ${svg.bottom}`);
		}, "table");
	});

	it("cuts no pie label, at a phone's width or a desktop's", async () => {
		await eachView(async (page, label) => {
			const { texts, svg } = await shownTexts(page);
			for (const text of texts) {
				assert.ok(!text.text.includes("…") && !text.text.includes("..."), `${label}: “${text.text}” is cut`);
				assert.ok(text.left >= svg.left && text.right <= svg.right, `${label}: “${text.text}” runs off the drawing`);
			}
			for (const sector of ["Health", "Transport", "Education", "Other", "Defence"])
				assert.ok(
					texts.some((t) => t.text.startsWith(sector)),
					`${label}: ${sector} is named`,
				);
		}, "pie");
	});

	it("keeps a map's scale clear of the right edge", async () => {
		await eachView(async (page, label) => {
			const { texts, svg, scale } = await shownTexts(page);
			for (const text of texts)
				assert.ok(
					text.right <= svg.right - 8 * scale,
					`${label}: “${text.text}” ends ${Math.round(svg.right - text.right)} px from the edge`,
				);
		}, "map");
	});
});
