/**
 * Embeds for readers (`npm run bench -- embeds`). Per kind (line, bar, pie, scatter,
 * table, map; `lib/embed-cases.ts`) a chart is created and published through the API
 * (`POST /v1/charts/{id}/publish`), and its embed page is loaded in Debian's Chromium at 390 and
 * 800 px under the slow-phone emulation of the issue (150 ms latency, 200,000 bytes/s down,
 * 750 kbit/s up, CPU 4× slower, cache off; `lib/embed-measure.ts`). Measured per kind and width:
 * bytes of HTML, script, data and anything else (as served, gzipped, and raw), script requested
 * before first paint, first and largest contentful paint, cumulative layout shift, and the
 * smallest drawn text at first paint (the page with JavaScript off).
 *
 * The reference, measured alternately in the same run: today's embed page as it was before
 * the page before the embeds-for-readers work, rebuilt from the same published snapshot (`lib/embed-reference.ts`): the widest light
 * SVG of the published `<main>` alone, scaled to the frame's width, under the old page's
 * stylesheet, with the kind's whole client (`/_client/chart.js` or `/_client/map.js`) loaded
 * at once (`defer`) and the same `data.json`.
 *
 * Both pages come from one origin: a small proxy (`lib/embed-proxy.ts`) in front of
 * `wrangler dev` passes the embed host through byte for byte (EMBED_BASE names the proxy) and
 * answers the reference pages itself, gzipped like the Worker's pages. `wrangler dev` gzips what
 * it serves when the browser asks, so wire sizes are gzip as served. Ports: 8970–8979.
 * `EMBEDS_REPEATS` (default 1) loads each page that many times and keeps the median timings.
 */
import type { Browser } from "playwright-core";
import { chromiumMissing, launchChromium } from "../test/harness/browser/chromium.ts";
import { startDevServer } from "../test/harness/local/dev-server.ts";
import { createBenchKeys } from "./lib/accounts.ts";
import { type EmbedCase, embedCases } from "./lib/embed-cases.ts";
import { measureEmbed, type PageFigures, slowPhone, smallestTextAtFirstPaint, type TextSize } from "./lib/embed-measure.ts";
import { startEmbedProxy } from "./lib/embed-proxy.ts";
import { referenceHtml, widestLightDrawing } from "./lib/embed-reference.ts";
import { embedTables } from "./lib/embed-tables.ts";
import { timedOk } from "./lib/http.ts";
import { freePortIn } from "./lib/ports.ts";
import { waitForSteadyWorker } from "./lib/settle.ts";

export const embedWidths = [390, 800] as const;
const repeats = Math.max(1, Number(process.env.EMBEDS_REPEATS ?? 1));
const portRange = [8970, 8979] as const;

export type PageKind = "published" | "reference";

export interface EmbedMeasurement {
	page: PageKind;
	figures: PageFigures;
	/** Every sample's timings, when `EMBEDS_REPEATS` > 1 (figures holds their medians). */
	samples: { fcpMs: number | null; lcpMs: number | null; cls: number }[];
	text: TextSize;
}

export interface EmbedRow {
	name: string;
	kind: string;
	width: number;
	published: EmbedMeasurement;
	reference: EmbedMeasurement;
}

/** The published chart: its embed URL, its page as served, and the reference built from it. */
interface Published {
	c: EmbedCase;
	embedUrl: string;
	referenceUrl: string;
	drawings: { inPage: number; light: number; chosenWidth: number };
	referenceScripts: string[];
}

async function publish(base: string, key: string, c: EmbedCase): Promise<{ id: string; embedUrl: string }> {
	const headers = { Authorization: `Bearer ${key}`, "Content-Type": "application/json" };
	const created = await timedOk(`${base}/v1/charts`, {
		method: "POST",
		headers,
		body: JSON.stringify({ kind: c.kind, data: c.csv, meta: c.meta }),
	});
	const { id } = JSON.parse(new TextDecoder().decode(created.body)) as { id: string };
	const published = await timedOk(`${base}/v1/charts/${id}/publish`, { method: "POST", headers });
	const { embedUrl } = JSON.parse(new TextDecoder().decode(published.body)) as { embedUrl: string };
	return { id, embedUrl };
}

