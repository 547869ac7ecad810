/**
 * Load: 50 concurrent clients, each its own account (50 customers), sending mixed traffic for
 * 2 minutes to one `wrangler dev`: reads, lists, meta writes, CSV uploads, exports (repeats
 * that hit the export cache and fresh ones after a write) and publishes. Reports throughput,
 * p50/p99 per route, 5xx, 503 `export_busy`, 429, and memory when idle, after a 15-second warm-up
 * of the same mix (the start), at its peak and at the end: the resident set of wrangler's dev
 * proxy (the workerd listening on the port, which forwards every request), that of the workerd
 * running our Worker beside miniflare's storage simulators, and the Worker isolate's own heap
 * after a forced collection (`lib/isolate-heap.ts`), also halfway, in a pause of the traffic. The
 * memory target compares the isolate's heap, the only one of the three that is our code alone.
 * `LOAD_SECONDS` shortens the run for a try; `LOAD_HEAP=skip` leaves the heap readings out.
 * `LOAD_LOG=<file>` keeps what wrangler wrote (warnings and errors).
 */
import { writeFile } from "node:fs/promises";
import { inspectorPortFor, startDevServer } from "../test/harness/local/dev-server.ts";
import { createBenchKeys } from "./lib/accounts.ts";
import { timedFetch } from "./lib/http.ts";
import { type HeapReading, isolateHeap, workerProcessPid } from "./lib/isolate-heap.ts";
import { type Client, pickOperation, setUpClient } from "./lib/load-operations.ts";
import { freePort } from "./lib/ports.ts";
import { listeningPid, rssMiB } from "./lib/process-memory.ts";
import { waitForSteadyWorker } from "./lib/settle.ts";
import { markdownTable, ms, summarize } from "./lib/stats.ts";

const clients = 50;
const seconds = Number(process.env.LOAD_SECONDS ?? 120);
const warmUpSeconds = 15;
const answerTimeoutMs = 30_000;

interface RouteStats {
	latencies: number[];
	statuses: Map<number, number>;
	exportBusy: number;
	/** 503s written by wrangler's dev proxy (not our Worker) while it restarts the Worker. */
	proxyRestarts: number;
	/** When those came, in seconds from the start of the phase. */
	restartSeconds: number[];
}

const proxyRestartText = "Your worker restarted mid-request";

/** `offsetSeconds`: where this phase starts in the run, for the times restarts are reported at. */
async function drive(url: string, all: Client[], durationMs: number, stats: Map<string, RouteStats>, offsetSeconds = 0): Promise<number> {
	const started = performance.now();
	const until = started + durationMs;
	let sent = 0;
	await Promise.all(
		all.map(async (client) => {
			while (performance.now() < until) {
				const operation = pickOperation(client);
				// A request that gets no answer within 30 s is counted (status 0) rather than left to hang the run.
				const timed = await timedFetch(`${url}${operation.path}`, {
					...operation.init,
					signal: AbortSignal.timeout(answerTimeoutMs),
				}).catch(() => ({ ms: answerTimeoutMs, status: 0, headers: new Headers(), body: new ArrayBuffer(0) }));
				sent++;
				const route: RouteStats = stats.get(operation.route) ?? {
					latencies: [],
					statuses: new Map<number, number>(),
					exportBusy: 0,
					proxyRestarts: 0,
					restartSeconds: [],
				};
				stats.set(operation.route, route);
				route.latencies.push(timed.ms);
				route.statuses.set(timed.status, (route.statuses.get(timed.status) ?? 0) + 1);
				if (timed.status === 503) {
					const text = new TextDecoder().decode(timed.body);
					if (text.includes('"export_busy"')) route.exportBusy++;
					if (text.startsWith(proxyRestartText)) {
						route.proxyRestarts++;
						route.restartSeconds.push(Math.round(offsetSeconds + (performance.now() - started) / 1000));
					}
				}
			}
		}),
	);
	return sent;
}

