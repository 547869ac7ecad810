/**
 * Rendering benchmark: per kind and format, the median time of our export (through
 * `wrangler dev`, end to end over HTTP) beside headless Chromium drawing the same ECharts
 * option at the same pixel size on one warm page (Debian's chromium, driven by playwright-core),
 * in the same run, and PNG the way a headless-browser export service makes it (a new page per
 * export); plus a line chart of 5 series × 100,000 points. Chromium's figures leave out
 * everything but drawing; ours include routing, auth, the limiter, D1, R2 and encoding, and the
 * table shows that fixed cost (a plain GET of the chart) beside them.
 */
import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { createAccount, createKey } from "../scripts/lib/admin-ops.ts";
import { chromiumMissing, launchChromium } from "../scripts/lib/chromium.ts";
import { startDevServer } from "../scripts/lib/dev-server.ts";
import { parseCsv } from "../src/domain/csv-parse.ts";
import type { ChartKind } from "../src/domain/kinds.ts";
import { chartKinds } from "../src/domain/kinds.ts";
import { layoutExamples } from "../src/domain/layout-examples.ts";
import { seriesForLayout } from "../src/domain/layouts.ts";
import { builtInThemes } from "../src/domain/themes.ts";
import type { RenderInput } from "../src/render/input.ts";
import { makeCsv } from "./lib/csv.ts";
import { markdownTable, ms, summarize } from "./lib/stats.ts";

const run = promisify(execFile);
const width = 800;
const height = 500;
const repeats = 5;
const formats = ["svg", "png", "pdf"] as const;
type Format = (typeof formats)[number];

async function browserBundle(): Promise<string> {
	const out = join(tmpdir(), "charts-bench-browser.js");
	await run(join("node_modules", ".bin", "esbuild"), [
		"bench/browser-entry.ts",
		"--bundle",
		"--format=iife",
		"--minify",
		`--outfile=${out}`,
		'--define:process.env.NODE_ENV="production"',
		"--log-level=error",
	]);
	return readFile(out, "utf8");
}

async function median(times: number, task: () => Promise<number>): Promise<number> {
	const samples: number[] = [];
	for (let i = 0; i < times; i++) samples.push(await task());
	return summarize(samples).p50;
}

