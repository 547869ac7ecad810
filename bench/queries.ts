/**
 * `npm run bench -- queries` (docs/scale.md): how many D1 statements, R2 operations and
 * Durable Object calls each route makes, counted at the bindings by `workers/counting.ts` under
 * `wrangler dev`, never estimated. Each route is measured twice:
 * - cold: with an API key and a chart this isolate has never seen (the per-isolate caches, the
 *   known-key cache and the dataset and font caches, all miss), as on a fresh isolate;
 * - warm: the same request again at once.
 * Each route gets its own workspace: a chart made (and its data put) with one key, measured with
 * a second key of the same account.
 */
import { startDevServer } from "../test/harness/local/dev-server.ts";
import { createBenchKeys } from "./lib/accounts.ts";
import { makeCsv } from "./lib/csv.ts";
import { timedFetch } from "./lib/http.ts";
import { freePort } from "./lib/ports.ts";
import { markdownTable } from "./lib/stats.ts";
import { countsPath } from "./workers/counts-path.ts";

interface Counts {
	d1: number;
	r2: number;
	durableObject: number;
	calls: Record<string, number>;
}

interface Setup {
	base: string;
	setupKey: string;
	chartId: string;
}

interface RouteCase {
	name: string;
	/** Published before measuring (the embed host's routes). */
	published?: boolean;
	/** Cannot be repeated (a delete): no warm figure. */
	once?: boolean;
	request(setup: Setup): { url: string; init?: RequestInit };
}

const json = (body: unknown): RequestInit => ({ body: JSON.stringify(body), headers: { "Content-Type": "application/json" } });

const routeCases: RouteCase[] = [
	{ name: "GET /v1/health", request: ({ base }) => ({ url: `${base}/v1/health` }) },
	{ name: "GET /v1/charts", request: ({ base }) => ({ url: `${base}/v1/charts` }) },
	{ name: "GET /v1/charts/{id}", request: ({ base, chartId }) => ({ url: `${base}/v1/charts/${chartId}` }) },
	{ name: "POST /v1/charts", request: ({ base }) => ({ url: `${base}/v1/charts`, init: { method: "POST", ...json({ kind: "line" }) } }) },
	{
		name: "PATCH /v1/charts/{id}",
		request: ({ base, chartId }) => ({
			url: `${base}/v1/charts/${chartId}`,
			init: { method: "PATCH", ...json({ meta: { title: "Renamed" } }) },
		}),
	},
	{
		name: "PUT /v1/charts/{id}/data (CSV, 200 rows)",
		request: ({ base, chartId }) => ({
			url: `${base}/v1/charts/${chartId}/data`,
			init: { method: "PUT", body: makeCsv(200), headers: { "Content-Type": "text/csv" } },
		}),
	},
	{ name: "GET /v1/charts/{id}/versions", request: ({ base, chartId }) => ({ url: `${base}/v1/charts/${chartId}/versions` }) },
	{
		name: "POST /v1/charts/{id}/copy",
		request: ({ base, chartId }) => ({ url: `${base}/v1/charts/${chartId}/copy`, init: { method: "POST" } }),
	},
	...(["svg", "png", "pdf", "csv"] as const).map((format) => ({
		name: `GET /v1/charts/{id}/export/${format}`,
		request: ({ base, chartId }: Setup) => ({ url: `${base}/v1/charts/${chartId}/export/${format}` }),
	})),
	{
		name: "POST /v1/charts/{id}/publish",
		request: ({ base, chartId }) => ({ url: `${base}/v1/charts/${chartId}/publish`, init: { method: "POST" } }),
	},
	{
		name: "DELETE /v1/charts/{id}",
		once: true,
		request: ({ base, chartId }) => ({ url: `${base}/v1/charts/${chartId}`, init: { method: "DELETE" } }),
	},
	{ name: "GET /v1/themes", request: ({ base }) => ({ url: `${base}/v1/themes` }) },
	{ name: "GET /v1/folders", request: ({ base }) => ({ url: `${base}/v1/folders` }) },
	{ name: "embed: GET /{id}/ (the page)", published: true, request: ({ base, chartId }) => ({ url: `${base}/embed/${chartId}/` }) },
	{ name: "embed: GET /{id}/chart.svg", published: true, request: ({ base, chartId }) => ({ url: `${base}/embed/${chartId}/chart.svg` }) },
	{ name: "embed: GET /{id}/data.json", published: true, request: ({ base, chartId }) => ({ url: `${base}/embed/${chartId}/data.json` }) },
	{
		name: "embed: GET /{id}/?mode=dark",
		published: true,
		request: ({ base, chartId }) => ({ url: `${base}/embed/${chartId}/?mode=dark` }),
	},
	{ name: "embed: GET /_client/cartesian.js", request: ({ base }) => ({ url: `${base}/embed/_client/cartesian.js` }) },
];

