/**
 * The live embed in a real browser (Debian's chromium through playwright-core), against a real
 * `wrangler dev`: a host page embeds the iframe snippet; the chart shows at the frame's width,
 * hovering shows a tooltip, the legend toggles series, hostile text runs no script, and a
 * republished title shows after a reload. Skipped, saying why, where Chromium is not installed.
 */
import assert from "node:assert/strict";
import type { Server } from "node:http";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, it } from "node:test";
import type { Browser, Frame, Page } from "playwright-core";
import { assertAccessible } from "../harness/browser/axe.ts";
import { chromiumMissing } from "../harness/browser/chromium.ts";
import type { EmbedFixture } from "../harness/browser/embed-fixture.ts";
import { startEmbedHost } from "../harness/browser/embed-fixture.ts";
import type { DevServer } from "../harness/local/dev-server.ts";

const port = 8955;
const skip = chromiumMissing() ?? false;
const hostile = "<img src=x onerror=alert(1)>";

describe("live embed in a browser", { skip }, () => {
	let fixture: EmbedFixture;
	let server: DevServer;
	let browser: Browser;
	let api: EmbedFixture["api"];
	// Host pages on another origin than the embed, as a newsroom's articles would be. (A real
	// server on loopback: Chromium keeps pages it cannot place on the network from framing it.)
	const hostPages = new Map<string, string>();
	let host: Server;
	let hostUrl: string;

	before(async () => {
		host = createServer((req, res) => {
			if (req.url === "/favicon.ico") return void res.writeHead(204).end();
			const html = hostPages.get(req.url ?? "");
			res.writeHead(html ? 200 : 404, { "Content-Type": "text/html; charset=utf-8" }).end(html ?? "not found");
		});
		await new Promise<void>((resolve) => host.listen(0, "127.0.0.1", resolve));
		hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
		fixture = await startEmbedHost(port, "browser test");
		({ server, browser, api } = fixture);
	});

	after(async () => {
		await fixture?.stop();
		host?.close();
	});

	async function publishedChart(
		meta: Record<string, unknown>,
		data = "party,2022,2026\nGreens,12,19\nLabour,41,38\nLiberals,27,30\n",
		kind = "horizontal-bar",
	) {
		const chart = await api("POST", "/v1/charts", { kind, data, meta });
		const published = await api("POST", `/v1/charts/${chart.id}/publish`);
		return {
			id: String(chart.id),
			embedUrl: String(published.embedUrl),
			iframe: String(published.iframe),
			responsiveIframe: String(published.responsiveIframe),
		};
	}

	interface HostPage {
		page: Page;
		frame: Frame;
		dialogs: string[];
		/** Console errors and CSP violations inside the embed. */
		problems: string[];
	}

	/** A host page 720 px wide embedding the snippet, once the client has drawn the chart. */
	async function hostPage(iframe: string, before = ""): Promise<HostPage> {
		const page = await browser.newPage({ viewport: { width: 900, height: 800 } });
		const dialogs: string[] = [];
		const problems: string[] = [];
		page.on("dialog", async (dialog) => {
			dialogs.push(dialog.message());
			await dialog.dismiss();
		});
		page.on("console", (message) => {
			if (message.type() === "error") problems.push(`${message.text()} (${message.location().url})`);
		});
		page.on("pageerror", (error) => problems.push(error.message));
		const path = `/article-${hostPages.size}`;
		hostPages.set(path, `<!doctype html><html><body><h1>Host page</h1>${before}<div style="width:720px">${iframe}</div></body></html>`);
		await page.goto(`${hostUrl}${path}`);
		const frame = await (await page.waitForSelector("iframe")).contentFrame();
		assert.ok(frame, "the iframe has a document");
		// At the reader's first pointer on the chart (races and tables at once), an ECharts client
		// replaces the server-rendered SVG with its own drawing inside div.chart; the overlay client
		// (line, bar, pie, scatter) keeps the server's drawings and marks main ready.
		await frame.locator("main").hover();
		await frame.waitForSelector(interactive, { timeout: 20_000 });
		return { page, frame, dialogs, problems };
	}

	/** The page's chart once interactive, whichever client made it so. */
	const interactive = "main > div.chart svg, main[data-interactive=ready]";

	/** Hovers a grid of points over the chart until a tooltip contains `wanted`; the last tooltip text seen. */
	async function hoverForTooltip({ page, frame }: HostPage, wanted: string): Promise<string> {
		const box = await page.locator("iframe").boundingBox();
		assert.ok(box);
		let seen = "";
		for (const y of [0.3, 0.4, 0.5, 0.6, 0.7, 0.8]) {
			for (const x of [0.25, 0.35, 0.45]) {
				await page.mouse.move(box.x + box.width * x, box.y + box.height * y);
				await page.waitForTimeout(150);
				const tip = frame.locator(".chart-tooltip");
				if ((await tip.count()) > 0 && (await tip.first().isVisible())) seen = await tip.first().innerText();
				if (seen.includes(wanted)) return seen;
			}
		}
		return seen;
	}

	it("shows the chart at the frame's width, with its title, and a tooltip on hover", async () => {
		const { iframe } = await publishedChart({ title: "Seats by party" });
		const host = await hostPage(iframe);
		assert.equal(await host.frame.title(), "Seats by party");
		// The overlay keeps the server's drawings: the one the page's CSS shows is the chart.
		const svgBox = await host.frame.locator("main svg:visible").boundingBox();
		assert.equal(Math.round(svgBox?.width ?? 0), 720, "the chart fills the frame's width");
		assert.ok(await host.frame.locator("main svg text", { hasText: "Seats by party" }).count(), "the title is drawn");
		const shot = await host.page.locator("iframe").screenshot();
		assert.ok(shot.byteLength > 5_000, `the chart area is not blank (${shot.byteLength} bytes)`);
		assert.match(await hoverForTooltip(host, "Labour"), /Labour\s+2022\s+41\s+2026\s+38/);
		assert.deepEqual(host.problems, [], "no console errors or CSP violations");
		await host.page.close();
	});

	it("draws the interactive chart's text in Inter, loaded same-origin as WOFF2 under the page's CSP", async () => {
		// A dot plot: its client draws with ECharts in the page (the overlay's kinds keep the server's text).
		const { iframe } = await publishedChart({ title: "Seats by party" }, undefined, "dot");
		const host = await hostPage(iframe);
		const fonts = await host.frame.evaluate(async () => {
			await document.fonts.ready;
			const faces: string[] = [];
			document.fonts.forEach((face) => {
				faces.push(`${face.family} ${face.weight} ${face.status}`);
			});
			// The client's own drawing (not the server SVG): its title and its computed font.
			const title = Array.from(document.querySelectorAll("main > div.chart svg text")).find((t) => t.textContent === "Seats by party");
			const family = title ? getComputedStyle(title).fontFamily : "";
			const fontFiles = performance
				.getEntriesByType("resource")
				.map((entry) => entry.name)
				.filter((name) => name.includes("/_fonts/"));
			return { faces, family, fontFiles, inter: document.fonts.check("12px Inter"), interBold: document.fonts.check("600 18px Inter") };
		});
		assert.ok(fonts.family.startsWith("Inter"), `the client's title is drawn in ${fonts.family}`);
		assert.ok(fonts.inter && fonts.interBold, `Inter is not ready: ${fonts.faces.join(", ")}`);
		assert.ok(fonts.faces.includes("Inter 400 loaded"), fonts.faces.join(", "));
		assert.ok(fonts.faces.includes("Inter 600 loaded"), fonts.faces.join(", "));
		// A chart in Latin script never downloads the fallback font.
		assert.ok(fonts.faces.includes("DejaVu Sans 400 unloaded"), fonts.faces.join(", "));
		for (const url of fonts.fontFiles)
			assert.match(url, new RegExp(`^${fixture.server.url.replaceAll(".", "\\.")}/embed/_fonts/[a-z0-9-]+\\.[0-9a-f]{16}\\.woff2$`));
		assert.ok(fonts.fontFiles.length > 0, "a font came from the embed host");
		assert.deepEqual(host.problems, [], "no console errors or CSP violations");
		await host.page.close();
	});

	it("toggles a series from the legend, in every drawing of the page", async () => {
		const { iframe } = await publishedChart({ title: "Seats" });
		const host = await hostPage(iframe);
		/** The bars of a series shown in the drawing the page shows now. */
		const bars = (series: number) =>
			host.frame.evaluate((s) => {
				const svg = Array.from(document.querySelectorAll("main svg")).find((e) => e.getBoundingClientRect().width > 0);
				return Array.from(svg?.querySelectorAll(`path[ecmeta_series_index="${s}"][ecmeta_ssr_type="chart"]`) ?? []).filter(
					(e) => getComputedStyle(e).visibility !== "hidden",
				).length;
			}, series);
		assert.deepEqual([await bars(0), await bars(1)], [3, 3]);
		// The 2026 entry of the legend, where a reader clicks it (its hit area lies over its text).
		const entry = host.frame.locator('main svg:visible [ecmeta_ssr_type="legend"][ecmeta_series_index="1"]:not([ecmeta_silent])');
		assert.equal(await entry.evaluate((e) => getComputedStyle(e).cursor), "pointer");
		await entry.click();
		await host.frame.waitForFunction(() => document.querySelectorAll("main svg .legend-veil").length > 0);
		assert.deepEqual([await bars(0), await bars(1)], [3, 0], "the three 2026 bars are hidden");
		// The tooltip leaves the hidden series out.
		assert.match(await hoverForTooltip(host, "Labour"), /^Labour\s+2022\s+41$/);
		// Every drawing of the page (other widths, the other mode) hides it too.
		const hiddenEverywhere = await host.frame.evaluate(() =>
			Array.from(document.querySelectorAll("main svg")).every((svg) =>
				Array.from(svg.querySelectorAll('[ecmeta_series_index="1"][ecmeta_ssr_type="chart"]')).every(
					(e) => (e as SVGElement).style.visibility === "hidden",
				),
			),
		);
		assert.ok(hiddenEverywhere, "hidden in every width class and mode");
		await entry.click();
		await host.frame.waitForFunction(() => document.querySelectorAll("main svg .legend-veil").length === 0);
		assert.deepEqual([await bars(0), await bars(1)], [3, 3], "and shown again");
		assert.deepEqual(host.problems, [], "no console errors or CSP violations");
		await host.page.close();
	});

	it("runs no script from a hostile title or label, and shows them as text", async () => {
		const { iframe } = await publishedChart({ title: hostile }, `party,seats\n${hostile},40\nLabour,38\n`);
		const host = await hostPage(iframe);
		assert.equal(await host.frame.title(), hostile);
		// The label reaches the tooltip as text, not markup.
		assert.match(await hoverForTooltip(host, hostile), /^<img src=x onerror=alert\(1\)>\s+seats\s+40$/);
		await host.page.waitForTimeout(300);
		assert.equal(await host.frame.locator("img").count(), 0);
		assert.deepEqual(host.dialogs, []);
		await host.page.close();
	});

	it("follows the chart's dark mode", async () => {
		const { iframe } = await publishedChart({ title: "Dark", mode: "dark" });
		const host = await hostPage(iframe);
		const background = await host.frame.evaluate(() => getComputedStyle(document.body).backgroundColor);
		const [r, g, b] = (background.match(/\d+/g) ?? []).map(Number);
		assert.ok((r ?? 255) + (g ?? 255) + (b ?? 255) < 150, `a dark background (${background})`);
		await host.page.close();
	});

	it("in auto mode follows the reader's scheme without JavaScript, and the host's charts:mode message with it", async () => {
		const { id, iframe } = await publishedChart({ title: "Auto", mode: "auto", theme: "classic" });
		// The page's background and the shown drawing's: one drawing serves both modes, its dark colours from CSS.
		const shown = (frame: Frame | Page) =>
			frame.evaluate(() => {
				const svgs = Array.from(document.querySelectorAll("main svg")).filter((svg) => svg.getBoundingClientRect().width > 0);
				const rect = svgs[0]?.querySelector("rect");
				return {
					background: getComputedStyle(document.body).backgroundColor,
					drawings: svgs.length,
					drawn: rect ? getComputedStyle(rect).fill : "",
				};
			});
		// Without JavaScript, CSS alone picks the drawing of the reader's scheme.
		for (const scheme of ["light", "dark"] as const) {
			const page = await browser.newPage({ javaScriptEnabled: false, colorScheme: scheme, viewport: { width: 720, height: 600 } });
			await page.goto(`${server.url}/embed/${id}/`);
			const dark = scheme === "dark";
			assert.deepEqual(await shown(page), {
				background: dark ? "rgb(21, 24, 29)" : "rgb(255, 255, 255)",
				drawings: 1,
				drawn: dark ? "rgb(21, 24, 29)" : "rgb(255, 255, 255)",
			});
			// The embed URL's ?mode= overrides the scheme, still without JavaScript.
			await page.goto(`${server.url}/embed/${id}/?mode=${dark ? "light" : "dark"}`);
			assert.equal((await shown(page)).background, dark ? "rgb(255, 255, 255)" : "rgb(21, 24, 29)");
			await page.close();
		}
		// With JavaScript, the interactive drawing follows too, and the host page can switch it.
		const host = await hostPage(iframe);
		const drawnBackground = () =>
			host.frame.evaluate(() => {
				// The drawing shown (the client's own, or the server's that the page's CSS shows), as painted.
				const shown = Array.from(document.querySelectorAll("main svg")).filter((svg) => svg.getBoundingClientRect().width > 0);
				const fills = shown.flatMap((svg) => Array.from(svg.querySelectorAll("rect, path")).map((e) => getComputedStyle(e).fill));
				return fills.includes("rgb(21, 24, 29)") ? "dark" : fills.includes("rgb(255, 255, 255)") ? "light" : "none";
			});
		assert.equal(await drawnBackground(), "light");
		await host.page.emulateMedia({ colorScheme: "dark" });
		await host.frame.waitForFunction(() => getComputedStyle(document.body).backgroundColor === "rgb(21, 24, 29)");
		await host.frame.waitForFunction(() =>
			Array.from(document.querySelectorAll("main svg"))
				.filter((svg) => svg.getBoundingClientRect().width > 0)
				.some((svg) => Array.from(svg.querySelectorAll("rect, path")).some((e) => getComputedStyle(e).fill === "rgb(21, 24, 29)")),
		);
		const post = (message: unknown) =>
			host.page.evaluate((m) => document.querySelector("iframe")?.contentWindow?.postMessage(m, "*"), message);
		await post({ type: "charts:mode", mode: "light" });
		await host.frame.waitForFunction(() => document.documentElement.dataset.mode === "light");
		await host.frame.waitForFunction(() => getComputedStyle(document.body).backgroundColor === "rgb(255, 255, 255)");
		assert.equal(await drawnBackground(), "light");
		// Malformed messages are ignored and leave the listener working.
		await post({ type: "charts:mode", mode: "sepia" });
		await post({ type: "other", mode: "dark" });
		await post("charts:mode");
		await post({ type: "charts:mode", mode: "dark" });
		await host.frame.waitForFunction(() => document.documentElement.dataset.mode === "dark");
		assert.equal(await drawnBackground(), "dark");
		assert.deepEqual(host.problems, [], "no console errors or CSP violations");
		await host.page.close();
	});

	it("reports its content height to the host, and the loader sizes the frame to it", async () => {
		const rows = Array.from({ length: 12 }, (_, i) => `City ${String.fromCharCode(65 + i)},${(i + 1) * 1000}`).join("\n");
		// A table with its search box: taller than the chart's aspect ratio, which is all the plain snippet knows.
		const { id, responsiveIframe } = await publishedChart(
			{ title: "Cities", w: 800, h: 200, table: { pageSize: 5, search: true } },
			`city,people\n${rows}\n`,
			"table",
		);
		// The host page records the messages it gets, as an embedder's own script could.
		const listen = `<script>window.heights=[];addEventListener("message",function(e){if(e.data&&e.data.type==="charts:height")heights.push({origin:e.origin,id:e.data.id,height:e.data.height})})</script>`;
		const host = await hostPage(responsiveIframe, listen);
		const iframe = host.page.locator("iframe");
		const content = () => host.frame.evaluate(() => Math.ceil(document.body.getBoundingClientRect().height));
		const frameHeight = async () => Math.round((await iframe.boundingBox())?.height ?? 0);
		await host.frame.getByRole("searchbox", { name: "Search the table" }).waitFor();
		let wanted = await content();
		assert.ok(wanted > 720 * (200 / 800) + 10, `the content (${wanted} px) is taller than the aspect ratio's 180 px`);
		await host.page.waitForFunction(
			(h) => Math.round(document.querySelector("iframe")?.getBoundingClientRect().height ?? 0) === h,
			wanted,
			{ timeout: 20_000 },
		);
		// No inner scrollbar, no empty band.
		assert.equal(await frameHeight(), wanted);
		assert.ok(await host.frame.evaluate(() => document.documentElement.scrollHeight <= document.documentElement.clientHeight));
		const heights = (await host.page.evaluate("window.heights")) as { origin: string; id: string; height: number }[];
		assert.ok(heights.length > 0, "the host got height messages");
		assert.deepEqual(heights.at(-1), { origin: fixture.server.url, id, height: wanted });
		// A message from anywhere but the embed host is ignored.
		await host.page.evaluate(() => window.postMessage({ type: "charts:height", height: 40 }, "*"));
		await host.page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
		assert.equal(await frameHeight(), wanted);
		// A narrower column: the content's height changes (a table keeps its rows' height, drawn for
		// the 280 px class and scaled to the frame), and the frame follows.
		await host.page.evaluate(() => {
			const column = document.querySelector("iframe")?.parentElement?.parentElement;
			if (column) column.style.width = "300px";
		});
		await host.page.waitForFunction(() => (document.querySelector("iframe")?.getBoundingClientRect().width ?? 0) <= 300);
		await host.frame.waitForFunction((before) => Math.ceil(document.body.getBoundingClientRect().height) !== before, wanted, {
			timeout: 20_000,
		});
		wanted = await content();
		await host.page.waitForFunction(
			(h) => Math.round(document.querySelector("iframe")?.getBoundingClientRect().height ?? 0) === h,
			wanted,
			{ timeout: 20_000 },
		);
		assert.deepEqual(host.problems, [], "no console errors or CSP violations");
		await host.page.close();
	});

	it("keeps the aspect ratio without the loader", async () => {
		const { iframe } = await publishedChart({ title: "Plain", w: 800, h: 400 });
		const host = await hostPage(iframe);
		assert.equal(Math.round((await host.page.locator("iframe").boundingBox())?.height ?? 0), 360);
		await host.page.close();
	});

	it("shows the new title after republishing and a reload", async () => {
		const { id, iframe } = await publishedChart({ title: "Before" });
		const host = await hostPage(iframe);
		assert.equal(await host.frame.title(), "Before");
		await api("PATCH", `/v1/charts/${id}`, { meta: { title: "After" } });
		await api("POST", `/v1/charts/${id}/publish`);
		await host.page.reload();
		const frame = await (await host.page.waitForSelector("iframe")).contentFrame();
		assert.ok(frame);
		await frame.locator("main").hover();
		await frame.waitForSelector(interactive, { timeout: 20_000 });
		assert.equal(await frame.title(), "After");
		assert.ok(await frame.locator("main svg text", { hasText: "After" }).count(), "the new title is drawn");
		await host.page.close();
	});

	it("draws direct labels, an annotation and the source link of the chart's settings", async () => {
		const { iframe } = await publishedChart(
			{
				title: "Prices",
				sourceText: "Source: BLS",
				sourceUrl: "https://www.bls.gov/cpi/",
				description: "Prices rose, then fell.",
				labels: { direct: true },
				annotations: [{ type: "line", axis: "y", value: 2, label: "Target 2%" }],
			},
			"year,CPI,Core\n2019,1.8,2.1\n2020,0.9,1.6\n2021,2.6,2.0\n",
			"line",
		);
		const host = await hostPage(iframe);
		const drawn = (text: string) => host.frame.locator("main svg:visible text", { hasText: text }).count();
		assert.ok(await drawn("Core"), "the line is named at its end");
		assert.ok(await drawn("Target 2%"), "the annotation is drawn");
		const link = host.frame.locator("a.source-link");
		assert.equal(await link.getAttribute("href"), "https://www.bls.gov/cpi/");
		assert.equal(await link.getAttribute("rel"), "noopener nofollow");
		// The overlay keeps the server's drawing, which names and describes itself.
		const drawing = host.frame.locator("main svg:visible");
		assert.equal(await drawing.getAttribute("role"), "img");
		assert.equal(await drawing.locator("desc").textContent(), "Prices rose, then fell.");
		assert.equal(await host.frame.locator("main").getAttribute("aria-label"), "Prices");
		assert.deepEqual(host.problems, [], "no console errors or CSP violations");
		await host.page.close();
	});

	it("plays a bar race: bars re-sort as the periods change, values count up, and it pauses", async () => {
		const { iframe } = await publishedChart(
			{ title: "Race", race: { enabled: true } },
			"year,China,India,USA\n2000,1263,1057,282\n2010,1338,1234,309\n2023,1410,1429,335\n",
		);
		const host = await hostPage(iframe);
		const main = host.frame.locator("main");
		/** The entity names on the category axis, top to bottom. */
		const order = () =>
			host.frame.evaluate(() =>
				Array.from(document.querySelectorAll("main > div.chart svg text"))
					.filter((t) => ["China", "India", "USA"].includes(t.textContent ?? ""))
					.map((t) => ({ name: t.textContent, top: t.getBoundingClientRect().top }))
					.sort((a, b) => a.top - b.top)
					.map((t) => t.name),
			);
		// Playing starts from the first period and moves on by itself.
		await host.frame.waitForFunction(() => document.querySelector("main")?.dataset.period === "2010", undefined, { timeout: 20_000 });
		// Value labels count up between periods: some label shows a number that is no period's value.
		const periodValues = [1263, 1057, 282, 1338, 1234, 309, 1410, 1429, 335];
		await host.frame.waitForFunction(
			(known) =>
				Array.from(document.querySelectorAll("main > div.chart svg text")).some((t) => {
					const n = Number((t.textContent ?? "").replace(/,/g, ""));
					return /^[\d,]+$/.test(t.textContent ?? "") && n > 282 && n < 1500 && n % 50 !== 0 && !known.includes(n);
				}),
			periodValues,
			{ timeout: 20_000 },
		);
		await host.frame.waitForFunction(() => document.querySelector("main")?.dataset.period === "2023", undefined, { timeout: 20_000 });
		assert.ok(await host.frame.locator("main > div.chart svg text", { hasText: "2023" }).count(), "the period is drawn");
		const button = host.frame.getByRole("button", { name: "Play the race" });
		await button.waitFor({ timeout: 20_000 });
		// India overtook China in 2023: the bars have changed places (ECharts sorts them as they move).
		await host.frame.locator("main > div.chart svg text", { hasText: "1,429" }).waitFor({ timeout: 20_000 });
		assert.deepEqual(await order(), ["India", "China", "USA"]);
		await button.click();
		await host.frame.waitForFunction(() => document.querySelector("main")?.dataset.period === "2000", undefined, { timeout: 20_000 });
		await host.frame.locator("main > div.chart svg text", { hasText: "1,263" }).waitFor({ timeout: 20_000 });
		await host.frame.getByRole("button", { name: "Pause the race" }).click();
		const paused = await main.getAttribute("data-period");
		assert.ok(paused);
		assert.deepEqual((await order())[0], "China", "China leads in 2000");
		assert.deepEqual(host.problems, [], "no console errors or CSP violations");
		await host.page.close();
	});

	it("writes dates in the chart's locale on the axis and in the tooltip", async () => {
		const { iframe } = await publishedChart(
			{ title: "Umsatz", locale: "de-DE" },
			"month,Umsatz\n2024-01,1200.5\n2024-02,1300\n2024-03,1250\n",
			"line",
		);
		const host = await hostPage(iframe);
		assert.ok(await host.frame.locator("main svg:visible text", { hasText: "März 2024" }).count(), "the axis names the month in German");
		const tip = await hoverForTooltip(host, "2024");
		assert.match(tip, /(Jan|Feb|März)\. 2024|März 2024/);
		assert.doesNotMatch(tip, /2024-0/, "no ISO date in the tooltip");
		assert.match(tip, /1\.[23]\d\d(,\d+)?/, "the value in German digits");
		await host.page.close();
	});

	it("searches and pages a table", async () => {
		const rows = Array.from({ length: 12 }, (_, i) => `City ${String.fromCharCode(65 + i)},${(i + 1) * 1000}`).join("\n");
		const { iframe } = await publishedChart(
			{ title: "Cities", locale: "de-DE", table: { sortBy: "people", sortDirection: "desc", pageSize: 5, search: true } },
			`city,people\n${rows}\n`,
			"table",
		);
		const host = await hostPage(iframe);
		const cell = (text: string) => host.frame.locator("main > div.chart svg text", { hasText: text }).count();
		// Largest first, five to a page, numbers in the locale.
		assert.ok(await cell("12.000"), "the first page starts with the largest row");
		assert.equal(await cell("City G"), 0, "the sixth row is on the next page");
		await host.frame.getByRole("button", { name: "Next" }).click();
		await host.frame.locator("main > div.chart svg text", { hasText: "City G" }).waitFor({ timeout: 20_000 });
		await host.frame.getByRole("searchbox", { name: "Search the table" }).fill("City B");
		await host.frame.getByText("1 row · page 1 of 1").waitFor({ timeout: 20_000 });
		assert.ok(await cell("2.000"));
		assert.equal(await cell("City L"), 0);
		// Search matches what the cells show: "12.000" in de-DE, not the raw 12000.
		await host.frame.getByRole("searchbox", { name: "Search the table" }).fill("12.000");
		await host.frame.getByText("1 row · page 1 of 1").waitFor({ timeout: 20_000 });
		assert.ok(await cell("City L"));
		await host.frame.getByRole("searchbox", { name: "Search the table" }).fill("12000");
		await host.frame.getByText("0 rows · page 1 of 1").waitFor({ timeout: 20_000 });
		// Paging works on the rows found: "City" finds all twelve, five to a page.
		await host.frame.getByRole("searchbox", { name: "Search the table" }).fill("city");
		await host.frame.getByText("12 rows · page 1 of 3").waitFor({ timeout: 20_000 });
		await host.frame.getByRole("button", { name: "Next" }).click();
		await host.frame.getByText("12 rows · page 2 of 3").waitFor({ timeout: 20_000 });
		assert.ok(await cell("City G"), "the second page of the found rows");
		assert.deepEqual(host.problems, [], "no console errors or CSP violations");
		await host.page.close();
	});
	/** Twelve cities, largest first, five to a page, with a search box, in de-DE. */
	const pagedTable = () =>
		publishedChart(
			{ title: "Cities", locale: "de-DE", table: { sortBy: "people", sortDirection: "desc", pageSize: 5, search: true } },
			`city,people\n${Array.from({ length: 12 }, (_, i) => `City ${String.fromCharCode(65 + i)},${(i + 1) * 1000}`).join("\n")}\n`,
			"table",
		);

	/** Holds the page's data back until released: the client cannot draw the table before then. */
	async function holdData(page: Page): Promise<() => void> {
		let release = () => {};
		const released = new Promise<void>((resolve) => {
			release = resolve;
		});
		await page.route("**/data.json", async (route) => {
			await released;
			await route.continue();
		});
		return release;
	}

	/** The texts of the drawing the reader sees: the client's once drawn, else the server's shown one. */
	const shownTexts = (page: Page) =>
		page.evaluate(() =>
			Array.from(document.querySelectorAll("main svg"))
				.filter((svg) => svg.getBoundingClientRect().width > 0)
				.flatMap((svg) => Array.from(svg.querySelectorAll("text"), (text) => text.textContent ?? "")),
		);

	it("shows a table's controls and first page before the client draws, and applies a search typed before it did", async () => {
		const { embedUrl } = await pagedTable();
		// A context of its own: axe needs one.
		const context = await browser.newContext({ viewport: { width: 800, height: 700 } });
		const page = await context.newPage();
		const problems: string[] = [];
		page.on("pageerror", (error) => problems.push(error.message));
		const release = await holdData(page);
		// The DOM, not "load": data.json is held until the test releases it, so "load" can wait on it.
		await page.goto(embedUrl, { waitUntil: "domcontentloaded" });
		const search = page.getByRole("searchbox", { name: "Search the table" });
		// The first paint: the controls, page 1 drawn by the server, and no client drawing.
		await search.waitFor();
		assert.ok(await page.getByRole("button", { name: "Previous" }).isVisible());
		assert.ok(await page.getByRole("button", { name: "Next" }).isVisible());
		assert.ok(await page.getByText("12 rows · page 1 of 3").isVisible());
		const first = await shownTexts(page);
		assert.ok(first.includes("City H") && first.includes("12.000"), "the server draws page 1, largest first");
		assert.ok(!first.includes("City G"), "the sixth row is on page 2");
		// The client makes the controls live, and draws nothing until the reader reaches for them.
		await page.waitForFunction(() => !document.querySelector<HTMLInputElement>("input[type=search]")?.disabled);
		await page.waitForTimeout(300);
		assert.equal(await page.locator("main > .chart").count(), 0, "the client drew before the reader reached for the table");
		await assertAccessible(page, "a table's page before the client draws", { embed: true });
		await search.fill("City B");
		await page.waitForTimeout(300);
		assert.equal(await page.locator("main > .chart").count(), 0, "the data is held back: nothing is drawn yet");
		release();
		await page.getByText("1 row · page 1 of 1").waitFor({ timeout: 20_000 });
		await page.waitForSelector("main > .chart svg");
		const found = await shownTexts(page);
		assert.ok(found.includes("City B") && found.includes("2.000"), "the search typed before the table was drawn is applied");
		assert.ok(!found.includes("City L"));
		assert.equal(await search.inputValue(), "City B");
		await assertAccessible(page, "a table's page once searched", { embed: true });
		assert.deepEqual(problems, []);
		await context.close();
	});

	it("turns to page 2 for a Next pressed before the table was drawn", async () => {
		const { embedUrl } = await pagedTable();
		const page = await browser.newPage({ viewport: { width: 390, height: 700 } });
		const release = await holdData(page);
		await page.goto(embedUrl, { waitUntil: "domcontentloaded" });
		const next = page.getByRole("button", { name: "Next" });
		await page.waitForFunction(() => !document.querySelector<HTMLButtonElement>("button[data-control=next]")?.disabled);
		await next.click();
		await page.waitForTimeout(300);
		assert.equal(await page.locator("main > .chart").count(), 0, "the data is held back: nothing is drawn yet");
		release();
		await page.getByText("12 rows · page 2 of 3").waitFor({ timeout: 20_000 });
		const second = await shownTexts(page);
		assert.ok(second.includes("City G") && !second.includes("City H"), "page 2 is drawn");
		await page.getByRole("button", { name: "Previous" }).click();
		await page.getByText("12 rows · page 1 of 3").waitFor({ timeout: 20_000 });
		assert.ok((await shownTexts(page)).includes("City H"));
		await page.close();
	});

	it("shows no controls that cannot act without JavaScript, only the table's first page and how many there are", async () => {
		const { embedUrl } = await pagedTable();
		const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 800, height: 700 } });
		try {
			const page = await context.newPage();
			await page.goto(embedUrl);
			assert.ok(await page.getByText("12 rows · page 1 of 3").isVisible());
			assert.equal(await page.getByRole("searchbox").count(), 0);
			assert.equal(await page.getByRole("button").count(), 0);
			assert.ok((await shownTexts(page)).includes("City H"));
		} finally {
			await context.close();
		}
	});
});
