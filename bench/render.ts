/**
 * Rendering benchmark. Per kind (800×500) and for a line of 5 × 100,000 points, every figure
 * beside its reference from the same run, all measured over HTTP by one client (`lib/http.ts`):
 * - our uncached SVG, PNG (scale 1) and PDF through `wrangler dev` (the chart's title is edited
 *   before each sample, so each one misses the export cache), beside the warm-pool reference
 *   server (`peer/`: Node, Chromium pages, the same ECharts options);
 * - the cached repeat of each export beside `GET /v1/charts/{id}`, and that GET beside
 *   `GET /v1/health` (no I/O) and a bench-only route that reads the request's key and nothing
 *   else (the floor of any keyed request, `workers/with-key-read.ts`) in the same `wrangler dev`, sampled together in
 *   rounds of their own after the misses (the last title's files, in the isolate's memory by then;
 *   Node's fetch asks for gzip, so a cached SVG's time includes the client decompressing it);
 * - our PNG beside Chromium's drawing alone (measured in the page), native resvg rasterising
 *   our own SVG (the floor for our PNG path), and a new Chromium page per export.
 * Samples alternate between the servers so both see the same noise.
 */

import { chromiumMissing } from "../test/harness/browser/chromium.ts";
import { startDevServer } from "../test/harness/local/dev-server.ts";
import { createBenchKeys } from "./lib/accounts.ts";
import { timedOk } from "./lib/http.ts";
import { nativeResvgMs } from "./lib/native-resvg.ts";
import { freePort } from "./lib/ports.ts";
import { renderCases, renderInputOf } from "./lib/render-cases.ts";
import { renderTables } from "./lib/render-tables.ts";
import { waitForSteadyWorker } from "./lib/settle.ts";
import { summarize } from "./lib/stats.ts";
import { startPeerServer } from "./peer/launch.ts";
import { keyReadPath } from "./workers/key-read-path.ts";

const width = 800;
const height = 500;
const repeats = 5;
/** The fixed costs are a few milliseconds each, so more rounds than the renders to steady their medians. */
const fixedCostRounds = 9;
const formats = ["svg", "png", "pdf"] as const;
export type Format = (typeof formats)[number];

export interface RenderRow {
	name: string;
	health: number;
	/** `GET /bench/key-read`: health plus the key's D1 read, the floor of any keyed request. */
	keyRead: number;
	getChart: number;
	ours: Record<Format, number>;
	cached: Record<Format, number>;
	peer: Record<Format, number>;
	/** Chromium's drawing alone, in the page (PDF: drawing and `page.pdf`). */
	inPage: Record<Format, number>;
	nativeResvgPng: number;
	freshPagePng: number;
}

const median = (samples: number[]) => summarize(samples).p50;
const exportPath = (format: Format) => `export/${format}${format === "png" ? "?scale=1" : ""}`;

export async function runRenderBench() {
	const missing = chromiumMissing();
	if (missing) throw new Error(`the render benchmark needs Debian's chromium: ${missing}`);
	const cases = renderCases();
	// The deployed Worker plus one bench-only route, the key-read floor (`workers/with-key-read.ts`).
	const server = await startDevServer(await freePort(), "bench/workers/with-key-read.ts");
	const peer = await startPeerServer(await freePort());
	try {
		await waitForSteadyWorker(server.url);
		const keys = await createBenchKeys(server.target, cases.length, "business", ["chart:read", "chart:write"]);
		const rows: RenderRow[] = [];
		for (const [index, c] of cases.entries()) {
			const headers = { Authorization: `Bearer ${keys[index]}` };
			const title = (n: number) => `Benchmark: ${c.name} #${n}`;
			const created = await timedOk(`${server.url}/v1/charts`, {
				method: "POST",
				headers: { ...headers, "Content-Type": "application/json" },
				body: JSON.stringify({ kind: c.kind, meta: { title: title(0), w: width, h: height } }),
			});
			const { id } = JSON.parse(new TextDecoder().decode(created.body)) as { id: string };
			await timedOk(`${server.url}/v1/charts/${id}/data`, {
				method: "PUT",
				headers: { ...headers, "Content-Type": "text/csv" },
				body: c.csv,
			});
			await timedOk(`${peer.url}/charts/${id}`, { method: "PUT", body: JSON.stringify(renderInputOf(c, title(0), width, height)) });
			const ours = (path: string) => timedOk(`${server.url}/v1/charts/${id}${path}`, { headers });
			const retitle = (n: number) =>
				timedOk(`${server.url}/v1/charts/${id}`, {
					method: "PATCH",
					headers: { ...headers, "Content-Type": "application/json" },
					body: JSON.stringify({ meta: { title: title(n) } }),
				});
			// Warm both servers (isolate, JIT, page) on this chart before measuring.
			for (const format of formats) {
				await ours(`/${exportPath(format)}`);
				await timedOk(`${peer.url}/charts/${id}/${exportPath(format)}`);
			}
			const samples = {
				health: [] as number[],
				keyRead: [] as number[],
				getChart: [] as number[],
				ours: { svg: [], png: [], pdf: [] } as Record<Format, number[]>,
				cached: { svg: [], png: [], pdf: [] } as Record<Format, number[]>,
				peer: { svg: [], png: [], pdf: [] } as Record<Format, number[]>,
				inPage: { svg: [], png: [], pdf: [] } as Record<Format, number[]>,
			};
			for (let n = 1; n <= repeats; n++) {
				await retitle(n);
				for (const format of formats) {
					samples.ours[format].push((await ours(`/${exportPath(format)}`)).ms);
					const fromPeer = await timedOk(`${peer.url}/charts/${id}/${exportPath(format)}`);
					samples.peer[format].push(fromPeer.ms);
					samples.inPage[format].push(Number(fromPeer.headers.get("x-draw-ms")));
				}
			}
			// The fixed costs in rounds of their own, after the misses: health, GET and each cached
			// repeat side by side, so all see the same moment's noise. Sampled right after a miss, a
			// repeat also paid for that render's garbage, which is the miss's cost, not the hit's.
			for (let n = 1; n <= fixedCostRounds; n++) {
				samples.health.push((await timedOk(`${server.url}/v1/health`)).ms);
				samples.keyRead.push((await timedOk(`${server.url}${keyReadPath}`, { headers })).ms);
				samples.getChart.push((await ours("")).ms);
				for (const format of formats) samples.cached[format].push((await ours(`/${exportPath(format)}`)).ms);
			}
			const svg = new TextDecoder().decode((await ours("/export/svg")).body);
			const native = Array.from({ length: repeats }, () => nativeResvgMs(svg, 1));
			const fresh: number[] = [];
			for (let n = 0; n < 3; n++) fresh.push((await timedOk(`${peer.url}/charts/${id}/export/png?scale=1&fresh=1`)).ms);
			const perFormat = (record: Record<Format, number[]>) =>
				({ svg: median(record.svg), png: median(record.png), pdf: median(record.pdf) }) as Record<Format, number>;
			rows.push({
				name: c.name,
				health: median(samples.health),
				keyRead: median(samples.keyRead),
				getChart: median(samples.getChart),
				ours: perFormat(samples.ours),
				cached: perFormat(samples.cached),
				peer: perFormat(samples.peer),
				inPage: perFormat(samples.inPage),
				nativeResvgPng: median(native),
				freshPagePng: median(fresh),
			});
			console.log(`  ${c.name}: done`);
		}
		const { table, targets } = renderTables(rows);
		return { name: "render", table, data: { width, height, repeats, fixedCostRounds, pngScale: 1, rows, targets } };
	} finally {
		await peer.stop();
		await server.stop();
	}
}
