/**
 * Linked data against a fake upstream: link, refresh, unchanged, failing, redirects,
 * the size cap, the schedule (the Worker's `scheduled` handler called directly) and a library
 * re-import followed by a published chart.
 */
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../../src/index";
import type { LibrarySource } from "../../harness/library/format";
import { importSourceSql } from "../../harness/library/import-sql";
import type { ErrorBody } from "../../harness/workerd/api";
import { call, callJson } from "../../harness/workerd/api";
import { makeAccount } from "../../harness/workerd/factories";
import { fakeWeb, hashish } from "../../harness/workerd/fake-upstream";

interface DataSource {
	url: string;
	refreshMinutes: number;
	lastFetchedAt: string | null;
	lastChangedAt: string | null;
	lastStatus: string | null;
	lastError: string | null;
	nextRefreshAt: string | null;
}
interface Chart {
	id: string;
	version: number;
	series: string[];
	hasData: boolean;
	dataSource: DataSource | null;
	published: { embedUrl: string } | null;
}

const sourceUrl = "https://data.example.org/seats.csv";

async function barChart(key: string): Promise<string> {
	const created = await callJson<{ id: string }>(key, "POST", "/v1/charts", {
		body: { kind: "horizontal-bar", data: "party,seats\nGreens,19\nLabour,38\n", meta: { title: "Seats" } },
	});
	expect(created.status).toBe(201);
	return created.body.id;
}

function link(key: string, id: string, body: unknown) {
	return callJson<Chart & ErrorBody>(key, "PUT", `/v1/charts/${id}/data`, { body });
}

function embed(url: string): Promise<Response> {
	return exports.default.fetch(new Request(url));
}

/** A Cron run that reads the due charts itself (`LINKED_DATA_INLINE`); the queue's path is linked-data-queue.test.ts. */
async function runSchedule(at: number): Promise<void> {
	const ctx = createExecutionContext();
	worker.scheduled?.(
		createScheduledController({ scheduledTime: at, cron: "* * * * *" }),
		{ ...env, LINKED_DATA_INLINE: "true" } as Env,
		ctx,
	);
	await waitOnExecutionContext(ctx);
}

async function versions(key: string, id: string) {
	const res = await callJson<{ versions: { version: number; action: string; author?: unknown }[] }>(
		key,
		"GET",
		`/v1/charts/${id}/versions`,
	);
	return res.body.versions;
}

async function authorOf(id: string, version: number): Promise<string | null> {
	return env.DB.prepare("SELECT author_account_id AS a FROM chart_versions WHERE chart_id = ? AND version = ?")
		.bind(id, version)
		.first<string>("a");
}

