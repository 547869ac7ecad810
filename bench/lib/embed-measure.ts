/**
 * One embed page in Chromium as a reader on a slow phone gets it: 150 ms latency,
 * 1.6 Mbit/s down (200,000 bytes/s), 750 kbit/s up, the CPU slowed 4×, the cache off, through
 * the Chrome DevTools Protocol. What it measures, all read in the page:
 * - bytes per kind of resource from Resource Timing: `encodedBodySize` (the body as it crossed
 *   the wire, gzipped when the server gzipped it) and `decodedBodySize` (raw); the browser's own
 *   `/favicon.ico` request is listed but not counted (a framed embed never makes it);
 * - script before first paint: the wire bytes of scripts the first paint waited for (Resource
 *   Timing's `renderBlockingStatus: "blocking"`) or that took bandwidth from it: arrived before
 *   first contentful paint having started while the page's HTML was still downloading. A
 *   `defer` script requested once the HTML had arrived takes nothing the first paint needs, even
 *   when a small one lands before a CPU-bound paint; those bytes are shown apart
 *   (`scriptArrivedBeforePaint`), as are the bytes merely *requested* before first paint
 *   (`scriptRequestedBeforePaint`);
 * - first contentful paint, largest contentful paint (the last `largest-contentful-paint` entry,
 *   read once the page has settled) and cumulative layout shift (largest session window);
 * - whether the page's client changed the chart in `<main>` after it was parsed.
 * The smallest drawn text at first paint is measured apart (`smallestTextAtFirstPaint`): the
 * page with JavaScript off shows exactly what the first paint shows.
 *
 * Nothing here can hang the suite: navigation has a timeout, settling has a cap, and a page
 * that never reports a paint yields null figures rather than waiting.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";

export interface Bytes {
	/** Body bytes on the wire (as served: gzipped when the server gzipped). */
	wire: number;
	/** Body bytes after decoding. */
	raw: number;
}

export interface PageFigures {
	html: Bytes;
	script: Bytes;
	data: Bytes;
	/** Fonts, stylesheets, images: anything else the page fetched. */
	other: Bytes;
	scriptBeforePaint: Bytes;
	scriptArrivedBeforePaint: Bytes;
	scriptRequestedBeforePaint: Bytes;
	/** Every resource the page fetched (path, how, wire and raw bytes, when it started and ended). */
	resources: { path: string; initiator: string; wire: number; raw: number; startMs: number; endMs: number; blocking: boolean }[];
	fcpMs: number | null;
	lcpMs: number | null;
	/** What the largest contentful paint was ("svg text", "div", …), for reading the figure. */
	lcpElement: string | null;
	cls: number;
	clientChangedChart: boolean;
	/** How the wait ended: the page went quiet, or the cap after the load event. */
	settled: "quiet" | "cap";
	error?: string;
}

export interface TextSize {
	/** The smallest drawn text in CSS px (font size × the drawing's scale), null if none is drawn. */
	smallestPx: number | null;
	/** The text that size belongs to, for reading the figure. */
	smallestText: string | null;
	under11: number;
	texts: number;
}

export const slowPhone = {
	latencyMs: 150,
	downloadBytesPerSecond: 200_000,
	uploadBytesPerSecond: 750_000 / 8,
	cpuSlowdown: 4,
};

const navigationTimeoutMs = 30_000;

/**
 * tsx (esbuild with keepNames) wraps named functions in `__name(…)`, which does not exist in the
 * page that runs a function passed to `evaluate` or `addInitScript`: defined there first.
 */
export const nameShim = "globalThis.__name ??= (fn) => fn;";
/** After the load event: settled once nothing changed in the page or on the network for this long… */
const quietMs = 1000;
/** …or this long after the load event, whichever comes first. */
const settleCapMs = 8000;
/** Past this, a page is given up on (navigation, settling and reading included). */
const pageDeadlineMs = navigationTimeoutMs + settleCapMs + 15_000;

/** Installed before any page script: records paints, shifts and changes to the chart. */
const recorder = () => {
	interface Recorded {
		lcp: number | null;
		lcpElement: string | null;
		shifts: { at: number; value: number }[];
		lastChange: number;
		chartChanges: number;
	}
	const recorded: Recorded = { lcp: null, lcpElement: null, shifts: [], lastChange: 0, chartChanges: 0 };
	(window as unknown as { __embedBench: Recorded }).__embedBench = recorded;
	new PerformanceObserver((list) => {
		for (const entry of list.getEntries() as (PerformanceEntry & { element?: Element | null })[]) {
			recorded.lcp = entry.startTime;
			const element = entry.element;
			recorded.lcpElement = element
				? `${element.closest("svg") && element.tagName.toLowerCase() !== "svg" ? "svg " : ""}${element.tagName.toLowerCase()}`
				: "(removed)";
		}
	}).observe({ type: "largest-contentful-paint", buffered: true });
	new PerformanceObserver((list) => {
		for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
			if (!entry.hadRecentInput) recorded.shifts.push({ at: entry.startTime, value: entry.value });
		}
	}).observe({ type: "layout-shift", buffered: true });
	new MutationObserver((records) => {
		recorded.lastChange = performance.now();
		// Changes inside <main> once the parser has finished are the client's doing.
		if (document.readyState !== "loading" && records.some((r) => (r.target as Element).closest?.("main") || r.target.nodeName === "MAIN"))
			recorded.chartChanges++;
	}).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
};