/** The old pages' unhashed client path if the embed host still answers it, else the page's own scripts. */
async function referenceScripts(embedBase: string, c: EmbedCase, pageScripts: string[]): Promise<string[]> {
	const unhashed = `${embedBase}/_client/${c.kind === "map" ? "map" : "chart"}.js`;
	const res = await fetch(unhashed, { method: "HEAD" });
	return res.ok ? [unhashed] : pageScripts.map((src) => new URL(src, embedBase).href);
}

const median = (values: number[]): number | null => {
	if (values.length === 0) return null;
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.floor((sorted.length - 1) / 2)] as number;
};

async function measure(browser: Browser, url: string, width: number, page: PageKind): Promise<EmbedMeasurement> {
	const runs: PageFigures[] = [];
	for (let n = 0; n < repeats; n++) runs.push(await measureEmbed(browser, url, width));
	const ok = runs.filter((r) => !r.error);
	const first = (ok[0] ?? runs[0]) as PageFigures;
	const timings = (pick: (r: PageFigures) => number | null) => median(ok.map(pick).filter((v): v is number => v !== null));
	const figures: PageFigures = {
		...first,
		fcpMs: timings((r) => r.fcpMs),
		lcpMs: timings((r) => r.lcpMs),
		cls: Math.max(0, ...ok.map((r) => r.cls)),
	};
	const text = await smallestTextAtFirstPaint(browser, url, width).catch(
		(error: unknown): TextSize => ({
			smallestPx: null,
			smallestText: `failed: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`,
			under11: 0,
			texts: 0,
		}),
	);
	return { page, figures, samples: runs.map((r) => ({ fcpMs: r.fcpMs, lcpMs: r.lcpMs, cls: r.cls })), text };
}

export async function runEmbedsBench() {
	const missing = chromiumMissing();
	if (missing) throw new Error(`the embeds benchmark needs Debian's chromium: ${missing}`);
	const serverPort = await freePortIn(...portRange);
	const proxyPort = await freePortIn(...portRange, [serverPort]);
	const embedBase = `http://127.0.0.1:${proxyPort}/embed`;
	const server = await startDevServer(serverPort, undefined, { EMBED_BASE: embedBase });
	let proxy: Awaited<ReturnType<typeof startEmbedProxy>> | undefined;
	let browser: Browser | undefined;
	try {
		proxy = await startEmbedProxy(proxyPort, serverPort);
		await waitForSteadyWorker(server.url);
		const [key] = await createBenchKeys(server.target, 1, "business", ["chart:read", "chart:write"]);
		if (!key) throw new Error("no bench key");
		browser = await launchChromium();
		const charts: Published[] = [];
		for (const c of embedCases()) {
			const { id, embedUrl } = await publish(server.url, key, c);
			const html = (await timedOk(embedUrl)).body;
			const drawing = await widestLightDrawing(browser, new TextDecoder().decode(html));
			const scripts = await referenceScripts(embedBase, c, drawing.scripts);
			const referencePath = `/embed/${id}/?bench=reference`;
			proxy.setPage(referencePath, referenceHtml(drawing, embedUrl, scripts));
			charts.push({
				c,
				embedUrl,
				referenceUrl: `${proxy.url}${referencePath}`,
				drawings: { inPage: drawing.drawings, light: drawing.lightDrawings, chosenWidth: drawing.width },
				referenceScripts: scripts.map((s) => new URL(s).pathname),
			});
		}
		const rows: EmbedRow[] = [];
		for (const chart of charts) {
			for (const width of embedWidths) {
				// Alternate the pages so both see the same machine noise.
				const published = await measure(browser, chart.embedUrl, width, "published");
				const reference = await measure(browser, chart.referenceUrl, width, "reference");
				rows.push({ name: chart.c.name, kind: chart.c.kind, width, published, reference });
				const lcp = (m: EmbedMeasurement) => (m.figures.lcpMs === null ? "none" : `${Math.round(m.figures.lcpMs)} ms`);
				console.log(`  ${chart.c.name} at ${width} px: LCP ${lcp(published)} (reference ${lcp(reference)})`);
			}
		}
		const { table, targets } = embedTables(rows);
		return {
			name: "embeds",
			table,
			data: {
				emulation: slowPhone,
				widths: embedWidths,
				repeats,
				charts: charts.map((c) => ({
					name: c.c.name,
					kind: c.c.kind,
					drawings: c.drawings,
					referenceScripts: c.referenceScripts,
				})),
				rows,
				targets,
			},
		};
	} finally {
		await browser?.close();
		await proxy?.stop();
		await server.stop();
	}
}