export async function runLoadBench() {
	const port = await freePort();
	const server = await startDevServer(port);
	try {
		await waitForSteadyWorker(server.url);
		const pid = await listeningPid(port);
		const keys = await createBenchKeys(server.target, clients, "business", ["chart:read", "chart:write"]);
		const all = await Promise.all(keys.map((key, i) => setUpClient(server.url, key, i)));
		const workerPid = await workerProcessPid(port);
		// A fresh connection: a kept-alive one from the traffic before may just have been closed.
		const poke = () =>
			fetch(`${server.url}/v1/health`, { headers: { Connection: "close" } })
				.then((response) => response.arrayBuffer())
				.catch(() => fetch(`${server.url}/v1/health`).then((response) => response.arrayBuffer()));
		// A reading can fail (wrangler's inspector proxy answers slowly right after heavy traffic): it
		// is tried three times, 5 s apart, and a failure is reported, never fatal to the run.
		// A reading can make wrangler's dev proxy restart the Worker a second or two later (its restart
		// 503s are counted apart, with when they came). Waiting for it to settle after each reading
		// was tried: after one, the Worker did not answer steadily for 120 s, and the run failed.
		const readHeap = async (): Promise<HeapReading | { error: string }> => {
			if (process.env.LOAD_HEAP === "skip") return { error: "skipped: LOAD_HEAP=skip" };
			let last = "";
			for (let attempt = 0; attempt < 3; attempt++) {
				try {
					// A whole reading gets a minute at most, whatever part of it stalls.
					return await Promise.race([
						isolateHeap(inspectorPortFor(port), poke),
						new Promise<never>((_, reject) => setTimeout(() => reject(new Error("no heap reading within 60 s")), 60_000).unref()),
					]);
				} catch (error) {
					last = error instanceof Error ? error.message : String(error);
					await new Promise((resolve) => setTimeout(resolve, 5000));
				}
			}
			return { error: last };
		};
		const workerIdleMiB = await rssMiB(workerPid);
		const idleMiB = await rssMiB(pid);
		const idleHeap = await readHeap();
		await drive(server.url, all, warmUpSeconds * 1000, new Map());
		// RSS first, so the reading's own request does not count in it.
		const startMiB = await rssMiB(pid);
		const workerStartMiB = await rssMiB(workerPid);
		const startHeap = await readHeap();
		let peakMiB = startMiB;
		let workerPeakMiB = workerStartMiB;
		const sampler = setInterval(() => {
			rssMiB(pid).then(
				(m) => {
					peakMiB = Math.max(peakMiB, m);
				},
				() => {},
			);
			rssMiB(workerPid).then(
				(m) => {
					workerPeakMiB = Math.max(workerPeakMiB, m);
				},
				() => {},
			);
		}, 2000);
		const stats = new Map<string, RouteStats>();
		// Two halves with a heap reading between them, while the clients wait: a heap that grows to a
		// plateau (bounded caches filling) and one that keeps growing (a leak) look alike from the two
		// ends alone. Read under traffic, a forced collection stalled the Worker for seconds and wrangler's
		// dev proxy restarted it (10–13 requests answered "restarted mid-request" a run), so the traffic
		// pauses for it; the pause counts in neither the duration nor the throughput.
		const half = (seconds * 1000) / 2;
		let driving = performance.now();
		let sent = await drive(server.url, all, half, stats, 0);
		let elapsed = (performance.now() - driving) / 1000;
		const halfwayHeap = await readHeap();
		driving = performance.now();
		sent += await drive(server.url, all, half, stats, elapsed);
		elapsed += (performance.now() - driving) / 1000;
		clearInterval(sampler);
		const endMiB = await rssMiB(pid);
		const workerEndMiB = await rssMiB(workerPid);
		peakMiB = Math.max(peakMiB, endMiB);
		const endHeap = await readHeap();

		const count = (route: RouteStats, test: (status: number) => boolean) =>
			[...route.statuses].filter(([status]) => test(status)).reduce((n, [, c]) => n + c, 0);
		const routes = [...stats].sort(([a], [b]) => a.localeCompare(b));
		const perRoute = routes.map(([name, route]) => {
			const s = summarize(route.latencies);
			return {
				route: name,
				requests: s.n,
				p50: s.p50,
				p99: s.p99,
				ok: count(route, (status) => status < 400),
				rateLimited: count(route, (status) => status === 429),
				otherClientErrors: count(route, (status) => status >= 400 && status < 500 && status !== 429),
				noAnswer: count(route, (status) => status === 0),
				// 503 export_busy is the documented answer of a full renderer (D16) and the proxy's 503 is wrangler's, not ours.
				serverErrors: count(route, (status) => status >= 500) - route.proxyRestarts - route.exportBusy,
				proxyRestarts: route.proxyRestarts,
				exportBusy: route.exportBusy,
			};
		});
		const serverErrors = perRoute.reduce((n, r) => n + r.serverErrors, 0);
		const exportBusy = perRoute.reduce((n, r) => n + r.exportBusy, 0);
		const noAnswer = perRoute.reduce((n, r) => n + r.noAnswer, 0);
		const proxyRestarts = perRoute.reduce((n, r) => n + r.proxyRestarts, 0);
		const restartSeconds = [...new Set(routes.flatMap(([, route]) => route.restartSeconds))].sort((a, b) => a - b);
		const endPid = await listeningPid(port);
		const rssChange = (endMiB - startMiB) / startMiB;
		const heapChange = "error" in endHeap || "error" in startHeap ? null : (endHeap.usedMiB - startHeap.usedMiB) / startHeap.usedMiB;
		const heapRow = (reading: HeapReading | { error: string }) =>
			"error" in reading
				? `not read (${reading.error})`
				: `${reading.usedMiB.toFixed(1)} MiB live (${reading.totalMiB.toFixed(1)} MiB reserved)`;
		const table = [
			markdownTable(
				[
					"route (50 clients, mixed)",
					"requests",
					"p50",
					"p99",
					"2xx/3xx",
					"429",
					"other 4xx",
					"5xx from our Worker (not export_busy)",
					"503 export_busy",
					"503 from wrangler's dev proxy",
					"no answer in 30 s",
				],
				perRoute.map((r) => [
					r.route,
					r.requests,
					ms(r.p50),
					ms(r.p99),
					r.ok,
					r.rateLimited,
					r.otherClientErrors,
					r.serverErrors,
					r.exportBusy,
					r.proxyRestarts,
					r.noAnswer,
				]),
			),
			markdownTable(
				["load (same run)", "value", "goal", "met"],
				[
					["duration, clients", `${elapsed.toFixed(0)} s, ${clients}`, "120 s, 50", ""],
					["throughput", `${(sent / elapsed).toFixed(1)} requests/s (${sent} requests)`, "", ""],
					["5xx from our Worker, other than 503 export_busy", String(serverErrors), "0", serverErrors === 0 ? "yes" : "**no**"],
					["503 export_busy (a 503 with Retry-After, not a failure)", String(exportBusy), "", ""],
					["no answer within 30 s", String(noAnswer), "0", noAnswer === 0 ? "yes" : "**no**"],
					[
						"503 \"Your worker restarted mid-request\" from wrangler's dev proxy (not our Worker's answer)",
						proxyRestarts === 0 ? "0" : `${proxyRestarts}, at ${restartSeconds.join(", ")} s into the run`,
						"",
						"",
					],
					["wrangler's dev proxy, a workerd process (pid) at start, at end", `${pid}, ${endPid}`, "", ""],
					[
						"dev proxy RSS: idle → start (after warm-up) → peak → end",
						`${idleMiB.toFixed(0)} → ${startMiB.toFixed(0)} → ${peakMiB.toFixed(0)} → ${endMiB.toFixed(0)} MiB`,
						"",
						"",
					],
					["dev proxy RSS at the end ÷ start", `${(100 * (1 + rssChange)).toFixed(1)} %`, "", ""],
					[
						`the Worker's workerd process (pid ${workerPid}, miniflare's D1, R2 and Durable Objects included) RSS: idle → start → peak → end`,
						`${workerIdleMiB.toFixed(0)} → ${workerStartMiB.toFixed(0)} → ${workerPeakMiB.toFixed(0)} → ${workerEndMiB.toFixed(0)} MiB`,
						"",
						"",
					],
					["Worker isolate heap after a full collection: idle", heapRow(idleHeap), "", ""],
					["Worker isolate heap after a full collection: start (after warm-up)", heapRow(startHeap), "", ""],
					["Worker isolate heap after a full collection: halfway", heapRow(halfwayHeap), "", ""],
					["Worker isolate heap after a full collection: end", heapRow(endHeap), "", ""],
					[
						"memory at the end ÷ start (the isolate's live heap)",
						heapChange === null ? "not measured" : `${(100 * (1 + heapChange)).toFixed(1)} %`,
						"≤ 110 %",
						heapChange === null ? "**not measured**" : heapChange <= 0.1 ? "yes" : "**no**",
					],
				],
			),
		].join("\n\n");
		return {
			name: "load",
			table,
			data: {
				clients,
				seconds: elapsed,
				sent,
				throughput: sent / elapsed,
				serverErrors,
				exportBusy,
				idleMiB,
				startMiB,
				peakMiB,
				endMiB,
				workerProcess: { idleMiB: workerIdleMiB, startMiB: workerStartMiB, peakMiB: workerPeakMiB, endMiB: workerEndMiB },
				heap: { idle: idleHeap, start: startHeap, halfway: halfwayHeap, end: endHeap },
				perRoute,
			},
		};
	} finally {
		if (process.env.LOAD_LOG) await writeFile(process.env.LOAD_LOG, server.log());
		await server.stop();
	}
}