/** Cumulative layout shift as Chromium defines it: the largest 1 s-gap, 5 s-long session window. */
export function cumulativeShift(shifts: { at: number; value: number }[]): number {
	let best = 0;
	let sum = 0;
	let start = Number.NEGATIVE_INFINITY;
	let last = Number.NEGATIVE_INFINITY;
	for (const { at, value } of [...shifts].sort((a, b) => a.at - b.at)) {
		if (at - last > 1000 || at - start > 5000) {
			sum = 0;
			start = at;
		}
		sum += value;
		last = at;
		best = Math.max(best, sum);
	}
	return best;
}

async function slowPhoneContext(browser: Browser, width: number): Promise<{ context: BrowserContext; page: Page }> {
	const context = await browser.newContext({ viewport: { width, height: 900 } });
	const page = await context.newPage();
	const cdp = await context.newCDPSession(page);
	await cdp.send("Network.enable");
	await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
	await cdp.send("Network.emulateNetworkConditions", {
		offline: false,
		latency: slowPhone.latencyMs,
		downloadThroughput: slowPhone.downloadBytesPerSecond,
		uploadThroughput: slowPhone.uploadBytesPerSecond,
	});
	await cdp.send("Emulation.setCPUThrottlingRate", { rate: slowPhone.cpuSlowdown });
	return { context, page };
}

/** Waits until the page and the network have been quiet for `quietMs`, or `settleCapMs` after load. */
async function settle(page: Page, inFlight: () => number, lastNetwork: () => number): Promise<"quiet" | "cap"> {
	const cap = Date.now() + settleCapMs;
	while (Date.now() < cap) {
		const sinceChange = await page.evaluate(() => {
			const recorded = (window as unknown as { __embedBench?: { lastChange: number } }).__embedBench;
			return performance.now() - (recorded?.lastChange ?? 0);
		});
		if (inFlight() === 0 && sinceChange >= quietMs && Date.now() - lastNetwork() >= quietMs) return "quiet";
		await new Promise((r) => setTimeout(r, 200));
	}
	return "cap";
}

const noBytes = (): Bytes => ({ wire: 0, raw: 0 });
const add = (to: Bytes, from: Bytes) => {
	to.wire += from.wire;
	to.raw += from.raw;
};

