import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import dataDoc from "../../../docs/data.md?raw";
import { chartKinds } from "../../../src/domain/kinds";
import { layoutExamples } from "../../../src/domain/layout-examples";
import type { ErrorBody } from "../../harness/workerd/api";
import { call, callJson } from "../../harness/workerd/api";
import { makeAccount } from "../../harness/workerd/factories";
import { loadLibrary } from "../../harness/workerd/library";

interface Chart {
	id: string;
	kind: string;
	series: string[];
	hasData: boolean;
	version: number;
	meta: Record<string, unknown>;
	columns: Record<string, string | string[]> | null;
}

beforeAll(loadLibrary);

function putCsv(key: string, id: string, csv: string, headers: Record<string, string> = {}) {
	return callJson<Chart & ErrorBody>(key, "PUT", `/v1/charts/${id}/data`, {
		rawBody: csv,
		headers: { "Content-Type": "text/csv", ...headers },
	});
}

async function exportCsv(key: string, id: string): Promise<{ status: number; text: string; headers: Headers }> {
	const res = await call(key, "GET", `/v1/charts/${id}/export/csv`);
	return { status: res.status, text: await res.text(), headers: res.headers };
}

describe("charts from library statistics", () => {
	it("resolves series to entity names (a country, a ticker) and exports raw and transformed columns", async () => {
		const { key } = await makeAccount();
		const created = await callJson<{ id: string; hasData: boolean }>(key, "POST", "/v1/charts", {
			body: { series: [{ statistic: "gapminder.life_expect.china" }, { statistic: "stocks.aapl" }], meta: { title: "Mixed" } },
		});
		expect(created.status).toBe(201);
		expect(created.body.hasData).toBe(true);
		const chart = await callJson<Chart>(key, "GET", `/v1/charts/${created.body.id}`);
		expect(chart.body.series).toEqual(["China", "AAPL"]);

		const patched = await callJson<Chart>(key, "PATCH", `/v1/charts/${created.body.id}`, {
			body: { meta: { seriesTransform: { China: { ops: [{ fn: "index100" }] }, AAPL: { hidden: true } } } },
		});
		expect(patched.status).toBe(200);
		const csv = await exportCsv(key, created.body.id);
		expect(csv.status).toBe(200);
		expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
		expect(csv.headers.get("Content-Disposition")).toBe('attachment; filename="mixed.csv"');
		const lines = csv.text.trim().split("\n");
		expect(lines[0]).toBe("period,China,China (transformed),AAPL");
		expect(lines).toContain("1955,53.92,100,");
		// The 1960 famine: life expectancy fell to about half of 1955.
		expect(lines.find((l) => l.startsWith("1960,"))).toBe(`1960,27.79,${(27.79 / 53.92) * 100},`);
		expect(lines).toContain("2000-01-01,,,25.94");
	});

	it("exports current library values, not the values at creation", async () => {
		const { key } = await makeAccount();
		const created = await callJson<{ id: string }>(key, "POST", "/v1/charts", { body: { series: [{ statistic: "global-temp.world" }] } });
		await env.DB.prepare("UPDATE library_observations SET value = 9.99 WHERE statistic_id = 'global-temp.world' AND period = '1880'").run();
		try {
			expect((await exportCsv(key, created.body.id)).text).toContain("1880,9.99");
		} finally {
			await env.DB.prepare(
				"UPDATE library_observations SET value = -0.17 WHERE statistic_id = 'global-temp.world' AND period = '1880'",
			).run();
		}
	});

	it("draws library statistics with values below zero as a pie: the layout check leaves their parts to the drawing", async () => {
		const { key } = await makeAccount();
		const pie = await callJson<{ id: string; series: string[] }>(key, "POST", "/v1/charts", {
			body: { kind: "pie", series: [{ statistic: "global-temp.world" }] },
		});
		expect(pie.status).toBe(201);
		const changed = await callJson<{ kind: string }>(key, "PATCH", `/v1/charts/${pie.body.id}`, { body: { kind: "treemap" } });
		expect([changed.status, changed.body.kind]).toEqual([200, "treemap"]);
	});

	it("resolves an exact selection matching one statistic, by value id or label", async () => {
		const { key } = await makeAccount();
		const res = await callJson<{ id: string }>(key, "POST", "/v1/charts", {
			body: {
				series: [
					{ source: "gapminder", select: { country: "India", indicator: "fertility" } },
					{ source: "stocks", select: { symbol: "msft" } },
				],
			},
		});
		expect(res.status).toBe(201);
		expect((await callJson<Chart>(key, "GET", `/v1/charts/${res.body.id}`)).body.series).toEqual(["India", "MSFT"]);
	});

	it.each([
		[[{ source: "gapminder", select: { country: "India" } }], "series[0]", "3 statistics"],
		[[{ statistic: "stocks.aapl" }, { source: "gapminder", select: { country: "Atlantis" } }], "series[1]", '"Atlantis" is not a value'],
		[[{ source: "gapminder", select: { planet: "Earth" } }], "series[0]", "no dimension"],
		[[{ source: "nowhere", select: { a: "b" } }], "series[0]", 'no source "nowhere"'],
		[[{ statistic: "stocks.aapl" }, { statistic: "stocks.nope" }], "series[1]", 'no statistic "stocks.nope"'],
	])("refuses %j with 422 invalid_series at %s", async (series, path, says) => {
		const { key, workspaceId } = await makeAccount();
		const res = await callJson<ErrorBody>(key, "POST", "/v1/charts", { body: { series } });
		expect(res.status).toBe(422);
		expect(res.body.error.code).toBe("invalid_series");
		expect(res.body.error.details).toEqual({ path });
		expect(res.body.error.message).toContain(says);
		expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM charts WHERE workspace_id = ?").bind(workspaceId).first("n")).toBe(0);
	});

	it("names repeated series with (2)", async () => {
		const { key } = await makeAccount();
		const res = await callJson<{ id: string }>(key, "POST", "/v1/charts", {
			body: { series: [{ statistic: "stocks.ibm" }, { source: "stocks", select: { symbol: "IBM" } }] },
		});
		expect((await callJson<Chart>(key, "GET", `/v1/charts/${res.body.id}`)).body.series).toEqual(["IBM", "IBM (2)"]);
	});

	it("draws VIX OHLC statistics as a candlestick", async () => {
		const { key } = await makeAccount();
		const res = await callJson<{ id: string }>(key, "POST", "/v1/charts", {
			body: { kind: "candlestick", series: ["open", "high", "low", "close"].map((f) => ({ statistic: `vix.${f}` })) },
		});
		expect(res.status).toBe(201);
		expect((await callJson<Chart>(key, "GET", `/v1/charts/${res.body.id}`)).body.series).toEqual([
			"VIX open",
			"VIX high",
			"VIX low",
			"VIX close",
		]);
	});
});

