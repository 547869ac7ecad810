import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { ErrorBody } from "../../harness/workerd/api";
import { callJson } from "../../harness/workerd/api";
import { makeAccount } from "../../harness/workerd/factories";
import { loadLibrary } from "../../harness/workerd/library";

interface StatisticList {
	statistics: { id: string; title: string; seriesName: string; source: { id: string }; unit: string; dimensions: Record<string, string> }[];
}

beforeAll(loadLibrary);

describe("GET /v1/statistics", () => {
	it('ranks the Gapminder statistic first for "life expectancy china"', async () => {
		const { key } = await makeAccount();
		const res = await callJson<StatisticList>(key, "GET", "/v1/statistics?search=life%20expectancy%20china");
		expect(res.status).toBe(200);
		expect(res.body.statistics[0]).toMatchObject({
			id: "gapminder.life_expect.china",
			title: "Life expectancy: China",
			seriesName: "China",
			source: { id: "gapminder" },
			unit: "years",
			dimensions: { country: "china", indicator: "life_expect" },
		});
	});

	it("returns at most 25 results even when more match", async () => {
		const { key } = await makeAccount();
		const all = await env.DB.prepare("SELECT COUNT(*) AS n FROM library_statistics WHERE source_id = 'gapminder'").first<number>("n");
		expect(all).toBeGreaterThan(25);
		const res = await callJson<StatisticList>(key, "GET", "/v1/statistics?search=gapminder");
		expect(res.body.statistics).toHaveLength(25);
		expect(res.body.statistics.every((s) => s.source.id === "gapminder")).toBe(true);
		const unfiltered = await callJson<StatisticList>(key, "GET", "/v1/statistics");
		expect(unfiltered.body.statistics).toHaveLength(25);
		const limitIgnored = await callJson<StatisticList>(key, "GET", "/v1/statistics?search=gapminder&limit=100");
		expect(limitIgnored.body.statistics).toHaveLength(25);
	});

	it("finds a ticker and ignores punctuation in the query", async () => {
		const { key } = await makeAccount();
		const res = await callJson<StatisticList>(key, "GET", "/v1/statistics?search=AAPL%20share%20price!!");
		expect(res.body.statistics[0]?.id).toBe("stocks.aapl");
		const none = await callJson<StatisticList>(key, "GET", "/v1/statistics?search=zzzzzz");
		expect(none.body.statistics).toEqual([]);
	});

	it("needs any valid key, even without scopes, and refuses an over-long query", async () => {
		const { key } = await makeAccount({ scopes: [] });
		expect((await callJson(key, "GET", "/v1/statistics?search=co2")).status).toBe(200);
		expect((await callJson(null, "GET", "/v1/statistics")).status).toBe(401);
		const long = await callJson<ErrorBody>(key, "GET", `/v1/statistics?search=${"a".repeat(201)}`);
		expect(long.status).toBe(422);
		expect(long.body.error.code).toBe("invalid_query");
	});
});

describe("GET /v1/sources and dimension values", () => {
	it("lists sources with their dimensions", async () => {
		const { key } = await makeAccount();
		const res = await callJson<{ sources: { id: string; dimensions: { id: string }[] }[] }>(key, "GET", "/v1/sources");
		expect(res.status).toBe(200);
		expect(res.body.sources.map((s) => s.id)).toEqual([
			"co2",
			"gapminder",
			"global-temp",
			"iowa-electricity",
			"sp500",
			"stocks",
			"us-employment",
			"vix",
		]);
		expect(res.body.sources.find((s) => s.id === "gapminder")?.dimensions.map((d) => d.id)).toEqual(["country", "indicator"]);
	});

	it("returns at most 30 values, narrowed with search, prefix matches first", async () => {
		const { key } = await makeAccount();
		const all = await callJson<{ values: { id: string; label: string }[] }>(key, "GET", "/v1/sources/gapminder/dimensions/country");
		expect(all.status).toBe(200);
		expect(all.body.values).toHaveLength(30);
		const narrowed = await callJson<{ values: { id: string; label: string }[] }>(
			key,
			"GET",
			"/v1/sources/gapminder/dimensions/country?search=ch",
		);
		expect(narrowed.body.values[0]).toEqual({ id: "chile", label: "Chile" });
		expect(narrowed.body.values.map((v) => v.label)).toContain("China");
		expect(narrowed.body.values.every((v) => v.label.toLowerCase().includes("ch"))).toBe(true);
	});

	it("answers 404 for an unknown source or dimension", async () => {
		const { key } = await makeAccount();
		const source = await callJson<ErrorBody>(key, "GET", "/v1/sources/nope/dimensions/country");
		expect(source.status).toBe(404);
		expect(source.body.error.message).toContain("GET /v1/sources");
		const dim = await callJson<ErrorBody>(key, "GET", "/v1/sources/gapminder/dimensions/planet");
		expect(dim.status).toBe(404);
	});
});
