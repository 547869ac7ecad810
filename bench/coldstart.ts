/**
 * `npm run bench -- coldstart`: what a cold isolate costs, ours beside a hello-world
 * Worker built by the same wrangler in the same run (`workers/hello.wrangler.toml`):
 * - the upload size, raw and gzip, as `wrangler deploy --dry-run` prints it (the Free plan takes
 *   3 MiB gzip, the Paid plan 10 MiB);
 * - startup CPU, the median of several `wrangler check startup` runs (Cloudflare refuses a
 *   Worker whose startup passes 1 s; the startup work's target is 60 ms), each with the load average it
 *   ran under, split into JavaScript (with GC) and the engine's own parsing and compiling;
 * - the first request after a fresh `wrangler dev` (its isolate up, nothing lazy loaded yet) for
 *   GET chart, an SVG export, a PNG export and a published chart's embed page, and the same
 *   request again on the now warm isolate.
 * The machine is shared, so every figure is a median and the hello-world Worker is measured in
 * the same conditions. Timings are printed here, never asserted in tests.
 */
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startDevServer } from "../test/harness/local/dev-server.ts";
import { createBenchKeys } from "./lib/accounts.ts";
import { makeCsv } from "./lib/csv.ts";
import { timedOk } from "./lib/http.ts";
import { freePort } from "./lib/ports.ts";
import { markdownTable } from "./lib/stats.ts";
import type { StartupCpu, UploadSize } from "./lib/wrangler-measure.ts";
import { freshDev, startupCpu, uploadSize } from "./lib/wrangler-measure.ts";

const ours = "wrangler.toml";
const hello = "bench/workers/hello.wrangler.toml";
const startupRuns = 7;
const startupTargetMs = 60;
/** A console file: answered from the assets without loading the API, so the isolate is up but nothing lazy is loaded. */
const probePath = "/favicon.svg";
const freePlanGzipKiB = 3 * 1024;

