/**
 * `npm run bench -- coldstart` (issue 26): what a cold isolate costs, ours beside a hello-world
 * Worker built by the same wrangler in the same run (`workers/hello.wrangler.toml`):
 * - the upload size, raw and gzip, as `wrangler deploy --dry-run` prints it (the Free plan takes
 *   3 MiB gzip, the Paid plan 10 MiB);
 * - startup CPU, the median of several `wrangler check startup` runs (Cloudflare refuses a
 *   Worker whose startup passes 1 s);
 * - the first request after a fresh `wrangler dev` (its isolate up, nothing lazy loaded yet) for
 *   GET chart, an SVG export and a PNG export, and the same request again on the now warm isolate.
 * The machine is shared, so every figure is a median and the hello-world Worker is measured in
 * the same conditions. Timings are printed here, never asserted in tests.
 */
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startDevServer } from "../scripts/lib/dev-server.ts";
import { createBenchKeys } from "./lib/accounts.ts";
import { makeCsv } from "./lib/csv.ts";
import { timedOk } from "./lib/http.ts";
import { freePort } from "./lib/ports.ts";
import { markdownTable } from "./lib/stats.ts";
import type { UploadSize } from "./lib/wrangler-measure.ts";
import { freshDev, startupCpu, uploadSize } from "./lib/wrangler-measure.ts";

const ours = "wrangler.toml";
const hello = "bench/workers/hello.wrangler.toml";
const startupRuns = 7;
/** A console file: answered from the assets without loading the API, so the isolate is up but nothing lazy is loaded. */
const probePath = "/favicon.svg";
const freePlanGzipKiB = 3 * 1024;

const median = (values: number[]) => {
	const sorted = [...values].sort((a, b) => a - b);
	const middle = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

interface FirstRequest {
	name: string;
	/** Ours: the first request of its kind on a fresh isolate, then the same request again. */
	coldMs: number;
	warmMs: number;
	/** Hello world: its first request after a fresh `wrangler dev`, then a second. */
	helloColdMs: number;
	helloWarmMs: number;
}

/** A key and one chart with data per case, in a state directory the fresh servers then reuse. */
async function prepareState(cases: readonly string[]): Promise<{ persistTo: string; key: string; charts: string[] }> {
	const server = await startDevServer(await freePort());
	try {
		const [key] = await createBenchKeys(server.target, 1, "business", ["chart:read", "chart:write"]);
		if (!key || !server.target.persistTo) throw new Error("the bench state has no key or directory");
		const headers = { Authorization: `Bearer ${key}` };
		const charts: string[] = [];
		for (const name of cases) {
			const created = await timedOk(`${server.url}/v1/charts`, {
				method: "POST",
				headers: { ...headers, "Content-Type": "application/json" },
				body: JSON.stringify({ kind: "line", meta: { title: `Coldstart: ${name}`, w: 800, h: 500 } }),
			});
			const { id } = JSON.parse(new TextDecoder().decode(created.body)) as { id: string };
			await timedOk(`${server.url}/v1/charts/${id}/data`, {
				method: "PUT",
				headers: { ...headers, "Content-Type": "text/csv" },
				body: makeCsv(200),
			});
			charts.push(id);
		}
		return { persistTo: server.target.persistTo, key, charts };
	} finally {
		await server.stop();
	}
}

async function firstRequests(): Promise<FirstRequest[]> {
	const cases = [
		{ name: "GET /v1/charts/{id}", path: "" },
		{ name: "GET …/export/svg", path: "/export/svg" },
		{ name: "GET …/export/png", path: "/export/png" },
	];
	const state = await prepareState(cases.map((c) => c.name));
	const rows: FirstRequest[] = [];
	for (const [index, c] of cases.entries()) {
		const url = (base: string) => `${base}/v1/charts/${state.charts[index]}${c.path}`;
		const init = { headers: { Authorization: `Bearer ${state.key}` } };
		const ourServer = await freshDev(ours, await freePort(), state.persistTo, probePath);
		let coldMs: number;
		let warmMs: number;
		try {
			coldMs = (await timedOk(url(ourServer.url), init)).ms;
			warmMs = (await timedOk(url(ourServer.url), init)).ms;
		} finally {
			await ourServer.stop();
		}
		const helloServer = await freshDev(hello, await freePort(), await mkdtemp(join(tmpdir(), "charts-hello-")), probePath);
		let helloColdMs: number;
		let helloWarmMs: number;
		try {
			helloColdMs = (await timedOk(url(helloServer.url))).ms;
			helloWarmMs = (await timedOk(url(helloServer.url))).ms;
		} finally {
			await helloServer.stop();
		}
		rows.push({ name: c.name, coldMs, warmMs, helloColdMs, helloWarmMs });
	}
	return rows;
}

async function startupMedian(config: string): Promise<{ medianMs: number; runsMs: number[]; programMedianMs: number }> {
	const runs = await startupCpu(config, startupRuns);
	const runsMs = runs.map((run) => run.jsMs);
	return { medianMs: median(runsMs), runsMs, programMedianMs: median(runs.map((run) => run.programMs)) };
}

export async function runColdstartBench() {
	const size: { ours: UploadSize; hello: UploadSize } = { ours: await uploadSize(ours), hello: await uploadSize(hello) };
	// Alternating would be fairer on a busy machine, but each run is seconds apart anyway; both take the median.
	const startup = { ours: await startupMedian(ours), hello: await startupMedian(hello) };
	const requests = await firstRequests();
	const kib = (value: number) => `${value.toFixed(0)} KiB`;
	const ms = (value: number) => `${value.toFixed(0)} ms`;
	const table = markdownTable(
		["coldstart", "ours", "hello world", "limit / note"],
		[
			["upload, raw (wrangler deploy --dry-run)", kib(size.ours.rawKiB), kib(size.hello.rawKiB), ""],
			[
				"upload, gzip",
				kib(size.ours.gzipKiB),
				kib(size.hello.gzipKiB),
				`Free plan ${kib(freePlanGzipKiB)}: ${size.ours.gzipKiB <= freePlanGzipKiB ? "fits" : "OVER"}`,
			],
			[
				`startup CPU, JS and GC (wrangler check startup, median of ${startupRuns})`,
				ms(startup.ours.medianMs),
				ms(startup.hello.medianMs),
				`ours: ${startup.ours.runsMs.map((value) => value.toFixed(0)).join(", ")} ms; refused past 1,000 ms`,
			],
			[
				"startup, engine's own (program) samples, median",
				ms(startup.ours.programMedianMs),
				ms(startup.hello.programMedianMs),
				"mostly noise on a busy machine",
			],
			...requests.flatMap((row) => [
				[`${row.name}, first request of a fresh wrangler dev`, ms(row.coldMs), ms(row.helloColdMs), "hello: its own first request"],
				[`${row.name}, again (warm isolate)`, ms(row.warmMs), ms(row.helloWarmMs), ""],
			]),
		],
	);
	return { name: "coldstart", table, data: { size, startup, requests } };
}
