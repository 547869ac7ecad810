/**
 * Inputs at and past the data limits (docs/design.md#d18, #d23, #d24): long sankey chains, `meta` size and
 * depth, charts stored with a poison `meta` before the limit existed, and impossible dates.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { ErrorBody } from "../../harness/workerd/api";
import { call, callJson } from "../../harness/workerd/api";
import { makeAccount } from "../../harness/workerd/factories";

interface Chart {
	id: string;
	version: number;
	meta: Record<string, unknown>;
	series: string[];
	hasData: boolean;
}

interface ErrorDetails {
	path?: string;
	row?: number;
	column?: string;
}

const json = { "Content-Type": "application/json" };
const csv = { "Content-Type": "text/csv" };

/** `{"a":{"a":…1…}}`: `levels` nested objects, as raw JSON text (no recursion to build it). */
function nestedJson(levels: number): string {
	return `${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`;
}

/** `n0,n1,1` / `n1,n2,1` / …, closed back into n0 when asked. */
function sankeyChain(links: number, closed = false): string {
	const rows = Array.from({ length: links }, (_, i) => `n${i},n${closed && i === links - 1 ? 0 : i + 1},1`);
	return `source,target,value\n${rows.join("\n")}\n`;
}

async function createChart(key: string, body: unknown = {}): Promise<string> {
	const res = await callJson<{ id: string }>(key, "POST", "/v1/charts", { body });
	expect(res.status).toBe(201);
	return res.body.id;
}

async function storedChartRow(id: string): Promise<{ version: number; meta: string }> {
	const row = await env.DB.prepare("SELECT version, meta FROM charts WHERE id = ?").bind(id).first<{ version: number; meta: string }>();
	if (!row) throw new Error(`chart ${id} is not stored`);
	return row;
}

async function chartCount(workspaceId: string): Promise<number> {
	return (await env.DB.prepare("SELECT COUNT(*) AS n FROM charts WHERE workspace_id = ?").bind(workspaceId).first<number>("n")) ?? 0;
}

function expectMetaRefused(res: { status: number; body: ErrorBody }, limit: string): void {
	expect(res.status).toBe(422);
	expect(res.body.error.code).toBe("invalid_body");
	expect((res.body.error.details as ErrorDetails).path).toBe("meta");
	expect(res.body.error.message).toContain(limit);
}

describe("sankey: long chains of links", () => {
	it("uploads a 10,000-link chain with PUT data and with POST data", async () => {
		const { key } = await makeAccount();
		const id = await createChart(key, { kind: "sankey" });
		const put = await callJson<Chart>(key, "PUT", `/v1/charts/${id}/data`, { rawBody: sankeyChain(10_000), headers: csv });
		expect(put.status).toBe(200);
		expect(put.body.hasData).toBe(true);
		expect(put.body.series).toEqual(["value"]);

		const created = await callJson<{ id: string; hasData: boolean }>(key, "POST", "/v1/charts", {
			body: { kind: "sankey", data: sankeyChain(10_000) },
		});
		expect(created.status).toBe(201);
		expect(created.body.hasData).toBe(true);
	});

	it("refuses a 10,000-link cycle with 422 invalid_data naming the cycle, and keeps the old data", async () => {
		const { key } = await makeAccount();
		const id = await createChart(key, { kind: "sankey", data: "source,target,value\na,b,1\n" });
		const res = await callJson<ErrorBody>(key, "PUT", `/v1/charts/${id}/data`, { rawBody: sankeyChain(10_000, true), headers: csv });
		expect(res.status).toBe(422);
		expect(res.body.error.code).toBe("invalid_data");
		expect(res.body.error.message).toContain("cycle (n0 → n1 → n2 → n3 → n4 → … 9991 more … → n9996 → n9997 → n9998 → n9999 → n0)");
		expect((await storedChartRow(id)).version).toBe(1);
	});
});