const median = (values: number[]) => {
	const sorted = [...values].sort((a, b) => a - b);
	const middle = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

/** A request timed on a fresh isolate: its path for the case's chart, and what its first run loads. */
interface RequestCase {
	name: string;
	path(chart: string): string;
	/** An API request (with the bench key) rather than the embed host's (public). */
	api: boolean;
	loads: string;
}

const requestCases: readonly RequestCase[] = [
	{ name: "GET /v1/charts/{id}", path: (chart) => `/v1/charts/${chart}`, api: true, loads: "loads the API" },
	{ name: "GET …/export/svg", path: (chart) => `/v1/charts/${chart}/export/svg`, api: true, loads: "loads the API and the renderer" },
	{
		name: "GET …/export/png",
		path: (chart) => `/v1/charts/${chart}/export/png`,
		api: true,
		loads: "loads the API, the renderer and resvg",
	},
	{ name: "GET /embed/{id}/ (published page)", path: (chart) => `/embed/${chart}/`, api: false, loads: "loads the embed host" },
];

interface FirstRequest {
	name: string;
	loads: string;
	/** Ours: the first request of its kind on a fresh isolate, then the same request again. */
	coldMs: number;
	warmMs: number;
	/** Hello world: its first request after a fresh `wrangler dev`, then a second. */
	helloColdMs: number;
	helloWarmMs: number;
}

/** The embed host of a server on `port`: locally the same Worker serves it under /embed. */
const embedVars = (port: number) => ({ EMBED_BASE: `http://127.0.0.1:${port}/embed` });

/** A key and one published chart with data per case, in a state directory the fresh servers then reuse. */
async function prepareState(count: number): Promise<{ persistTo: string; key: string; charts: string[] }> {
	const port = await freePort();
	const server = await startDevServer(port, undefined, embedVars(port));
	try {
		const [key] = await createBenchKeys(server.target, 1, "business", ["chart:read", "chart:write"]);
		if (!key || !server.target.persistTo) throw new Error("the bench state has no key or directory");
		const headers = { Authorization: `Bearer ${key}` };
		const charts: string[] = [];
		for (let i = 0; i < count; i++) {
			const created = await timedOk(`${server.url}/v1/charts`, {
				method: "POST",
				headers: { ...headers, "Content-Type": "application/json" },
				body: JSON.stringify({ kind: "line", meta: { title: `Coldstart ${i + 1}`, w: 800, h: 500 } }),
			});
			const { id } = JSON.parse(new TextDecoder().decode(created.body)) as { id: string };
			await timedOk(`${server.url}/v1/charts/${id}/data`, {
				method: "PUT",
				headers: { ...headers, "Content-Type": "text/csv" },
				body: makeCsv(200),
			});
			// Published, so the embed case has a page; the API cases do not care.
			await timedOk(`${server.url}/v1/charts/${id}/publish`, { method: "POST", headers });
			charts.push(id);
		}
		return { persistTo: server.target.persistTo, key, charts };
	} finally {
		await server.stop();
	}
}

async function firstRequests(): Promise<FirstRequest[]> {
	const state = await prepareState(requestCases.length);
	const rows: FirstRequest[] = [];
	for (const [index, c] of requestCases.entries()) {
		const path = c.path(state.charts[index] as string);
		const init = c.api ? { headers: { Authorization: `Bearer ${state.key}` } } : {};
		const ourPort = await freePort();
		const ourServer = await freshDev(ours, ourPort, state.persistTo, probePath, embedVars(ourPort));
		let coldMs: number;
		let warmMs: number;
		try {
			coldMs = (await timedOk(`${ourServer.url}${path}`, init)).ms;
			warmMs = (await timedOk(`${ourServer.url}${path}`, init)).ms;
		} finally {
			await ourServer.stop();
		}
		const helloServer = await freshDev(hello, await freePort(), await mkdtemp(join(tmpdir(), "charts-hello-")), probePath);
		let helloColdMs: number;
		let helloWarmMs: number;
		try {
			helloColdMs = (await timedOk(`${helloServer.url}${path}`)).ms;
			helloWarmMs = (await timedOk(`${helloServer.url}${path}`)).ms;
		} finally {
			await helloServer.stop();
		}
		rows.push({ name: c.name, loads: c.loads, coldMs, warmMs, helloColdMs, helloWarmMs });
	}
	return rows;
}

interface StartupSummary {
	/** Medians of the runs: all CPU, of it JavaScript and GC, of it the engine's own `(program)`. */
	medianMs: number;
	jsMedianMs: number;
	programMedianMs: number;
	runs: StartupCpu[];
}

async function startupMedian(config: string): Promise<StartupSummary> {
	const runs = await startupCpu(config, startupRuns);
	return {
		medianMs: median(runs.map((run) => run.cpuMs)),
		jsMedianMs: median(runs.map((run) => run.jsMs)),
		programMedianMs: median(runs.map((run) => run.programMs)),
		runs,
	};
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
				`startup CPU (wrangler check startup, median of ${startupRuns}; every sample but idle)`,
				ms(startup.ours.medianMs),
				ms(startup.hello.medianMs),
				`target ${ms(startupTargetMs)}: ${startup.ours.medianMs <= startupTargetMs ? "met" : "NOT MET"}; refused past 1,000 ms; ours: ${startup.ours.runs
					.map((run) => `${run.cpuMs.toFixed(0)} (load ${run.load1.toFixed(1)})`)
					.join(", ")} ms`,
			],
			["of it JavaScript and GC, median", ms(startup.ours.jsMedianMs), ms(startup.hello.jsMedianMs), "the modules evaluated at startup"],
			[
				"of it the engine's own (program) samples, median",
				ms(startup.ours.programMedianMs),
				ms(startup.hello.programMedianMs),
				"parsing and compiling the script",
			],
			...requests.flatMap((row) => [
				[
					`${row.name}, first request of a fresh wrangler dev`,
					ms(row.coldMs),
					ms(row.helloColdMs),
					`${row.loads}; hello: its own first request`,
				],
				[`${row.name}, again (warm isolate)`, ms(row.warmMs), ms(row.helloWarmMs), ""],
			]),
		],
	);
	return { name: "coldstart", table, data: { size, startup, requests } };
}