/** Loads `url` at `width` under the slow-phone emulation and reads its figures once it settles. */
export async function measureEmbed(browser: Browser, url: string, width: number): Promise<PageFigures> {
	const { context, page } = await slowPhoneContext(browser, width);
	let inFlight = 0;
	let lastNetwork = Date.now();
	const network = (delta: number) => () => {
		inFlight += delta;
		lastNetwork = Date.now();
	};
	page.on("request", network(1));
	page.on("requestfinished", network(-1));
	page.on("requestfailed", network(-1));
	// A page whose main thread never comes back (a client stuck in a loop) would hold `evaluate`
	// forever: closing the context makes every pending call fail, and the page is reported failed.
	let gaveUp = false;
	const stuck = setTimeout(() => {
		gaveUp = true;
		void context.close().catch(() => {});
	}, pageDeadlineMs);
	try {
		await page.addInitScript(nameShim);
		await page.addInitScript(recorder);
		await page.goto(url, { waitUntil: "load", timeout: navigationTimeoutMs });
		const settled = await settle(
			page,
			() => inFlight,
			() => lastNetwork,
		);
		const read = await page.evaluate(() => {
			const recorded = (
				window as unknown as {
					__embedBench: {
						lcp: number | null;
						lcpElement: string | null;
						shifts: { at: number; value: number }[];
						chartChanges: number;
					};
				}
			).__embedBench;
			const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null;
			const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
			const resources = (performance.getEntriesByType("resource") as (PerformanceResourceTiming & { renderBlockingStatus?: string })[]).map(
				(r) => ({
					name: r.name,
					initiator: r.initiatorType,
					start: r.startTime,
					end: r.responseEnd,
					blocking: r.renderBlockingStatus === "blocking",
					wire: r.encodedBodySize,
					raw: r.decodedBodySize,
				}),
			);
			return {
				fcp,
				lcp: recorded.lcp,
				lcpElement: recorded.lcpElement,
				shifts: recorded.shifts,
				chartChanges: recorded.chartChanges,
				html: { wire: navigation?.encodedBodySize ?? 0, raw: navigation?.decodedBodySize ?? 0 },
				htmlEnd: navigation?.responseEnd ?? null,
				resources,
			};
		});
		const figures: PageFigures = {
			html: read.html,
			script: noBytes(),
			data: noBytes(),
			other: noBytes(),
			scriptBeforePaint: noBytes(),
			scriptArrivedBeforePaint: noBytes(),
			scriptRequestedBeforePaint: noBytes(),
			resources: read.resources.map((r) => ({
				path: new URL(r.name).pathname,
				initiator: r.initiator,
				wire: r.wire,
				raw: r.raw,
				startMs: Math.round(r.start),
				endMs: Math.round(r.end),
				blocking: r.blocking,
			})),
			fcpMs: read.fcp,
			lcpMs: read.lcp,
			lcpElement: read.lcpElement,
			cls: cumulativeShift(read.shifts),
			clientChangedChart: read.chartChanges > 0,
			settled,
		};
		for (const r of read.resources) {
			const path = new URL(r.name).pathname;
			// Chromium asks for a top-level page's icon by itself; a framed embed never does.
			if (path === "/favicon.ico") continue;
			const isScript = r.initiator === "script" || path.endsWith(".js") || path.endsWith(".mjs");
			const bucket = isScript ? figures.script : path.endsWith("/data.json") ? figures.data : figures.other;
			add(bucket, r);
			if (!isScript) continue;
			const beforePaint = (at: number) => read.fcp === null || at < read.fcp;
			const alongsideHtml = read.htmlEnd === null || r.start < read.htmlEnd;
			if (r.blocking || (beforePaint(r.end) && alongsideHtml)) add(figures.scriptBeforePaint, r);
			if (beforePaint(r.end)) add(figures.scriptArrivedBeforePaint, r);
			if (beforePaint(r.start)) add(figures.scriptRequestedBeforePaint, r);
		}
		return figures;
	} catch (error) {
		return {
			html: noBytes(),
			script: noBytes(),
			data: noBytes(),
			other: noBytes(),
			scriptBeforePaint: noBytes(),
			scriptArrivedBeforePaint: noBytes(),
			scriptRequestedBeforePaint: noBytes(),
			resources: [],
			fcpMs: null,
			lcpMs: null,
			lcpElement: null,
			cls: 0,
			clientChangedChart: false,
			settled: "cap",
			error: gaveUp
				? `given up after ${pageDeadlineMs / 1000} s (the page stopped answering)`
				: error instanceof Error
					? error.message.split("\n")[0]
					: String(error),
		};
	} finally {
		clearTimeout(stuck);
		await context.close();
	}
}

/**
 * The smallest text the first paint draws: the page with JavaScript off (so no client can have
 * redrawn anything), every visible SVG `<text>` in `<main>` at its font size times the scale its
 * drawing is shown at (from the screen transform), and any HTML text in `<main>` at its font size.
 */
export async function smallestTextAtFirstPaint(browser: Browser, url: string, width: number): Promise<TextSize> {
	const context = await browser.newContext({ viewport: { width, height: 900 }, javaScriptEnabled: false });
	const stuck = setTimeout(() => void context.close().catch(() => {}), navigationTimeoutMs + 15_000);
	try {
		const page = await context.newPage();
		await page.goto(url, { waitUntil: "load", timeout: navigationTimeoutMs });
		await page.evaluate(nameShim);
		return await page.evaluate(() => {
			const main = document.querySelector("main") ?? document.body;
			const sizes: { px: number; text: string }[] = [];
			const visible = (element: Element) => {
				const box = element.getBoundingClientRect();
				return box.width > 0 && box.height > 0 && element.checkVisibility({ visibilityProperty: true, opacityProperty: true });
			};
			for (const text of Array.from(main.querySelectorAll<SVGTextElement>("svg text"))) {
				const content = text.textContent?.trim() ?? "";
				if (content === "" || !visible(text)) continue;
				const ctm = text.getScreenCTM();
				if (!ctm) continue;
				const scale = Math.hypot(ctm.c, ctm.d);
				sizes.push({ px: Number.parseFloat(getComputedStyle(text).fontSize) * scale, text: content });
			}
			// HTML text (a table drawn as markup, captions, links) outside the drawings.
			const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
			for (let node = walker.nextNode(); node; node = walker.nextNode()) {
				const parent = node.parentElement;
				const content = node.textContent?.trim() ?? "";
				if (!parent || content === "" || parent.closest("svg") || !visible(parent)) continue;
				sizes.push({ px: Number.parseFloat(getComputedStyle(parent).fontSize), text: content });
			}
			sizes.sort((a, b) => a.px - b.px);
			const smallest = sizes[0];
			return {
				smallestPx: smallest ? Math.round(smallest.px * 100) / 100 : null,
				smallestText: smallest ? smallest.text.slice(0, 40) : null,
				under11: sizes.filter((s) => s.px < 11 - 1e-6).length,
				texts: sizes.length,
			};
		});
	} finally {
		clearTimeout(stuck);
		await context.close();
	}
}