export async function runRenderBench() {
	const missing = chromiumMissing();
	if (missing) throw new Error(`the render benchmark needs Debian's chromium: ${missing}`);
	const bundle = await browserBundle();
	const server = await startDevServer(8796);
	const browser = await launchChromium();
	try {
		const { accountId } = await createAccount(server.target, { plan: "business" });
		const { key } = await createKey(server.target, { accountId, scopes: ["chart:read", "chart:write"], name: "bench" });
		const headers = { Authorization: `Bearer ${key}` };
		const page = await browser.newPage({ viewport: { width, height } });
		await page.setContent(
			`<!doctype html><html><body style="margin:0"><div id="chart" style="width:${width}px;height:${height}px"></div></body></html>`,
		);
		await page.addScriptTag({ content: bundle });

		const cases: { name: string; kind: ChartKind; csv: string }[] = [
			...chartKinds.map((kind) => ({ name: kind, kind, csv: layoutExamples[kind].csv })),
			{ name: "line, 5 × 100,000 points", kind: "line", csv: makeCsv(100_000) },
		];
		const theme = (builtInThemes[0] as (typeof builtInThemes)[number]).definition;
		const rows = [];
		for (const c of cases) {
			const created = await fetch(`${server.url}/v1/charts`, {
				method: "POST",
				headers: { ...headers, "Content-Type": "application/json" },
				body: JSON.stringify({ kind: c.kind, meta: { title: `Benchmark: ${c.name}`, w: width, h: height } }),
			});
			const { id } = (await created.json()) as { id: string };
			const put = await fetch(`${server.url}/v1/charts/${id}/data`, {
				method: "PUT",
				headers: { ...headers, "Content-Type": "text/csv" },
				body: c.csv,
			});
			if (!put.ok) throw new Error(`${c.name}: data answered ${put.status} ${await put.text()}`);
			const timeGet = async (path: string) => {
				const started = performance.now();
				const res = await fetch(`${server.url}${path}`, { headers });
				await res.arrayBuffer();
				if (!res.ok) throw new Error(`${c.name}: ${path} answered ${res.status}`);
				return performance.now() - started;
			};
			await timeGet(`/v1/charts/${id}/export/png?scale=1`);
			const fixed = await median(repeats, () => timeGet(`/v1/charts/${id}`));
			const ours: Record<Format, number> = { svg: 0, png: 0, pdf: 0 };
			for (const format of formats)
				ours[format] = await median(repeats, () => timeGet(`/v1/charts/${id}/export/${format}${format === "png" ? "?scale=1" : ""}`));

			const dataset = parseCsv(c.csv);
			const input: RenderInput = {
				kind: c.kind,
				dataset,
				seriesNames: seriesForLayout(c.kind, dataset),
				meta: { title: `Benchmark: ${c.name}` },
				theme,
				mode: "light",
				width,
				height,
				transparent: false,
				fromStatistics: false,
			};
			const inPage = (renderer: "svg" | "canvas") =>
				page.evaluate(
					({ input, renderer }) => {
						const g = globalThis as unknown as {
							echarts: {
								init: (
									dom: unknown,
									theme: null,
									opts: object,
								) => { setOption(o: object): void; renderToSVGString(): string; getDataURL(o: object): string; dispose(): void };
							};
							chartOption: (input: unknown) => object;
						};
						const started = performance.now();
						const dom = renderer === "canvas" ? document.getElementById("chart") : null;
						const chart = g.echarts.init(
							dom,
							null,
							renderer === "svg"
								? { renderer, ssr: true, width: input.width, height: input.height }
								: { renderer, width: input.width, height: input.height, devicePixelRatio: 1 },
						);
						chart.setOption(g.chartOption(input));
						const out = renderer === "svg" ? chart.renderToSVGString() : chart.getDataURL({ type: "png" });
						chart.dispose();
						return { ms: performance.now() - started, bytes: out.length };
					},
					{ input, renderer },
				);
			await inPage("canvas");
			const chromiumTimes: Record<Format, number> = {
				svg: await median(repeats, async () => (await inPage("svg")).ms),
				png: await median(repeats, async () => (await inPage("canvas")).ms),
				pdf: await median(repeats, async () => {
					const started = performance.now();
					await page.evaluate((input) => {
						const g = globalThis as unknown as {
							echarts: {
								getInstanceByDom(d: unknown): { dispose(): void } | undefined;
								init: (d: unknown, t: null, o: object) => { setOption(o: object): void };
							};
							chartOption: (i: unknown) => object;
						};
						const dom = document.getElementById("chart");
						g.echarts.getInstanceByDom(dom)?.dispose();
						g.echarts.init(dom, null, { renderer: "svg", width: input.width, height: input.height }).setOption(g.chartOption(input));
					}, input);
					await page.pdf({ width: `${width}px`, height: `${height}px`, printBackground: true, pageRanges: "1" });
					return performance.now() - started;
				}),
			};
			// What a headless-browser export service does per request: a fresh page, load, draw, screenshot.
			const perRequestPng = await median(3, async () => {
				const started = performance.now();
				const fresh = await browser.newPage({ viewport: { width, height } });
				await fresh.setContent(
					`<!doctype html><html><body style="margin:0"><div id="chart" style="width:${width}px;height:${height}px"></div></body></html>`,
				);
				await fresh.addScriptTag({ content: bundle });
				await fresh.evaluate((input) => {
					const g = globalThis as unknown as {
						echarts: { init: (d: unknown, t: null, o: object) => { setOption(o: object): void } };
						chartOption: (i: unknown) => object;
					};
					g.echarts
						.init(document.getElementById("chart"), null, { renderer: "canvas", width: input.width, height: input.height })
						.setOption(g.chartOption(input));
				}, input);
				await fresh.screenshot({ type: "png" });
				await fresh.close();
				return performance.now() - started;
			});
			rows.push({ name: c.name, fixed, ours, chromium: chromiumTimes, perRequestPng });
		}
		const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(2)}×` : "–");
		const table = markdownTable(
			[
				"kind (800×500)",
				"GET chart (fixed cost)",
				"SVG ours",
				"SVG Chromium",
				"ours/Chromium",
				"PNG ours",
				"PNG Chromium",
				"ours/Chromium",
				"PNG Chromium, new page per export",
				"ours/that",
				"PDF ours",
				"PDF Chromium",
				"ours/Chromium",
			],
			rows.map((r) => [
				r.name,
				ms(r.fixed),
				ms(r.ours.svg),
				ms(r.chromium.svg),
				ratio(r.ours.svg, r.chromium.svg),
				ms(r.ours.png),
				ms(r.chromium.png),
				ratio(r.ours.png, r.chromium.png),
				ms(r.perRequestPng),
				ratio(r.ours.png, r.perRequestPng),
				ms(r.ours.pdf),
				ms(r.chromium.pdf),
				ratio(r.ours.pdf, r.chromium.pdf),
			]),
		);
		return { name: "render", table, data: { width, height, repeats, rows } };
	} finally {
		await browser.close();
		await server.stop();
	}
}