describe("own CSV data", () => {
	it.each(chartKinds)("%s: the example in docs/data.md loads, its bad example is refused naming the problem", async (kind) => {
		const { key } = await makeAccount();
		const example = layoutExamples[kind];
		expect(dataDoc).toContain(example.csv.trim());
		const created = await callJson<{ id: string }>(key, "POST", "/v1/charts", { body: { kind } });
		const good = await putCsv(key, created.body.id, example.csv);
		expect(good.status).toBe(200);
		expect(good.body).toMatchObject({ kind, hasData: true, series: example.series, version: 2 });
		// The roles docs/data.md names for the example are the ones it is read with.
		expect(dataDoc).toContain(`**${kind}**: `);
		expect(dataDoc.split(`**${kind}**: `)[1]?.split("\n")[0]).toContain(`Columns: \`${JSON.stringify(good.body.columns)}\`.`);
		const bad = await putCsv(key, created.body.id, example.bad.csv);
		expect(bad.status).toBe(422);
		expect(bad.body.error.code).toBe("invalid_data");
		expect(bad.body.error.message).toContain(example.bad.says);
		// The refused upload changed nothing.
		expect((await callJson<Chart>(key, "GET", `/v1/charts/${created.body.id}`)).body).toMatchObject({ series: example.series, version: 2 });
	});

	it("accepts data on create, stores it content-addressed, and records each data change as a version", async () => {
		const { key } = await makeAccount();
		const created = await callJson<{ id: string; hasData: boolean }>(key, "POST", "/v1/charts", {
			body: { data: layoutExamples.line.csv },
		});
		expect(created.body.hasData).toBe(true);
		const row = await env.DB.prepare("SELECT data_blob_key AS k, series_names AS s FROM charts WHERE id = ?")
			.bind(created.body.id)
			.first<{ k: string; s: string }>();
		expect(row?.k).toMatch(/^data\/[0-9a-f]{64}\.json$/);
		expect(JSON.parse(row?.s ?? "")).toEqual(["China", "India"]);
		expect(await env.BLOBS.head(row?.k ?? "")).not.toBeNull();
		await putCsv(key, created.body.id, "year,Brazil\n2000,70.1\n");
		const versions = await callJson<{ versions: { action: string }[] }>(key, "GET", `/v1/charts/${created.body.id}/versions`);
		expect(versions.body.versions.map((v) => v.action)).toEqual(["data", "create"]);
		// The old data is still there: restoring version 1 brings China and India back.
		const restored = await callJson<Chart>(key, "POST", `/v1/charts/${created.body.id}/versions/1/restore`);
		expect(restored.body.series).toEqual(["China", "India"]);
		expect((await exportCsv(key, created.body.id)).text).toContain("2010,74.9,66.7");
	});

	it("switches a statistics chart to own data and back", async () => {
		const { key } = await makeAccount();
		const created = await callJson<{ id: string }>(key, "POST", "/v1/charts", { body: { series: [{ statistic: "stocks.goog" }] } });
		const own = await putCsv(key, created.body.id, "month,sales\n2026-01,5\n");
		expect(own.body.series).toEqual(["sales"]);
		const chart = await callJson<{ seriesReferences: unknown[] }>(key, "GET", `/v1/charts/${created.body.id}`);
		expect(chart.body.seriesReferences).toEqual([]);
		const back = await callJson<Chart>(key, "PATCH", `/v1/charts/${created.body.id}`, { body: { series: [{ statistic: "stocks.amzn" }] } });
		expect(back.body.series).toEqual(["AMZN"]);
	});

	it("re-checks the data when the kind changes", async () => {
		const { key } = await makeAccount();
		const created = await callJson<{ id: string }>(key, "POST", "/v1/charts", { body: { data: layoutExamples.line.csv } });
		const candles = await callJson<ErrorBody>(key, "PATCH", `/v1/charts/${created.body.id}`, { body: { kind: "candlestick" } });
		expect(candles.status).toBe(422);
		expect(candles.body.error.code).toBe("invalid_data");
		expect(candles.body.error.message).toContain("candlestick chart needs date, open, high, low, close");
		expect((await callJson<Chart>(key, "GET", `/v1/charts/${created.body.id}`)).body.kind).toBe("line");
		const bar = await callJson<Chart>(key, "PATCH", `/v1/charts/${created.body.id}`, { body: { kind: "horizontal-bar" } });
		expect(bar.status).toBe(200);
		expect(bar.body.series).toEqual(["China", "India"]);
		const scatter = await callJson<Chart>(key, "PATCH", `/v1/charts/${created.body.id}`, { body: { kind: "scatter" } });
		// year is numeric, so it becomes x; China is y and India the size.
		expect(scatter.body.series).toEqual(["China", "India"]);
	});

	it("refuses new data that would orphan a series transform, saying how to fix it", async () => {
		const { key } = await makeAccount();
		const created = await callJson<{ id: string }>(key, "POST", "/v1/charts", {
			body: { data: layoutExamples.line.csv, meta: { seriesTransform: { China: { hidden: true } } } },
		});
		const res = await putCsv(key, created.body.id, "year,Brazil\n2000,70.1\n");
		expect(res.status).toBe(422);
		expect(res.body.error.code).toBe("invalid_transform");
		expect(res.body.error.message).toContain('"China"');
	});

	it("accepts a 100,000-row CSV", async () => {
		const { key } = await makeAccount();
		const created = await callJson<{ id: string }>(key, "POST", "/v1/charts", { body: {} });
		const rows = Array.from({ length: 100_000 }, (_, i) => `${i},${i * 2},${(i % 97) / 3},${i % 5}`);
		const res = await putCsv(key, created.body.id, `t,a,b,c\n${rows.join("\n")}\n`);
		expect(res.status).toBe(200);
		expect(res.body.series).toEqual(["a", "b", "c"]);
		const csv = await exportCsv(key, created.body.id);
		expect(csv.text.trim().split("\n")).toHaveLength(100_001);
	});

	it("answers 415 without text/csv, 413 over 10 MiB, 412 on a stale If-Match, 404 for an unknown chart", async () => {
		const { key } = await makeAccount();
		const created = await callJson<{ id: string }>(key, "POST", "/v1/charts", { body: {} });
		const text = await callJson<ErrorBody>(key, "PUT", `/v1/charts/${created.body.id}/data`, {
			rawBody: "a,b\nx,1\n",
			headers: { "Content-Type": "text/plain" },
		});
		expect(text.status).toBe(415);
		expect(text.body.error.message).toContain("text/csv");
		// JSON is a link request: a body that is not one is a 422 naming what is missing.
		const json = await callJson<ErrorBody>(key, "PUT", `/v1/charts/${created.body.id}/data`, { body: { csv: "a,b" } });
		expect([json.status, json.body.error.code]).toEqual([422, "invalid_body"]);
		expect(json.body.error.message).toContain("url");
		const big = await putCsv(key, created.body.id, `a,b\n${"1234567,7654321\n".repeat(700_000)}`);
		expect(big.status).toBe(413);
		expect(big.body.error.code).toBe("payload_too_large");
		const stale = await putCsv(key, created.body.id, "a,b\nx,1\n", { "If-Match": '"7"' });
		expect(stale.status).toBe(412);
		expect((await putCsv(key, "ch_nope", "a,b\nx,1\n")).status).toBe(404);
	});

	it("refuses to export a chart without data", async () => {
		const { key } = await makeAccount();
		const created = await callJson<{ id: string }>(key, "POST", "/v1/charts", { body: {} });
		const res = await callJson<ErrorBody>(key, "GET", `/v1/charts/${created.body.id}/export/csv`);
		expect(res.status).toBe(422);
		expect(res.body.error.code).toBe("invalid_data");
	});
});
