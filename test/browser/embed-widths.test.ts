/**
 * Published pages at phone and desktop widths, in Debian's Chromium:
 * with JavaScript off, every kind's first paint shows one drawing, laid out for the frame, with
 * no drawn text under 11 CSS px from 280 px up; the reader's dark scheme is followed; with
 * JavaScript on, the interactive chart takes exactly the server drawing's box.
 *
 * `SCREENSHOTS=dir` also saves each page as a PNG there, to look at.
 */
import assert from "node:assert/strict";
import { mkdir } from "node:fs/promises";
import { after, before, describe, it } from "node:test";
import type { Browser, Page } from "playwright-core";
import { chartKinds } from "../../src/domain/kinds.ts";
import { layoutExamples } from "../../src/domain/layout-examples.ts";
import { assertAccessible } from "../harness/browser/axe.ts";
import { chromiumMissing } from "../harness/browser/chromium.ts";
import type { EmbedFixture } from "../harness/browser/embed-fixture.ts";
import { startEmbedHost } from "../harness/browser/embed-fixture.ts";

const port = 8980;
const skip = chromiumMissing() ? "Debian's chromium is not installed (apt-get install chromium)" : false;
const screenshots = process.env.SCREENSHOTS;
/** The key in `pages` of a table with search and paging. */
const pagedTable = "table with controls";

/** Every drawn text of the shown drawing: its rendered font size in CSS px (the SVG's scale applied). */
async function shownTextSizes(page: Page): Promise<{ count: number; smallest: number; text: string; drawings: number }> {
	return page.evaluate(() => {
		const shown = Array.from(document.querySelectorAll("main svg")).filter((svg) => svg.getBoundingClientRect().width > 0);
		let smallest = Number.POSITIVE_INFINITY;
		let text = "";
		let count = 0;
		for (const svg of shown) {
			const scale = svg.getBoundingClientRect().width / (svg as SVGSVGElement).viewBox.baseVal.width;
			for (const element of Array.from(svg.querySelectorAll("text"))) {
				if (!element.textContent?.trim()) continue;
				const size = Number.parseFloat(getComputedStyle(element).fontSize) * scale;
				count++;
				if (size < smallest) {
					smallest = size;
					text = element.textContent;
				}
			}
		}
		return { count, smallest, text, drawings: shown.length };
	});
}

