/**
 * Any table through a real `wrangler dev`, as a newsroom and an analyst bring them: a ten-column
 * country table drawn as a bubble scatter from `meta.columns`, a long country/year table drawn one
 * line per country without being told, an election table with text columns drawing its vote
 * columns, and a German CSV (`;`, decimal comma) read as numbers.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { countryTable } from "../fixtures/country-table.ts";
import type { DevServer } from "../harness/local/dev-server.ts";
import { startDevServer } from "../harness/local/dev-server.ts";
import { demoKeysOf } from "../harness/local/prepared-state.ts";

const lifeExp = [
	"country,year,lifeExp",
	"China,1997,70.426",
	"China,2002,72.028",
	"China,2007,72.961",
	"India,1997,61.765",
	"India,2002,62.879",
	"India,2007,64.698",
].join("\n");

const election = [
	"Nr,Wahlkreis,Bundesland,CDU,SPD,Grüne,FDP",
	"1,Flensburg – Schleswig,Schleswig-Holstein,28.1,24.6,21.9,11.8",
	"2,Nordfriesland – Dithmarschen Nord,Schleswig-Holstein,31.2,25.3,14.8,12.1",
	"3,Steinburg – Dithmarschen Süd,Schleswig-Holstein,30.4,27.1,12.2,11.9",
].join("\n");

interface Chart {
	id: string;
	series: string[];
	columns: Record<string, string | string[]> | null;
}

describe("any table through wrangler dev", () => {
	let server: DevServer;
	let key = "";

	before(async () => {
		server = await startDevServer(8853);
		key = (await demoKeysOf(server)).find((k) => k.role === "editor")?.key ?? "";
		assert.ok(key, "the demo has an editor key");
	});

	after(async () => {
		await server?.stop();
	});

	async function create(body: unknown): Promise<Chart> {
		const res = await fetch(`${server.url}/v1/charts`, {
			method: "POST",
			headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
			body: JSON.stringify(body),
		});
		assert.equal(res.status, 201, await res.clone().text());
		const { id } = (await res.json()) as { id: string };
		return (await (await fetch(`${server.url}/v1/charts/${id}`, { headers: { Authorization: `Bearer ${key}` } })).json()) as Chart;
	}

	const svgOf = async (id: string) => {
		const res = await fetch(`${server.url}/v1/charts/${id}/export/svg`, { headers: { Authorization: `Bearer ${key}` } });
		assert.equal(res.status, 200);
		return res.text();
	};

	it("draws a ten-column country table as a bubble scatter from meta.columns", async () => {
		const columns = { x: "gdpPercap", y: "lifeExp", size: "pop", label: "country", group: "continent" };
		const chart = await create({ kind: "scatter", data: countryTable, meta: { title: "Wealth and health", columns } });
		assert.deepEqual(chart.columns, columns);
		const svg = await svgOf(chart.id);
		for (const continent of ["Asia", "Europe", "Africa", "Americas", "Oceania"]) assert.match(svg, new RegExp(`>${continent}<`));
	});

	it("draws a long country/year table one line per country, with or without columns", async () => {
		const told = await create({ kind: "line", data: lifeExp, meta: { columns: { x: "year", y: "lifeExp", series: "country" } } });
		const untold = await create({ kind: "line", data: lifeExp });
		for (const chart of [told, untold]) {
			assert.deepEqual(chart.series, ["China", "India"]);
			assert.deepEqual(chart.columns, { x: "year", y: "lifeExp", series: "country" });
		}
		const svg = await svgOf(untold.id);
		assert.match(svg, />China</);
		assert.doesNotMatch(svg, />year</);
	});

	it("draws an election table's vote columns without being told", async () => {
		const chart = await create({ kind: "horizontal-bar", data: election });
		assert.deepEqual(chart.series, ["CDU", "SPD", "Grüne", "FDP"]);
		assert.match(await svgOf(chart.id), /Nordfriesland/);
	});

	it("reads SPD;25,7 as 25.7", async () => {
		const chart = await create({ kind: "horizontal-bar", data: "Partei;Anteil\nSPD;25,7\nCDU/CSU;24,1\n" });
		assert.deepEqual(chart.series, ["Anteil"]);
		const csv = await (
			await fetch(`${server.url}/v1/charts/${chart.id}/export/csv`, { headers: { Authorization: `Bearer ${key}` } })
		).text();
		assert.match(csv, /SPD,25\.7/);
	});
});
