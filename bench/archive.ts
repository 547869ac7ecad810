/**
 * `npm run bench -- archive`: a newsroom's archive (docs/benchmarks.md). Workspaces of 200,
 * 10,000 and 50,000 charts in folders, inserted straight into the local D1 of one `wrangler dev`
 * (bench/archive-seed.ts); for each, through the API: the whole `GET /v1/charts` (time and
 * bytes), its first page (`limit=100`), a search, and the repeated poll (304); and in Chromium,
 * signed in: the console's first row after opening `/`, a typed search to its matches, the page's
 * JavaScript heap and how many rows the page holds. Every figure beside the 200-chart workspace's
 * from the same run. Needs Debian's Chromium for the console's columns.
 */
import type { Browser } from "playwright-core";
import { chromiumMissing, launchChromium } from "../test/harness/browser/chromium.ts";
import { newAccountStatements, newKeyStatement } from "../test/harness/local/admin-ops.ts";
import { execute } from "../test/harness/local/d1.ts";
import { startDevServer } from "../test/harness/local/dev-server.ts";
import { archiveChartName, seedArchive } from "./archive-seed.ts";
import { timedOk } from "./lib/http.ts";
import { freePort } from "./lib/ports.ts";
import { markdownTable, summarize } from "./lib/stats.ts";

const sizes = [200, 10_000, 50_000];
const repeats = 5;
/** Matches "Housing chart 122" at every size, and more charts the larger the archive. */
const searchNeedle = "housing chart 12";

interface Workspace {
	charts: number;
	key: string;
	email: string;
	password: string;
}

interface ApiFigures {
	wholeMs: number;
	wholeBytes: number;
	pageMs: number;
	searchMs: number;
	pollMs: number;
	pollStatus: number;
}

interface ConsoleFigures {
	firstRowMs: number;
	searchMs: number;
	heapMiB: number;
	rowsInPage: number;
}

async function makeWorkspace(target: Parameters<typeof execute>[0], charts: number): Promise<Workspace> {
	const email = `archive-${charts}-${Date.now()}@example.test`;
	const password = "an archive's own password";
	const account = await newAccountStatements({ plan: "business", name: `archive ${charts}`, email, password });
	const issued = await newKeyStatement({ accountId: account.accountId, scopes: ["chart:read", "chart:write"], name: "archive" });
	await execute(target, [...account.statements, issued.statement]);
	await seedArchive(target, { workspaceId: account.workspaceId, accountId: account.accountId, charts, folders: Math.ceil(charts / 50) });
	return { charts, key: issued.key, email, password };
}

const median = (samples: number[]) => summarize(samples).p50;

async function measureApi(base: string, workspace: Workspace): Promise<ApiFigures> {
	const headers = { Authorization: `Bearer ${workspace.key}` };
	const whole: number[] = [];
	const page: number[] = [];
	const search: number[] = [];
	const poll: number[] = [];
	let wholeBytes = 0;
	let pollStatus = 0;
	for (let i = 0; i < repeats; i++) {
		const answer = await timedOk(`${base}/v1/charts`, { headers });
		whole.push(answer.ms);
		wholeBytes = answer.body.byteLength;
		const etag = answer.headers.get("ETag") ?? "";
		page.push((await timedOk(`${base}/v1/charts?limit=100`, { headers })).ms);
		search.push((await timedOk(`${base}/v1/charts?limit=100&search=${encodeURIComponent(searchNeedle)}`, { headers })).ms);
		const polled = await timedOk(`${base}/v1/charts`, { headers: { ...headers, "If-None-Match": etag } });
		poll.push(polled.ms);
		pollStatus = polled.status;
	}
	return { wholeMs: median(whole), wholeBytes, pageMs: median(page), searchMs: median(search), pollMs: median(poll), pollStatus };
}

