/**
 * Live charts through a real `wrangler dev` (what the linked-data work had to show): a chart linked to a CSV
 * served on a loopback port, once published, shows a new row after POST …/data/refresh and
 * after a scheduled run (wrangler's /__scheduled, what the Cron Trigger calls), at the same embed
 * URL, without republishing; a broken source keeps the last good data and says why; a chart on
 * library statistics follows a library re-import. Against a source that answers in 3 s: a refresh
 * (asked for or scheduled) never lands over a write made during its read, and 60 concurrent
 * link requests leave no more linked charts than the workspace's cap. The scheduled runs go
 * through the queues, run by wrangler dev (wrangler.toml's queues): the run enqueues, the
 * refresh queue's consumer reads, the redraw queue's consumer draws.
 */
import assert from "node:assert/strict";
import type { Server } from "node:http";
import { createServer } from "node:http";
import { after, before, describe, it } from "node:test";
import { maxLinkedChartsPerWorkspace } from "../../src/domain/data-source.ts";
import type { LibraryFile } from "../harness/library/format.ts";
import type { Target } from "../harness/local/d1.ts";
import { execute, query } from "../harness/local/d1.ts";
import type { DevServer } from "../harness/local/dev-server.ts";
import { startDevServer } from "../harness/local/dev-server.ts";
import { importLibrary } from "../harness/local/import-library.ts";
import { demoKeysOf } from "../harness/local/prepared-state.ts";

const port = 9160;
const sourcePort = 9161;
const base = `http://127.0.0.1:${port}`;
const sourceUrl = `http://127.0.0.1:${sourcePort}/seats.csv`;