describe("meta limits (D24): 64 KiB serialised, 20 levels deep", () => {
	it("accepts meta 20 levels deep and about 60 KiB, and answers it back intact", async () => {
		const { key } = await makeAccount();
		const deep = JSON.parse(nestedJson(19)) as unknown;
		const meta = { title: "At the limits", deep, memo: "x".repeat(60 * 1024) };
		const id = await createChart(key, { meta });
		const read = await callJson<Chart>(key, "GET", `/v1/charts/${id}`);
		expect(read.status).toBe(200);
		expect(read.body.meta).toEqual(meta);
	});

	it("refuses meta 25 levels deep on create, storing nothing", async () => {
		const { key, workspaceId } = await makeAccount();
		const res = await callJson<ErrorBody>(key, "POST", "/v1/charts", { rawBody: `{"meta":${nestedJson(25)}}`, headers: json });
		expectMetaRefused(res, "the limit is 20 levels");
		expect(await chartCount(workspaceId)).toBe(0);
	});

	it("refuses meta 21 levels deep (one past the limit)", async () => {
		const { key } = await makeAccount();
		const res = await callJson<ErrorBody>(key, "POST", "/v1/charts", { rawBody: `{"meta":${nestedJson(21)}}`, headers: json });
		expectMetaRefused(res, "20 levels");
	});

	it.each([5_000, 100_000])("refuses meta %i levels deep on create with 422, never 500, storing nothing", async (levels) => {
		const { key, workspaceId } = await makeAccount();
		const res = await callJson<ErrorBody>(key, "POST", "/v1/charts", { rawBody: `{"meta":${nestedJson(levels)}}`, headers: json });
		expectMetaRefused(res, "the limit is 20 levels");
		expect(await chartCount(workspaceId)).toBe(0);
	});

	it.each([
		["an unknown top-level field", (deep: string) => `{"extra":${deep}}`, 201],
		["series", (deep: string) => `{"series":[${deep}]}`, 422],
		["a transform's args", (deep: string) => `{"meta":{"seriesTransform":{"A":{"ops":[{"fn":"multiply","args":[${deep}]}]}}}}`, 422],
		["a nested array", (deep: string) => `{"meta":{"list":${"[".repeat(100_000)}${"]".repeat(100_000)},"d":${deep}}}`, 422],
	])("answers 100,000 levels in %s without a 5xx", async (_where, body, status) => {
		const { key } = await makeAccount();
		const res = await callJson(key, "POST", "/v1/charts", { rawBody: body(nestedJson(100_000)), headers: json });
		expect(res.status).toBe(status);
	});

	it("refuses a 900 KB meta on create (the JSON body limit is higher)", async () => {
		const { key, workspaceId } = await makeAccount();
		const res = await callJson<ErrorBody>(key, "POST", "/v1/charts", { body: { meta: { memo: "x".repeat(900 * 1024) } } });
		expectMetaRefused(res, "the limit is 64 KiB");
		expect(await chartCount(workspaceId)).toBe(0);
	});

	it.each([25, 100_000])("refuses a PATCH %i levels deep, leaving version and meta unchanged", async (levels) => {
		const { key } = await makeAccount();
		const id = await createChart(key, { meta: { title: "Before" } });
		const before = await storedChartRow(id);
		const res = await callJson<ErrorBody>(key, "PATCH", `/v1/charts/${id}`, { rawBody: `{"meta":${nestedJson(levels)}}`, headers: json });
		expectMetaRefused(res, "the limit is 20 levels");
		expect(await storedChartRow(id)).toEqual(before);
	});

	it("refuses a PATCH whose merged meta passes 64 KiB, though each patch alone is under it", async () => {
		const { key } = await makeAccount();
		const id = await createChart(key, { meta: { first: "x".repeat(40 * 1024) } });
		const before = await storedChartRow(id);
		const res = await callJson<ErrorBody>(key, "PATCH", `/v1/charts/${id}`, { body: { meta: { second: "y".repeat(40 * 1024) } } });
		expectMetaRefused(res, "the limit is 64 KiB");
		expect(await storedChartRow(id)).toEqual(before);
	});

	it("accepts a PATCH that deepens meta to exactly 20 levels", async () => {
		const { key } = await makeAccount();
		const id = await createChart(key, { meta: { title: "Deepening" } });
		const res = await callJson<Chart>(key, "PATCH", `/v1/charts/${id}`, { rawBody: `{"meta":${nestedJson(20)}}`, headers: json });
		expect(res.status).toBe(200);
		expect(res.body.version).toBe(2);
	});
});

