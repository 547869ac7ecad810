/**
 * Live charts through a real `wrangler dev` (issue 29, "done when"): a chart linked to a CSV
 * served on a loopback port, once published, shows a new row after POST …/data/refresh and
 * after a scheduled run (wrangler's /__scheduled, what the Cron Trigger calls), at the same embed
 * URL, without republishing; a broken source keeps the last good data and says why; a chart on
 * library statistics follows a library re-import.
 */
import assert from "node:assert/strict";
import type { Server } from "node:http";
import { createServer } from "node:http";
import { after, before, describe, it } from "node:test";
import type { Target } from "../../scripts/lib/d1.ts";
import { execute } from "../../scripts/lib/d1.ts";
import type { DevServer } from "../../scripts/lib/dev-server.ts";
import { startDevServer } from "../../scripts/lib/dev-server.ts";
import { importLibrary } from "../../scripts/lib/library.ts";
import { demoKeysOf } from "../../scripts/lib/prepared-state.ts";
import type { LibraryFile } from "../../scripts/library/format.ts";

const port = 9160;
const sourcePort = 9161;
const base = `http://127.0.0.1:${port}`;
const sourceUrl = `http://127.0.0.1:${sourcePort}/seats.csv`;

/** The loopback source: its body (null answers 500), with an ETag of it. */
let csv: string | null = "party,seats\nGreens,19\nLabour,38\n";

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
	let source: Server;
	let target: Target;
	let key = "";

	async function api<T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
		const res = await fetch(`${base}${path}`, {
			method,
			headers: { Authorization: `Bearer ${key}`, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
			body: body === undefined ? undefined : JSON.stringify(body),
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
		source = createServer((req, res) => {
			if (csv === null) {
				res.writeHead(500).end("down");
				return;
			}
			const etag = `"${Buffer.from(csv).toString("base64url").slice(-24)}"`;
			if (req.headers["if-none-match"] === etag) res.writeHead(304, { ETag: etag }).end();
			else res.writeHead(200, { "Content-Type": "text/csv", ETag: etag }).end(csv);
		});
		await new Promise<void>((resolve) => source.listen(sourcePort, "127.0.0.1", resolve));
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
		await new Promise((r) => source?.close(r));
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
});