describe("published pages at every width", { skip }, () => {
	let fixture: EmbedFixture;
	let browser: Browser;
	let api: EmbedFixture["api"];
	const pages = new Map<string, string>();

	before(async () => {
		fixture = await startEmbedHost(port, "widths test");
		({ browser, api } = fixture);
		if (screenshots) await mkdir(screenshots, { recursive: true });
		for (const kind of chartKinds) {
			const meta = { title: `A ${kind} chart as a phone reader sees it`, sourceText: "Example data", mode: "auto" };
			const created = await api("POST", "/v1/charts", { kind, data: layoutExamples[kind].csv, meta });
			const published = await api("POST", `/v1/charts/${created.id}/publish`);
			pages.set(kind, String(published.embedUrl));
		}
		// A table with its reader controls, which the page holds from the first paint.
		const people = Array.from({ length: 12 }, (_, i) => `Person ${i + 1},${i % 2 ? "Editor" : "Reporter"},${4000 + i * 100}`);
		const created = await api("POST", "/v1/charts", {
			kind: "table",
			data: `name,role,salary\n${people.join("\n")}\n`,
			meta: { title: "Staff as a phone reader sees it", sourceText: "Example data", mode: "auto", table: { pageSize: 5, search: true } },
		});
		pages.set(pagedTable, String((await api("POST", `/v1/charts/${created.id}/publish`)).embedUrl));
	});

	after(async () => {
		await fixture?.stop();
	});

	for (const width of [280, 390, 800]) {
		it(`shows every kind legibly at ${width} px with JavaScript off`, async () => {
			const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 900 } });
			try {
				const page = await context.newPage();
				for (const [kind, url] of pages) {
					await page.goto(url);
					const sizes = await shownTextSizes(page);
					assert.equal(sizes.drawings, 1, `${kind} at ${width} px shows ${sizes.drawings} drawings`);
					assert.ok(sizes.count > 0, `${kind} at ${width} px draws no text`);
					assert.ok(sizes.smallest >= 11 - 0.01, `${kind} at ${width} px draws “${sizes.text}” at ${sizes.smallest.toFixed(2)} px`);
					// The drawing fills the frame's width, and nothing scrolls sideways.
					assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), width, `${kind} scrolls sideways at ${width} px`);
					if (screenshots) await page.screenshot({ path: `${screenshots}/${kind}-${width}-light.png`, fullPage: true });
				}
			} finally {
				await context.close();
			}
		});
	}

	it("follows the reader's dark scheme with JavaScript off", async () => {
		const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 900 }, colorScheme: "dark" });
		try {
			const page = await context.newPage();
			for (const kind of ["line", "horizontal-bar", "map"]) {
				await page.goto(pages.get(kind) ?? "");
				// One drawing shown, painted dark: its own dark drawing, or the drawing both modes share with the dark colours.
				const shown = await page.evaluate(() => {
					const svgs = Array.from(document.querySelectorAll("main svg")).filter((svg) => svg.getBoundingClientRect().width > 0);
					const background = svgs[0]?.querySelector("rect");
					return { count: svgs.length, background: background ? getComputedStyle(background).fill : "" };
				});
				assert.equal(shown.count, 1, `${kind} shows ${shown.count} drawings`);
				assert.equal(shown.background, "rgb(21, 24, 29)", `${kind} is drawn on ${shown.background} for a dark reader`);
				if (screenshots) await page.screenshot({ path: `${screenshots}/${kind}-390-dark.png`, fullPage: true });
			}
		} finally {
			await context.close();
		}
	});

	it("opens the data table from the keyboard and links the data, in both modes, with nothing serious for axe", async () => {
		const created = await api("POST", "/v1/charts", {
			kind: "line",
			data: layoutExamples.line.csv,
			meta: { title: "Life expectancy", sourceText: "Example data", embed: { dataLink: true } },
		});
		const url = String((await api("POST", `/v1/charts/${created.id}/publish`)).embedUrl);
		for (const colorScheme of ["light", "dark"] as const) {
			for (const width of [390, 800]) {
				const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme });
				try {
					const page = await context.newPage();
					await page.goto(`${url}?mode=auto`);
					await page.locator("main").hover();
					await page.waitForSelector("main[data-interactive=ready]");
					const summary = page.getByText("View as table", { exact: true });
					await summary.focus();
					await page.keyboard.press("Enter");
					const table = page.getByRole("table", { name: "Life expectancy" });
					await table.waitFor();
					assert.equal(await table.getByRole("row").count(), 4, "the table has a header row and three rows");
					const link = page.getByRole("link", { name: "Get the data" });
					assert.equal(await link.getAttribute("href"), `${url}data.csv`);
					await assertAccessible(page, `the embed with its table open (${colorScheme}, ${width} px)`, { embed: true });
					if (screenshots) await page.screenshot({ path: `${screenshots}/extras-${width}-${colorScheme}.png`, fullPage: true });
				} finally {
					await context.close();
				}
			}
		}
	});

	it("reaches the chart with Tab and walks its points' tooltips with the arrow keys, read out by a live region", async () => {
		const context = await browser.newContext({ viewport: { width: 800, height: 900 } });
		try {
			const page = await context.newPage();
			await page.goto(pages.get("line") ?? "");
			// Tab reaches the server's drawing, which the overlay client makes interactive and keeps the focus on.
			await page.keyboard.press("Tab");
			await page.waitForSelector("main[data-interactive=ready]");
			await page.waitForFunction(() => document.activeElement?.tagName === "MAIN", undefined, { timeout: 5000 });
			const tooltip = page.locator(".chart-tooltip");
			const live = page.locator("p.visually-hidden[aria-live=polite]");
			await page.keyboard.press("ArrowRight");
			await tooltip.filter({ hasText: "2000" }).waitFor();
			assert.match((await tooltip.textContent()) ?? "", /71\.4/);
			assert.match((await live.textContent()) ?? "", /2000.*71\.4/);
			await page.keyboard.press("ArrowRight");
			await tooltip.filter({ hasText: "2005" }).waitFor();
			assert.match((await live.textContent()) ?? "", /2005/);
			await page.keyboard.press("End");
			await tooltip.filter({ hasText: "2010" }).waitFor();
			await page.keyboard.press("Escape");
			await tooltip.waitFor({ state: "hidden" });
			assert.equal(await live.textContent(), "");
		} finally {
			await context.close();
		}
	});

	it("shows a tapped point's tooltip on a touch screen, and keeps it after the finger lifts", async () => {
		const context = await browser.newContext({ viewport: { width: 390, height: 800 }, hasTouch: true, isMobile: true });
		try {
			const page = await context.newPage();
			await page.goto(pages.get("horizontal-bar") ?? "");
			// Each category's place on the screen, from tips.json as the client reads it.
			const places = await page.evaluate(async () => {
				const main = document.querySelector("main") as HTMLElement;
				const tips = await (await fetch(main.dataset.tips ?? "")).json();
				const svg = Array.from(main.querySelectorAll("svg")).find((s) => s.getBoundingClientRect().width > 0) as SVGSVGElement;
				const layout = tips.layouts[Math.round(svg.viewBox.baseVal.width)];
				const [x, , width] = layout.plot;
				return (layout.positions as number[]).map((y) => {
					const point = new DOMPoint(x + width / 2, y).matrixTransform(svg.getScreenCTM() as DOMMatrix);
					return { x: point.x, y: point.y };
				});
			});
			assert.equal(places.length, 2);
			const [greens, labour] = places as [{ x: number; y: number }, { x: number; y: number }];
			await page.touchscreen.tap(greens.x, greens.y);
			await page.waitForSelector("main[data-interactive=ready]");
			const tooltip = page.locator(".chart-tooltip");
			await tooltip.waitFor({ state: "visible", timeout: 5000 });
			await page.waitForTimeout(400);
			assert.ok(await tooltip.isVisible(), "the tooltip stays after the tap");
			assert.match(await tooltip.innerText(), /^Greens/);
			// A tap on another category moves it.
			await page.touchscreen.tap(labour.x, labour.y);
			await tooltip.filter({ hasText: "Labour" }).waitFor({ timeout: 5000 });
			await page.waitForTimeout(400);
			assert.ok(await tooltip.isVisible(), "and stays");
		} finally {
			await context.close();
		}
	});

	for (const width of [390, 800]) {
		it(`draws the interactive chart in the server drawing's box at ${width} px`, async () => {
			const context = await browser.newContext({ viewport: { width, height: 900 } });
			try {
				const page = await context.newPage();
				// Line, bar, pie and scatter take the overlay (the server's drawing stays); the others an ECharts client.
				for (const kind of ["line", "horizontal-bar", "pie", "scatter", "multiples", "dot", "sankey", pagedTable]) {
					const overlay = ["line", "horizontal-bar", "pie", "scatter"].includes(kind);
					// The server drawing's box, read before the client runs.
					await page.route("**/_client/**", (route) => route.abort());
					await page.goto(pages.get(kind) ?? "");
					const { before, top } = await page.evaluate(() => {
						const rect = document.querySelector("main")?.getBoundingClientRect();
						return { before: rect?.height ?? 0, top: rect?.top ?? 0 };
					});
					await page.unroute("**/_client/**");
					await page.goto(pages.get(kind) ?? "");
					// Until the reader reaches for it, the server's drawing is the chart.
					await page.waitForTimeout(300);
					assert.equal(await page.locator("main > .chart").count(), 0, `${kind}: the client drew before the reader reached for the chart`);
					assert.equal(
						await page.locator("main[data-interactive=ready]").count(),
						0,
						`${kind}: interactive before the reader reached for it`,
					);
					await page.locator("main").hover();
					if (overlay) {
						await page.waitForSelector("main[data-interactive=ready]");
						const after = await page.evaluate(() => document.querySelector("main")?.getBoundingClientRect().height ?? 0);
						assert.equal(await page.locator("main > .chart").count(), 0, `${kind}: the overlay keeps the server's drawing`);
						assert.equal(after, before, `${kind} at ${width} px: nothing moved`);
						assert.equal(
							await page.evaluate(() => document.querySelector("main")?.getBoundingClientRect().top ?? 0),
							top,
							`${kind} at ${width} px: the drawing's top moved`,
						);
					} else {
						await page.waitForSelector("main > .chart svg");
						const box = await page.evaluate(() => {
							const rect = document.querySelector("main > .chart")?.getBoundingClientRect();
							return { width: rect?.width ?? 0, height: rect?.height ?? 0, top: rect?.top ?? 0 };
						});
						assert.equal(box.width, width, `${kind}: the interactive chart is ${box.width} px wide`);
						// Nothing above it moved (a table's controls are in the page from the first paint).
						assert.equal(
							box.top,
							top,
							`${kind} at ${width} px: the server drawing's top was ${top} px, the interactive chart's ${box.top}`,
						);
						assert.ok(
							Math.abs(box.height - before) <= 1,
							`${kind} at ${width} px: server drawing ${before} px tall, interactive ${box.height} px`,
						);
					}
					if (screenshots) await page.screenshot({ path: `${screenshots}/${kind}-${width}-interactive.png`, fullPage: true });
				}
			} finally {
				await context.close();
			}
		});
	}
	it("shows a table's controls above its first page in both modes at every width class, live once the client runs, with nothing serious for axe", async () => {
		for (const colorScheme of ["light", "dark"] as const) {
			for (const width of [280, 360, 480, 640, 800]) {
				const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme });
				try {
					const page = await context.newPage();
					// What this checks needs the page and its client, not every font and image: waiting for
					// "load" let one stalled subresource of ten page loads fail the test (seen once on a
					// quiet clean clone; the same stall made the console fixture wait for the DOM only).
					await page.goto(pages.get(pagedTable) ?? "", { waitUntil: "domcontentloaded" });
					const search = page.getByRole("searchbox", { name: "Search the table" });
					await page.waitForFunction(() => !document.querySelector<HTMLInputElement>("input[type=search]")?.disabled);
					assert.ok(await search.isVisible(), `the search box at ${width} px (${colorScheme})`);
					assert.ok(await page.getByRole("button", { name: "Next" }).isEnabled());
					assert.ok(await page.getByRole("button", { name: "Previous" }).isDisabled(), "page 1 has no previous page");
					assert.ok(await page.getByText("12 rows · page 1 of 3").isVisible());
					// Above the drawing, not over it, and nothing scrolls sideways: laid out in the page's own
					// fonts (the load was not waited for, and the fallback is wider).
					await page.evaluate(() => document.fonts.ready);
					const { controlsBottom, chartTop, scrollWidth } = await page.evaluate(() => ({
						controlsBottom: document.querySelector(".table-controls")?.getBoundingClientRect().bottom ?? 0,
						chartTop: document.querySelector("main")?.getBoundingClientRect().top ?? 0,
						scrollWidth: document.documentElement.scrollWidth,
					}));
					assert.ok(
						controlsBottom > 0 && controlsBottom <= chartTop,
						`the controls end at ${controlsBottom} px, the chart starts at ${chartTop} px`,
					);
					assert.equal(scrollWidth, width, `the page scrolls sideways at ${width} px`);
					assert.equal(await page.locator("main > .chart").count(), 0, "the client drew before the reader reached for the table");
					await assertAccessible(page, `a table's controls (${colorScheme}, ${width} px)`, { embed: true });
					if (screenshots) await page.screenshot({ path: `${screenshots}/table-controls-${width}-${colorScheme}.png`, fullPage: true });
				} finally {
					await context.close();
				}
			}
		}
	});
});