describe("linking a chart to a URL", () => {
	it("reads the URL once, stores its data and answers the chart with its dataSource", async () => {
		const web = fakeWeb();
		let csv = "party,seats\nGreens,20\nLabour,40\nLiberals,7\n";
		web.csv(sourceUrl, () => csv);
		const { key } = await makeAccount();
		const id = await barChart(key);
		const linked = await link(key, id, { url: sourceUrl, refreshMinutes: 5 });
		expect(linked.status).toBe(200);
		expect(linked.body.series).toEqual(["seats"]);
		expect(linked.body.dataSource).toMatchObject({ url: sourceUrl, refreshMinutes: 5, lastStatus: "ok", lastError: null });
		expect(Date.parse(linked.body.dataSource?.nextRefreshAt ?? "") - Date.parse(linked.body.dataSource?.lastFetchedAt ?? "")).toBe(
			5 * 60_000,
		);
		// The read identified itself, and was not left to follow redirects on its own.
		expect(web.requests[0]?.headers.get("user-agent")).toMatch(/^charts-service-linked-data\//);
		expect(web.requests[0]?.redirect).toBe("manual");
		const data = await call(key, "GET", `/v1/charts/${id}/export/csv`);
		expect(await data.text()).toContain("Liberals");

		// Own CSV ends the link.
		csv = "party,seats\nGreens,1\n";
		const own = await callJson<Chart>(key, "PUT", `/v1/charts/${id}/data`, {
			rawBody: "party,seats\nA,1\n",
			headers: { "Content-Type": "text/csv" },
		});
		expect(own.status).toBe(200);
		expect(own.body.dataSource).toBeNull();
		expect((await callJson<Chart>(key, "GET", `/v1/charts/${id}`)).body.dataSource).toBeNull();
	});

	it("reads JSON rows and a published Google Sheet's page address as its CSV", async () => {
		const web = fakeWeb();
		web.serve("https://data.example.org/seats.json", () =>
			Response.json([
				{ party: "Greens", seats: 3 },
				{ party: "Labour", seats: null },
			]),
		);
		web.csv("https://docs.google.com/spreadsheets/d/e/2PACX-abc/pub?output=csv", () => "party,seats\nGreens,5\n");
		const { key } = await makeAccount();
		const id = await barChart(key);
		expect((await link(key, id, { url: "https://data.example.org/seats.json" })).body.dataSource?.refreshMinutes).toBe(5);
		expect(await (await call(key, "GET", `/v1/charts/${id}/export/csv`)).text()).toMatch(/^party,seats\r?\nGreens,3\r?\nLabour,\r?\n?$/);
		const sheet = await link(key, id, { url: "https://docs.google.com/spreadsheets/d/e/2PACX-abc/pubhtml", refreshMinutes: 60 });
		expect(sheet.status).toBe(200);
		expect(sheet.body.dataSource?.url).toBe("https://docs.google.com/spreadsheets/d/e/2PACX-abc/pub?output=csv");
	});

	it("reads a `;`-separated source with decimal commas as own CSV is read", async () => {
		const web = fakeWeb();
		web.csv("https://data.example.org/anteile.csv", () => "Partei;Anteil;Stimmen\nSPD;25,7;11.955.434\nCDU;28,6;8.775.471\n");
		const { key } = await makeAccount();
		const id = await barChart(key);
		const linked = await link(key, id, { url: "https://data.example.org/anteile.csv" });
		expect(linked.status).toBe(200);
		expect(linked.body.series).toEqual(["Anteil", "Stimmen"]);
		const exported = await (await call(key, "GET", `/v1/charts/${id}/export/csv`)).text();
		expect(exported.split(/\r?\n/)).toEqual(["Partei,Anteil,Stimmen", "SPD,25.7,11955434", "CDU,28.6,8775471", ""]);
	});

	it("refuses bad links with the documented codes and stores nothing", async () => {
		const web = fakeWeb();
		web.csv("https://data.example.org/bad.csv", () => "party,seats\nGreens,1,2\n");
		web.serve("https://data.example.org/gone.csv", () => new Response("no", { status: 404, statusText: "Not Found" }));
		web.serve(
			"https://data.example.org/hop",
			() => new Response(null, { status: 302, headers: { Location: "http://169.254.169.254/latest/meta-data" } }),
		);
		const { key } = await makeAccount();
		const id = await barChart(key);
		const cases: [unknown, number, string, RegExp][] = [
			[{ url: "ftp://data.example.org/x.csv" }, 422, "invalid_body", /Only http and https/],
			[{ url: "https://user:pw@data.example.org/x.csv" }, 422, "invalid_body", /user name or password/],
			[{ url: "http://127.0.0.1:8080/x.csv" }, 422, "invalid_body", /127\.0\.0\.1 is a local or private address/],
			[{ url: "http://[::ffff:10.0.0.1]/x.csv" }, 422, "invalid_body", /local or private/],
			[{ url: "http://2130706433/x.csv" }, 422, "invalid_body", /127\.0\.0\.1/],
			[{ url: "http://printer.local/x.csv" }, 422, "invalid_body", /local or private/],
			[{ url: sourceUrl, refreshMinutes: 0 }, 422, "invalid_body", /between 1 and 1440/],
			[{ url: sourceUrl, refreshMinutes: 1441 }, 422, "invalid_body", /between 1 and 1440/],
			[{ url: sourceUrl, refreshMinutes: 2.5 }, 422, "invalid_body", /whole number/],
			[{ url: "https://data.example.org/bad.csv" }, 422, "invalid_data", /Row 2 has 3 cells/],
			[{ url: "https://data.example.org/gone.csv" }, 422, "invalid_data", /HTTP 404: there is no file at this address/],
			[{ url: "https://data.example.org/nowhere.csv" }, 422, "invalid_data", /could not be reached/],
			[{ url: "https://data.example.org/hop" }, 422, "invalid_data", /redirected to “169\.254\.169\.254”, which is not read/],
		];
		for (const [body, status, code, message] of cases) {
			const res = await link(key, id, body);
			expect([res.status, res.body.error?.code], JSON.stringify(body)).toEqual([status, code]);
			expect(res.body.error.message).toMatch(message);
		}
		const bad = await link(key, id, { url: "https://data.example.org/bad.csv" });
		expect(bad.body.error.details).toMatchObject({ row: 2 });
		// The redirect hop to the metadata address was never requested.
		expect(web.requests.some((r) => r.url.includes("169.254"))).toBe(false);
		const chart = await callJson<Chart>(key, "GET", `/v1/charts/${id}`);
		expect(chart.body.dataSource).toBeNull();
		expect(chart.body.version).toBe(1);
	});

	it("stops reading past the CSV upload limit (10 MiB), even without a Content-Length", async () => {
		const web = fakeWeb();
		let sent = 0;
		web.serve("https://data.example.org/huge.csv", () => {
			const chunk = new TextEncoder().encode(`${"x,".repeat(32 * 1024)}\n`);
			const stream = new ReadableStream<Uint8Array>({
				pull(controller) {
					sent += chunk.byteLength;
					controller.enqueue(chunk);
					if (sent > 64 * 1024 * 1024) controller.close();
				},
			});
			return new Response(stream, { headers: { "Content-Type": "text/csv" } });
		});
		const { key } = await makeAccount();
		const id = await barChart(key);
		const res = await link(key, id, { url: "https://data.example.org/huge.csv" });
		expect([res.status, res.body.error.code]).toEqual([422, "invalid_data"]);
		expect(res.body.error.message).toMatch(/larger than 10 MiB/);
		expect(sent).toBeLessThan(12 * 1024 * 1024);
	});
});

describe("refreshing linked data", () => {
	it("redraws a published embed in place on new data, not on unchanged data, and keeps the last good data on failure", async () => {
		const web = fakeWeb();
		let csv = "party,seats\nGreens,20\nLabour,40\n";
		let broken = false;
		web.serve(sourceUrl, () =>
			broken
				? new Response("oops", { status: 500 })
				: new Response(csv, { headers: { "Content-Type": "text/csv", ETag: `"${hashish(csv)}"` } }),
		);
		const { key } = await makeAccount();
		const id = await barChart(key);
		await link(key, id, { url: sourceUrl, refreshMinutes: 1 });
		const published = await callJson<{ embedUrl: string }>(key, "POST", `/v1/charts/${id}/publish`);
		const embedUrl = published.body.embedUrl;
		const publishedVersion = (await callJson<Chart>(key, "GET", `/v1/charts/${id}`)).body.version;

		// Unchanged (a 304 to the stored ETag): no version, no redraw.
		const same = await callJson<Chart>(key, "POST", `/v1/charts/${id}/data/refresh`);
		expect(same.status).toBe(200);
		expect(same.body.version).toBe(publishedVersion);
		expect(same.body.dataSource?.lastStatus).toBe("unchanged");
		expect(web.requests.at(-1)?.headers.get("if-none-match")).toBe(`"${hashish(csv)}"`);

		// New data: one version, action refresh by system:linked-data, published at the same URL.
		csv = "party,seats\nGreens,20\nLabour,40\nTeal,9\n";
		const fresh = await callJson<Chart>(key, "POST", `/v1/charts/${id}/data/refresh`);
		expect(fresh.body.version).toBe(publishedVersion + 1);
		expect(fresh.body.dataSource).toMatchObject({ lastStatus: "ok", lastError: null });
		expect(fresh.body.published?.embedUrl).toBe(embedUrl);
		expect((await versions(key, id))[0]?.action).toBe("refresh");
		expect(await authorOf(id, publishedVersion + 1)).toBe("system:linked-data");
		const page = await embed(embedUrl);
		expect(page.headers.get("ETag")).toBe(`"${id}-v${publishedVersion + 1}"`);
		expect(await (await embed(`${embedUrl}data.json`)).text()).toContain("Teal");

		// Broken: the last good data stays, the error is said in words, the next read is later.
		broken = true;
		const failed = await callJson<Chart>(key, "POST", `/v1/charts/${id}/data/refresh`);
		expect(failed.status).toBe(200);
		expect(failed.body.version).toBe(publishedVersion + 1);
		expect(failed.body.dataSource).toMatchObject({
			lastStatus: "failed",
			lastError: "The source answered HTTP 500: the site had an error; it will be tried again.",
		});
		const source = failed.body.dataSource as DataSource;
		expect(Date.parse(source.nextRefreshAt ?? "") - Date.parse(source.lastFetchedAt ?? "")).toBe(2 * 60_000);
		const again = (await callJson<Chart>(key, "POST", `/v1/charts/${id}/data/refresh`)).body.dataSource as DataSource;
		expect(Date.parse(again.nextRefreshAt ?? "") - Date.parse(again.lastFetchedAt ?? "")).toBe(4 * 60_000);
		expect(await (await embed(`${embedUrl}data.json`)).text()).toContain("Teal");

		// Data that does not parse keeps the last good data too, with the row that is wrong.
		broken = false;
		csv = "party,seats\nGreens\n";
		const unparsable = await callJson<Chart>(key, "POST", `/v1/charts/${id}/data/refresh`);
		expect(unparsable.body.dataSource?.lastError).toMatch(/Row 2 has 1 cells/);
		expect(unparsable.body.version).toBe(publishedVersion + 1);
	});

	it("keeps unpublished edits out of the embed while the embed follows the data", async () => {
		const web = fakeWeb();
		let csv = "party,seats\nGreens,20\n";
		web.csv(sourceUrl, () => csv);
		const { key } = await makeAccount();
		const id = await barChart(key);
		await link(key, id, { url: sourceUrl });
		const { embedUrl } = (await callJson<{ embedUrl: string }>(key, "POST", `/v1/charts/${id}/publish`)).body;
		await callJson(key, "PATCH", `/v1/charts/${id}`, { body: { meta: { title: "Draft title" } } });
		csv = "party,seats\nGreens,20\nTeal,9\n";
		const after = await callJson<Chart & { meta: { title: string } }>(key, "POST", `/v1/charts/${id}/data/refresh`);
		expect(after.body.meta.title).toBe("Draft title");
		const page = await (await embed(embedUrl)).text();
		expect(page).toContain("<title>Seats</title>");
		expect(await (await embed(`${embedUrl}data.json`)).text()).toContain("Teal");
		const [draft, redraw] = await versions(key, id);
		expect([draft?.action, redraw?.action]).toEqual(["refresh", "refresh"]);
	});

	it("refuses a refresh of a chart with own data", async () => {
		const { key } = await makeAccount();
		const id = await barChart(key);
		const res = await callJson<ErrorBody>(key, "POST", `/v1/charts/${id}/data/refresh`);
		expect([res.status, res.body.error.code]).toEqual([422, "invalid_data"]);
		expect((await callJson<ErrorBody>(key, "POST", "/v1/charts/ch_nope/data/refresh")).status).toBe(404);
	});
});

describe("the schedule", () => {
	it("reads due linked charts, leaves the others, and redraws the published embed", async () => {
		const web = fakeWeb();
		let csv = "party,seats\nGreens,20\n";
		const { key } = await makeAccount();
		const id = await barChart(key);
		const url = "https://data.example.org/scheduled.csv";
		web.csv(url, () => csv);
		const linked = await link(key, id, { url, refreshMinutes: 10 });
		const { embedUrl } = (await callJson<{ embedUrl: string }>(key, "POST", `/v1/charts/${id}/publish`)).body;
		const due = Date.parse(linked.body.dataSource?.nextRefreshAt ?? "");
		csv = "party,seats\nGreens,20\nTeal,9\n";
		const reads = () => web.requests.filter((r) => r.url === url).length;
		await runSchedule(due - 60_000);
		expect(reads()).toBe(1);
		await runSchedule(due + 1);
		expect(reads()).toBe(2);
		const chart = (await callJson<Chart>(key, "GET", `/v1/charts/${id}`)).body;
		expect(chart.dataSource?.lastStatus).toBe("ok");
		expect(await authorOf(id, chart.version)).toBe("system:linked-data");
		expect(await (await embed(`${embedUrl}data.json`)).text()).toContain("Teal");
	});
});

function librarySource(value: number): LibrarySource {
	return {
		id: "live-test",
		title: "Live test",
		description: "",
		attribution: "test",
		dimensions: [{ id: "measure", title: "Measure", values: [{ id: "turnout", label: "Turnout" }] }],
		statistics: [
			{
				id: "live-test.turnout",
				title: "Turnout",
				seriesName: "Turnout",
				unit: "%",
				frequency: "annual",
				dimensions: { measure: "turnout" },
				observations: [
					["2020", 60],
					["2024", value],
				],
			},
		],
	};
}

async function importSource(source: LibrarySource, hash: string): Promise<void> {
	await env.DB.batch(importSourceSql(source, hash, Date.now()).map((statement) => env.DB.prepare(statement)));
}

describe("library re-imports", () => {
	it("redraw every published chart on a changed statistic, once", async () => {
		await importSource(librarySource(61.5), "first");
		const { key } = await makeAccount();
		const created = await callJson<{ id: string }>(key, "POST", "/v1/charts", {
			body: { kind: "line", series: [{ statistic: "live-test.turnout" }], meta: { title: "Turnout" } },
		});
		const id = created.body.id;
		const { embedUrl } = (await callJson<{ embedUrl: string }>(key, "POST", `/v1/charts/${id}/publish`)).body;
		await runSchedule(Date.now()); // follows the first import: the chart was published from it
		const before = (await callJson<Chart>(key, "GET", `/v1/charts/${id}`)).body.version;
		expect(await (await embed(`${embedUrl}data.json`)).text()).toContain("61.5");

		await importSource(librarySource(72.25), "second");
		await runSchedule(Date.now());
		const after = (await callJson<Chart>(key, "GET", `/v1/charts/${id}`)).body.version;
		expect(after).toBe(before + 1);
		expect(await authorOf(id, after)).toBe("system:library");
		expect((await versions(key, id))[0]?.action).toBe("refresh");
		expect(await (await embed(`${embedUrl}data.json`)).text()).toContain("72.25");

		// The same source again (no change): nothing to do.
		await runSchedule(Date.now());
		expect((await callJson<Chart>(key, "GET", `/v1/charts/${id}`)).body.version).toBe(after);
		// A re-import whose values are the same as published: followed, no version.
		await importSource(librarySource(72.25), "third");
		await runSchedule(Date.now());
		expect((await callJson<Chart>(key, "GET", `/v1/charts/${id}`)).body.version).toBe(after);
	});
});