/** The loopback source: its body (null answers 500), with an ETag of it, after `delayMs`. */
let csv: string | null = "party,seats\nGreens,19\nLabour,38\n";
let delayMs = 0;
/** The paths (with their query) of the requests the source has received and answered: what a write "during a read" waits for. */
const source = { received: [] as string[], answered: [] as string[] };
/** How many requests for `url` are in `list`. */
const requestsFor = (list: readonly string[], url: string) => {
	const { pathname, search } = new URL(url);
	return list.filter((path) => path === pathname + search).length;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits (at most a minute: a loaded machine) until `check` holds; fails naming `what`. */
async function until(what: string, check: () => boolean): Promise<void> {
	const deadline = Date.now() + 60_000;
	while (!check()) {
		if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`);
		await sleep(50);
	}
}

function library(turnout: number): LibraryFile {
	return {
		sources: [
			{
				id: "live-dev",
				title: "Live dev",
				description: "",
				attribution: "test",
				dimensions: [{ id: "measure", title: "Measure", values: [{ id: "turnout", label: "Turnout" }] }],
				statistics: [
					{
						id: "live-dev.turnout",
						title: "Turnout",
						seriesName: "Turnout",
						unit: "%",
						frequency: "annual",
						dimensions: { measure: "turnout" },
						observations: [
							["2020", 60],
							["2024", turnout],
						],
					},
				],
			},
		],
	};
}

interface Chart {
	id: string;
	version: number;
	published: { embedUrl: string } | null;
	dataSource: { lastStatus: string; lastError: string | null; url: string } | null;
}

describe("live charts through wrangler dev", () => {
	let server: DevServer;
	let sourceServer: Server;
	let target: Target;
	let key = "";

	async function api<T>(
		method: string,
		path: string,
		body?: unknown,
		headers: Record<string, string> = {},
	): Promise<{ status: number; body: T }> {
		const csvBody = typeof body === "string";
		const res = await fetch(`${base}${path}`, {
			method,
			headers: {
				Authorization: `Bearer ${key}`,
				...(body === undefined ? {} : { "Content-Type": csvBody ? "text/csv" : "application/json" }),
				...headers,
			},
			body: body === undefined ? undefined : csvBody ? body : JSON.stringify(body),
		});
		return { status: res.status, body: (await res.json()) as T };
	}

	const rowsOf = async (embedUrl: string) => JSON.stringify(await (await fetch(`${embedUrl}data.json`)).json());
	/**
	 * Runs the schedule until the embed's data matches `expected` (a run's redraw may still be
	 * finishing in its waitUntil when /__scheduled answers); gives up after 60 s.
	 */
	const scheduledUntil = async (embedUrl: string, expected: RegExp) => {
		const deadline = Date.now() + 60_000;
		for (;;) {
			assert.equal((await fetch(`${base}/__scheduled?cron=*+*+*+*+*`)).status, 200);
			const rows = await rowsOf(embedUrl);
			if (expected.test(rows)) return;
			if (Date.now() > deadline)
				assert.fail(`the schedule did not bring ${expected} into the embed: ${rows.slice(0, 300)}\n${server.log()}`);
			await new Promise((r) => setTimeout(r, 2000));
		}
	};

	before(async () => {
		sourceServer = createServer(async (req, res) => {
			source.received.push(req.url ?? "");
			res.on("finish", () => source.answered.push(req.url ?? ""));
			if (delayMs > 0) await sleep(delayMs);
			if (csv === null) {
				res.writeHead(500).end("down");
				return;
			}
			const etag = `"${Buffer.from(csv).toString("base64url").slice(-24)}"`;
			if (req.headers["if-none-match"] === etag) res.writeHead(304, { ETag: etag }).end();
			else res.writeHead(200, { "Content-Type": "text/csv", ETag: etag }).end(csv);
		});
		await new Promise<void>((resolve) => sourceServer.listen(sourcePort, "127.0.0.1", resolve));
		server = await startDevServer(port, undefined, { LINKED_DATA_ALLOW_PRIVATE: "true", EMBED_BASE: `${base}/embed` }, [
			"--test-scheduled",
		]);
		target = server.target;
		await importLibrary(target, library(61.5));
		key = (await demoKeysOf(server)).find((k) => k.role === "editor")?.key ?? "";
		assert.ok(key, "the demo has an editor key");
	});

	after(async () => {
		await server?.stop();
		await new Promise((r) => sourceServer?.close(r));
	});

	it("follows a linked CSV on refresh and on the schedule, and keeps the last good data when it breaks", async () => {
		const created = await api<Chart>("POST", "/v1/charts", {
			kind: "horizontal-bar",
			data: "party,seats\nX,1\n",
			meta: { title: "Seats" },
		});
		const id = created.body.id;
		const linked = await api<Chart>("PUT", `/v1/charts/${id}/data`, { url: sourceUrl, refreshMinutes: 1 });
		assert.equal(linked.status, 200, JSON.stringify(linked.body));
		assert.equal(linked.body.dataSource?.lastStatus, "ok");
		const published = await api<{ embedUrl: string }>("POST", `/v1/charts/${id}/publish`);
		const embedUrl = published.body.embedUrl;
		assert.equal(embedUrl, `${base}/embed/${id}/`);
		assert.doesNotMatch(await rowsOf(embedUrl), /Teal/);
		assert.match(await (await fetch(embedUrl)).text(), /<main [^>]*data-live/);

		csv = "party,seats\nGreens,19\nLabour,38\nTeal,7\n";
		const refreshed = await api<Chart>("POST", `/v1/charts/${id}/data/refresh`);
		assert.equal(refreshed.body.dataSource?.lastStatus, "ok");
		assert.equal(refreshed.body.published?.embedUrl, embedUrl);
		assert.match(await rowsOf(embedUrl), /Teal/);

		// The schedule reads charts that are due: a minute on, as the Cron Trigger would find it.
		csv = "party,seats\nGreens,19\nLabour,38\nTeal,7\nIndependents,3\n";
		await execute(target, [`UPDATE charts SET linked_next_due_at = 0 WHERE id = '${id}'`]);
		await scheduledUntil(embedUrl, /Independents/);
		const versions = await api<{ versions: { action: string }[] }>("GET", `/v1/charts/${id}/versions`);
		assert.deepEqual(
			versions.body.versions.slice(0, 3).map((v) => v.action),
			["refresh", "refresh", "publish"],
		);

		csv = null;
		const broken = await api<Chart>("POST", `/v1/charts/${id}/data/refresh`);
		assert.equal(broken.body.dataSource?.lastStatus, "failed");
		assert.match(broken.body.dataSource?.lastError ?? "", /HTTP 500/);
		assert.match(await rowsOf(embedUrl), /Independents/);
	});

	it("redraws a published chart on library statistics after a re-import", async () => {
		const created = await api<Chart>("POST", "/v1/charts", {
			kind: "line",
			series: [{ statistic: "live-dev.turnout" }],
			meta: { title: "Turnout" },
		});
		const published = await api<{ embedUrl: string }>("POST", `/v1/charts/${created.body.id}/publish`);
		assert.match(await rowsOf(published.body.embedUrl), /61\.5/);
		await importLibrary(target, library(72.25));
		await scheduledUntil(published.body.embedUrl, /72\.25/);
		const versions = await api<{ versions: { action: string }[] }>("GET", `/v1/charts/${created.body.id}/versions`);
		assert.equal(versions.body.versions[0]?.action, "refresh");
	});

	describe("against a source that answers in 3 s", () => {
		const sourceRows = "party,seats\nGreens,19\nLabour,38\nFrom the source,99\n";
		const csvOf = async (id: string) =>
			(await fetch(`${base}/v1/charts/${id}/export/csv`, { headers: { Authorization: `Bearer ${key}` } })).text();

		/**
		 * A chart linked to the (quick) source, then the source made slow and changed. Its URL is its
		 * own (a query naming the chart), so the test sees when the source has its read and no other's.
		 */
		async function slowLinkedChart(): Promise<Chart & { url: string }> {
			delayMs = 0;
			csv = "party,seats\nGreens,19\nLabour,38\n";
			const created = await api<Chart>("POST", "/v1/charts", { kind: "horizontal-bar", data: "party,seats\nX,1\n" });
			const url = `${sourceUrl}?chart=${created.body.id}`;
			const linked = await api<Chart>("PUT", `/v1/charts/${created.body.id}/data`, { url, refreshMinutes: 1 });
			assert.equal(linked.status, 200, JSON.stringify(linked.body));
			csv = sourceRows;
			delayMs = 3000;
			return { ...linked.body, url };
		}

		after(() => {
			delayMs = 0;
		});

		const writes: [string, (chart: Chart) => Promise<{ status: number }>, RegExp][] = [
			["own CSV", (chart) => api("PUT", `/v1/charts/${chart.id}/data`, "party,seats\nMine,1\n"), /^party,seats\r?\nMine,1/],
			[
				"own CSV with If-Match",
				(chart) => api("PUT", `/v1/charts/${chart.id}/data`, "party,seats\nMine,1\n", { "If-Match": `"${chart.version}"` }),
				/^party,seats\r?\nMine,1/,
			],
			[
				"library series",
				(chart) => api("PATCH", `/v1/charts/${chart.id}`, { kind: "line", series: [{ statistic: "live-dev.turnout" }] }),
				/Turnout/,
			],
		];
		for (const [name, write, kept] of writes) {
			it(`keeps ${name} put 1 s into a refresh, unlinked`, async () => {
				const chart = await slowLinkedChart();
				const read = requestsFor(source.received, chart.url);
				const refresh = api<Chart>("POST", `/v1/charts/${chart.id}/data/refresh`);
				// Into the read, not a fixed second after the request: on a loaded machine the refresh may not
				// have reached the source by then, and a write before the read makes the refresh a 422.
				await until("the refresh to reach the source", () => requestsFor(source.received, chart.url) > read);
				await sleep(1000);
				assert.equal((await write(chart)).status, 200);
				assert.equal((await refresh).status, 200);
				const after = await api<Chart>("GET", `/v1/charts/${chart.id}`);
				assert.equal(after.body.version, chart.version + 1, "no version after the person's");
				assert.equal(after.body.dataSource, null);
				assert.match(await csvOf(chart.id), kept);
			});
		}

		it("keeps own CSV put 1 s into a scheduled read", async () => {
			const chart = await slowLinkedChart();
			await execute(target, [`UPDATE charts SET linked_next_due_at = 0 WHERE id = '${chart.id}'`]);
			const read = requestsFor(source.received, chart.url);
			const run = fetch(`${base}/__scheduled?cron=*+*+*+*+*`);
			// The run only enqueues the read: the refresh consumer takes it a second or more later (more on a
			// loaded machine). Write once the source has the read, so the write lands during it.
			await until("the scheduled read to reach the source", () => requestsFor(source.received, chart.url) > read);
			await sleep(1000);
			assert.equal((await api("PUT", `/v1/charts/${chart.id}/data`, "party,seats\nMine,1\n")).status, 200);
			assert.equal((await run).status, 200);
			await until("the source to answer the scheduled read", () => requestsFor(source.answered, chart.url) > read);
			// The read's content would land (a redraw queued a second or two later) if the write did not
			// win: the chart must stay as the person left it for that long.
			const watchUntil = Date.now() + 8000;
			do {
				const after = await api<Chart>("GET", `/v1/charts/${chart.id}`);
				assert.equal(after.body.version, chart.version + 1, "no version after the person's");
				assert.equal(after.body.dataSource, null);
				await sleep(1000);
			} while (Date.now() < watchUntil);
			assert.match(await csvOf(chart.id), /^party,seats\r?\nMine,1/);
		});

		it("lets no more than the workspace's cap of charts link under 60 concurrent requests", async () => {
			delayMs = 0;
			const create = () => api<Chart>("POST", "/v1/charts", { kind: "horizontal-bar", data: "party,seats\nX,1\n" });
			const ids = (await Promise.all(Array.from({ length: 60 }, create))).map((res) => res.body.id);
			const workspace = (await query(target, `SELECT workspace_id AS w FROM charts WHERE id = '${ids[0]}'`))[0]?.w;
			const linkedCount = async () =>
				Number(
					(await query(target, `SELECT COUNT(*) AS n FROM charts WHERE workspace_id = '${workspace}' AND linked_url IS NOT NULL`))[0]?.n,
				);
			// All but 50 of the cap's slots are taken by copies of one chart's row, linked long before
			// (read in an hour), so the 60 requests race for the last 50.
			const free = 50;
			const fill = maxLinkedChartsPerWorkspace - free - (await linkedCount());
			const columns = (await query(target, "PRAGMA table_info(charts)")).map((column) => String(column.name));
			const values = columns.map((name) =>
				name === "id"
					? `'${ids[0]}_f' || n.i`
					: name === "linked_url"
						? "'https://data.example.org/filler.csv'"
						: name === "linked_refresh_minutes"
							? "60"
							: name === "linked_next_due_at"
								? String(Date.now() + 3_600_000)
								: `c.${name}`,
			);
			await execute(target, [
				`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${fill})
				 INSERT INTO charts (${columns.join(", ")}) SELECT ${values.join(", ")} FROM charts c, n WHERE c.id = '${ids[0]}'`,
			]);
			delayMs = 3000;
			const statuses = (await Promise.all(ids.map((id) => api("PUT", `/v1/charts/${id}/data`, { url: sourceUrl })))).map((r) => r.status);
			delayMs = 0;
			assert.equal(statuses.filter((s) => s === 200).length, free, JSON.stringify(statuses));
			assert.ok(
				statuses.every((s) => s === 200 || s === 409),
				JSON.stringify(statuses),
			);
			assert.equal(await linkedCount(), maxLinkedChartsPerWorkspace);
		});
	});
});