async function measureConsole(browser: Browser, base: string, workspace: Workspace): Promise<ConsoleFigures> {
	const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
	const page = await context.newPage();
	try {
		await page.goto(`${base}/sign-in`, { waitUntil: "domcontentloaded" });
		await page.getByLabel("Email").fill(workspace.email);
		await page.getByLabel("Password").fill(workspace.password);
		await page.getByRole("button", { name: "Sign in" }).click();
		await page.waitForURL((url) => url.pathname !== "/sign-in");
		// Away and back, so the first row is timed from a navigation to the list, the sign-in aside.
		await page.goto(`${base}/keys`);
		const started = Date.now();
		await page.goto(`${base}/`, { waitUntil: "commit" });
		await page.getByRole("link", { name: archiveChartName(1), exact: true }).waitFor({ timeout: 120_000 });
		const firstRowMs = Date.now() - started;

		// The newest match: the seed's chart numbers count back from now.
		const newest = Array.from({ length: workspace.charts }, (_, n) => n + 1).find((i) =>
			archiveChartName(i).toLowerCase().includes(searchNeedle),
		);
		const expected = archiveChartName(newest ?? 0);
		const typed = Date.now();
		await page.getByRole("searchbox", { name: "Search charts" }).fill(searchNeedle);
		await page.waitForFunction(
			(name) => {
				const links = [...document.querySelectorAll(".chart-list:not(.stale) .chart-name")];
				return links.length > 0 && links[0]?.textContent === name;
			},
			expected,
			{ timeout: 120_000 },
		);
		const searchMs = Date.now() - typed;
		await page.getByRole("searchbox", { name: "Search charts" }).fill("");
		await page.getByRole("link", { name: archiveChartName(1), exact: true }).waitFor({ timeout: 120_000 });

		const cdp = await context.newCDPSession(page);
		await cdp.send("HeapProfiler.collectGarbage");
		const heap = (await cdp.send("Runtime.getHeapUsage")) as { usedSize: number };
		const rowsInPage = await page.locator(".chart-list li").count();
		return { firstRowMs, searchMs, heapMiB: heap.usedSize / 2 ** 20, rowsInPage };
	} finally {
		await context.close();
	}
}

const times = (value: number, reference: number) => `${(value / reference).toFixed(2)}×`;

export async function runArchiveBench() {
	const port = await freePort();
	const server = await startDevServer(port, undefined, { EMBED_BASE: `http://127.0.0.1:${port}/embed` });
	const missing = chromiumMissing();
	const browser = missing ? null : await launchChromium();
	try {
		const workspaces: Workspace[] = [];
		for (const charts of sizes) workspaces.push(await makeWorkspace(server.target, charts));
		const api: ApiFigures[] = [];
		const inBrowser: (ConsoleFigures | null)[] = [];
		for (const workspace of workspaces) {
			api.push(await measureApi(server.url, workspace));
			inBrowser.push(browser ? await measureConsole(browser, server.url, workspace) : null);
		}
		const apiReference = api[0] as ApiFigures;
		const consoleReference = inBrowser[0] ?? null;
		const rows = workspaces.map((workspace, i) => {
			const a = api[i] as ApiFigures;
			const c = inBrowser[i] ?? null;
			const beside = (value: number, reference: number) => `${value.toFixed(0)} ms (${times(value, reference)})`;
			return [
				workspace.charts.toLocaleString("en"),
				beside(a.wholeMs, apiReference.wholeMs),
				`${(a.wholeBytes / 2 ** 20).toFixed(2)} MiB`,
				beside(a.pageMs, apiReference.pageMs),
				beside(a.searchMs, apiReference.searchMs),
				`${a.pollStatus} in ${a.pollMs.toFixed(0)} ms`,
				c && consoleReference ? beside(c.firstRowMs, consoleReference.firstRowMs) : "no Chromium",
				c && consoleReference ? beside(c.searchMs, consoleReference.searchMs) : "no Chromium",
				c ? `${c.heapMiB.toFixed(1)} MiB` : "no Chromium",
				c ? c.rowsInPage : "no Chromium",
			];
		});
		const table = markdownTable(
			[
				"Charts",
				"GET /v1/charts (whole)",
				"Bytes",
				"A page (limit=100)",
				`Search "${searchNeedle}"`,
				"Poll with ETag",
				"Console: first row",
				"Console: search to results",
				"Console: JS heap",
				"Rows in the page",
			],
			rows,
		);
		return {
			table,
			data: {
				repeats,
				searchNeedle,
				workspaces: workspaces.map((workspace, i) => ({ charts: workspace.charts, api: api[i], console: inBrowser[i] })),
				...(missing ? { consoleSkipped: missing } : {}),
			},
		};
	} finally {
		await browser?.close();
		await server.stop();
	}
}