describe("a chart stored with a meta past the limits before they existed", () => {
	/** Writes `meta` into the chart row and its first version, as an older release could have. */
	async function poison(id: string, meta: string): Promise<void> {
		const version = await env.DB.prepare("SELECT snapshot FROM chart_versions WHERE chart_id = ? AND version = 1")
			.bind(id)
			.first<string>("snapshot");
		const snapshot = (version ?? "").replace(/"meta":\{"title":"Poisoned"\}/, `"meta":{"title":"Poisoned","a":${nestedJson(100_000)}}`);
		expect(snapshot).toContain('"a":{"a":');
		await env.DB.batch([
			env.DB.prepare("UPDATE charts SET meta = ? WHERE id = ?").bind(meta, id),
			env.DB.prepare("UPDATE chart_versions SET snapshot = ? WHERE chart_id = ? AND version = 1").bind(snapshot, id),
		]);
	}

	it.each([5_000, 100_000])("%i levels deep: GET, versions, PUT data, a repairing PATCH and DELETE all answer", async (levels) => {
		const { key } = await makeAccount();
		const id = await createChart(key, { meta: { title: "Poisoned" } });
		await poison(id, `{"title":"Poisoned","a":${nestedJson(levels)}}`);

		const read = await callJson<Chart>(key, "GET", `/v1/charts/${id}`);
		expect(read.status).toBe(200);
		expect(read.body.meta).toEqual({ title: "Poisoned" });

		const list = await callJson(key, "GET", `/v1/charts/${id}/versions`);
		expect(list.status).toBe(200);
		const first = await callJson<{ chart: Chart }>(key, "GET", `/v1/charts/${id}/versions/1`);
		expect(first.status).toBe(200);
		expect(first.body.chart.meta).toEqual({ title: "Poisoned" });

		const data = await callJson<Chart>(key, "PUT", `/v1/charts/${id}/data`, { rawBody: "x,y\n1,2\n", headers: csv });
		expect(data.status).toBe(200);

		const repaired = await callJson<Chart>(key, "PATCH", `/v1/charts/${id}`, { body: { meta: { a: null, title: "Repaired" } } });
		expect(repaired.status).toBe(200);
		expect(repaired.body.meta).toEqual({ title: "Repaired" });
		expect(JSON.parse((await storedChartRow(id)).meta)).toEqual({ title: "Repaired" });

		const deleted = await callJson(key, "DELETE", `/v1/charts/${id}`);
		expect(deleted.status).toBe(200);
		expect((await callJson(key, "GET", `/v1/charts/${id}`)).status).toBe(404);
	});

	it("900 KB: still answers GET as stored; a PATCH must bring it under 64 KiB", async () => {
		const { key } = await makeAccount();
		const id = await createChart(key, { meta: { title: "Heavy" } });
		const memo = "x".repeat(900 * 1024);
		await env.DB.prepare("UPDATE charts SET meta = ? WHERE id = ?")
			.bind(JSON.stringify({ title: "Heavy", memo }), id)
			.run();

		const read = await callJson<Chart>(key, "GET", `/v1/charts/${id}`);
		expect(read.status).toBe(200);
		expect(read.body.meta.memo).toBe(memo);

		const stillHeavy = await callJson<ErrorBody>(key, "PATCH", `/v1/charts/${id}`, { body: { meta: { title: "Lighter" } } });
		expectMetaRefused(stillHeavy, "the limit is 64 KiB");
		expect((await storedChartRow(id)).version).toBe(1);

		const repaired = await callJson<Chart>(key, "PATCH", `/v1/charts/${id}`, { body: { meta: { title: "Lighter", memo: null } } });
		expect(repaired.status).toBe(200);
		expect(JSON.parse((await storedChartRow(id)).meta)).toEqual({ title: "Lighter" });
	});

	it("restores the poisoned first version without its over-deep field", async () => {
		const { key } = await makeAccount();
		const id = await createChart(key, { meta: { title: "Poisoned" } });
		await poison(id, '{"title":"Poisoned"}');
		const restored = await callJson<Chart>(key, "POST", `/v1/charts/${id}/versions/1/restore`);
		expect(restored.status).toBe(200);
		expect(restored.body.meta).toEqual({ title: "Poisoned" });
	});
});

describe("impossible dates", () => {
	it("a line chart with 2026-02-30 in its period column is still accepted, its periods drawn as categories", async () => {
		const { key } = await makeAccount();
		const created = await callJson<{ id: string }>(key, "POST", "/v1/charts", {
			body: { kind: "line", data: "period,sales\n2026-02-28,1\n2026-02-30,2\n2026-03-01,3\n" },
		});
		expect(created.status).toBe(201);
		const svg = await call(key, "GET", `/v1/charts/${created.body.id}/export/svg`);
		expect(svg.status).toBe(200);
		// A category axis shows the label as written; a date axis would have drawn 2 March.
		expect(await svg.text()).toContain("2026-02-30");
	});

	it("a candlestick with 2026-02-30 in its date column is 422 invalid_data naming the row", async () => {
		const { key } = await makeAccount();
		const id = await createChart(key, { kind: "candlestick" });
		const res = await callJson<ErrorBody>(key, "PUT", `/v1/charts/${id}/data`, {
			rawBody: "date,open,high,low,close\n2026-02-27,1,2,0,1\n2026-02-30,1,2,0,1\n",
			headers: csv,
		});
		expect(res.status).toBe(422);
		expect(res.body.error.code).toBe("invalid_data");
		expect(res.body.error.details).toEqual({ row: 3, column: "date" });
		expect(res.body.error.message).toContain('row 3 has "2026-02-30"');
		expect((await storedChartRow(id)).version).toBe(1);
	});

	it("a candlestick over labels that are not dates (trading sessions) is accepted as categories", async () => {
		const { key } = await makeAccount();
		const id = await createChart(key, { kind: "candlestick" });
		const res = await callJson<{ series: string[] }>(key, "PUT", `/v1/charts/${id}/data`, {
			rawBody: "session,open,high,low,close\nMon am,1,2,0,1\nMon pm,1,3,1,2\n",
			headers: csv,
		});
		expect(res.status).toBe(200);
		expect(res.body.series).toEqual(["open", "high", "low", "close"]);
	});
});
