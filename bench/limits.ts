/**
 * Limits benchmark: the limiter's added latency per request (p50/p99 against the same Worker
 * with a pass-through limiter, in the same run), and exactness under 50 concurrent clients.
 */

import type { Plan } from "../src/domain/plans.ts";
import { requestsPerMinute } from "../src/domain/plans.ts";
import { createAccount, createKey } from "../test/harness/local/admin-ops.ts";
import type { DevServer } from "../test/harness/local/dev-server.ts";
import { startDevServer } from "../test/harness/local/dev-server.ts";
import { markdownTable, ms, summarize } from "./lib/stats.ts";

async function keyFor(server: DevServer, plan: Plan): Promise<string> {
	const { accountId } = await createAccount(server.target, { plan, name: `bench ${plan}` });
	return (await createKey(server.target, { accountId, scopes: ["theme:read", "chart:read"], name: "bench" })).key;
}

async function timedGet(url: string, key: string): Promise<{ ms: number; status: number }> {
	const started = performance.now();
	const res = await fetch(url, { headers: { Authorization: `Bearer ${key}` } });
	await res.arrayBuffer();
	return { ms: performance.now() - started, status: res.status };
}

/** `clients` concurrent loops sending `total` requests in all; counts answers other than 429. */
async function hammer(url: string, key: string, clients: number, total: number) {
	let sent = 0;
	let admitted = 0;
	let limited = 0;
	let other = 0;
	const started = performance.now();
	await Promise.all(
		Array.from({ length: clients }, async () => {
			while (sent < total) {
				sent++;
				const { status } = await timedGet(url, key);
				if (status === 429) limited++;
				else if (status === 200 || status === 403) admitted++;
				else other++;
			}
		}),
	);
	return { sent, admitted, limited, other, seconds: (performance.now() - started) / 1000 };
}

export async function runLimitsBench() {
	const samplesPerServer = 400;
	const [withLimiter, withoutLimiter] = [await startDevServer(8791), await startDevServer(8792, "bench/workers/without-limiter.ts")];
	try {
		const keyWith = await keyFor(withLimiter, "business");
		const keyWithout = await keyFor(withoutLimiter, "business");
		const path = "/v1/themes";
		for (let i = 0; i < 20; i++) {
			await timedGet(`${withLimiter.url}${path}`, keyWith);
			await timedGet(`${withoutLimiter.url}${path}`, keyWithout);
		}
		// Interleaved, so both servers see the same machine load.
		const on: number[] = [];
		const off: number[] = [];
		for (let i = 0; i < samplesPerServer; i++) {
			const a = await timedGet(`${withLimiter.url}${path}`, keyWith);
			const b = await timedGet(`${withoutLimiter.url}${path}`, keyWithout);
			if (a.status !== 200 || b.status !== 200) throw new Error(`unexpected status ${a.status}/${b.status}`);
			on.push(a.ms);
			off.push(b.ms);
		}
		const latency = { withLimiter: summarize(on), withoutLimiter: summarize(off) };

		const exactness = [];
		for (const [plan, total] of [
			["free", 300],
			["professional", 450],
		] as const) {
			const key = await keyFor(withLimiter, plan);
			const result = await hammer(`${withLimiter.url}/v1/charts`, key, 50, total);
			const limit = requestsPerMinute[plan];
			exactness.push({ plan, limit, clients: 50, ...result, overAdmitted: Math.max(0, result.admitted - limit) });
		}

		const table = [
			markdownTable(
				["GET /v1/themes, sequential", "p50", "p99", "mean", "samples"],
				[
					[
						"with AccountLimiter",
						ms(latency.withLimiter.p50),
						ms(latency.withLimiter.p99),
						ms(latency.withLimiter.mean),
						latency.withLimiter.n,
					],
					[
						"pass-through limiter (reference)",
						ms(latency.withoutLimiter.p50),
						ms(latency.withoutLimiter.p99),
						ms(latency.withoutLimiter.mean),
						latency.withoutLimiter.n,
					],
					[
						"added by the limiter",
						ms(latency.withLimiter.p50 - latency.withoutLimiter.p50),
						ms(latency.withLimiter.p99 - latency.withoutLimiter.p99),
						ms(latency.withLimiter.mean - latency.withoutLimiter.mean),
						"",
					],
				],
			),
			markdownTable(
				["exactness, 50 concurrent clients", "limit/min", "sent", "admitted", "429", "over-admitted", "seconds"],
				exactness.map((e) => [e.plan, e.limit, e.sent, e.admitted, e.limited, e.overAdmitted, e.seconds.toFixed(1)]),
			),
		].join("\n\n");
		return { name: "limits", table, data: { latency, exactness } };
	} finally {
		await Promise.all([withLimiter.stop(), withoutLimiter.stop()]);
	}
}