async function readCounts(base: string): Promise<Counts> {
	// Work a response leaves to `waitUntil` (a cache write) lands just after it: give it a moment.
	await new Promise((resolve) => setTimeout(resolve, 150));
	const res = await fetch(`${base}${countsPath}`);
	return (await res.json()) as Counts;
}

async function send(key: string | null, url: string, init: RequestInit = {}): Promise<number> {
	const headers = new Headers(init.headers);
	if (key) headers.set("Authorization", `Bearer ${key}`);
	const answer = await timedFetch(url, { ...init, headers });
	if (answer.status >= 400)
		throw new Error(`${init.method ?? "GET"} ${url} answered ${answer.status}: ${new TextDecoder().decode(answer.body).slice(0, 300)}`);
	return answer.status;
}

export interface RouteCounts {
	route: string;
	cold: Counts;
	warm: Counts | null;
}

export async function runQueriesBench() {
	const port = await freePort();
	// The embed host on this server's own address, so its routes are measured too.
	const server = await startDevServer(port, "bench/workers/counting.ts", { EMBED_BASE: `http://127.0.0.1:${port}/embed` });
	const rows: RouteCounts[] = [];
	try {
		const keys = await createBenchKeys(
			server.target,
			routeCases.length,
			"business",
			["chart:read", "chart:write", "folder:read", "theme:read"],
			2,
		);
		for (const [index, route] of routeCases.entries()) {
			const setupKey = keys[index * 2] as string;
			const measuredKey = keys[index * 2 + 1] as string;
			const base = server.url;
			const created = await timedFetch(`${base}/v1/charts`, {
				method: "POST",
				headers: { Authorization: `Bearer ${setupKey}`, "Content-Type": "application/json" },
				body: JSON.stringify({ kind: "line", meta: { title: `Queries: ${route.name}`, w: 800, h: 500 } }),
			});
			if (created.status !== 201)
				throw new Error(`POST /v1/charts answered ${created.status}: ${new TextDecoder().decode(created.body).slice(0, 300)}`);
			const { id: chartId } = JSON.parse(new TextDecoder().decode(created.body)) as { id: string };
			await send(setupKey, `${base}/v1/charts/${chartId}/data`, {
				method: "PUT",
				body: makeCsv(200),
				headers: { "Content-Type": "text/csv" },
			});
			if (route.published) await send(setupKey, `${base}/v1/charts/${chartId}/publish`, { method: "POST" });
			const { url, init } = route.request({ base, setupKey, chartId });
			// The embed host takes no key: its reads are the page's own.
			const key = url.startsWith(`${base}/embed/`) ? null : measuredKey;
			await readCounts(base);
			await send(key, url, init);
			const cold = await readCounts(base);
			let warm: Counts | null = null;
			if (!route.once) {
				await send(key, url, init);
				warm = await readCounts(base);
			}
			rows.push({ route: route.name, cold, warm });
		}
	} finally {
		await server.stop();
	}
	const cell = (counts: Counts | null) => (counts ? `${counts.d1} / ${counts.r2} / ${counts.durableObject}` : "—");
	const table = markdownTable(
		["route", "cold: D1 / R2 / DO", "warm: D1 / R2 / DO", "calls (warm; cold where no warm)"],
		rows.map((row) => [
			row.route,
			cell(row.cold),
			cell(row.warm),
			Object.entries((row.warm ?? row.cold).calls)
				.map(([call, n]) => `${call} ×${n}`)
				.join(", "),
		]),
	);
	return { name: "queries", table, data: { rows } };
}
