/**
 * Column roles through the API: `meta.columns` draws what it names from any table, roles are
 * chosen for tables that can be read without guessing and proposed for the others, `columns`
 * shows the roles in use, and the stored table keeps every column.
 */
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { countryTable, countryTableHeader } from "../../fixtures/country-table";
import type { ErrorBody } from "../../harness/workerd/api";
import { call, callJson } from "../../harness/workerd/api";
import { makeAccount } from "../../harness/workerd/factories";
import { fakeWeb } from "../../harness/workerd/fake-upstream";

interface Chart {
	id: string;
	version: number;
	series: string[];
	columns: Record<string, string | string[]> | null;
}

const bubbles = { x: "gdpPercap", y: "lifeExp", size: "pop", label: "country", group: "continent" };

const longTable = "country,year,lifeExp\nChina,2002,72.028\nChina,2007,72.961\nIndia,2002,62.879\nIndia,2007,64.698\n";
const election = "Nr,Wahlkreis,Land,CDU,SPD,Grüne\n1,Flensburg – Schleswig,SH,28.1,24.6,21.9\n2,Nordfriesland,SH,31.2,25.3,14.8\n";

function create(key: string, body: unknown) {
	return callJson<Chart & ErrorBody>(key, "POST", "/v1/charts", { body });
}

describe("meta.columns", () => {
	it("draws a 10-column country table as a bubble scatter, and keeps every column in the data", async () => {
		const { key } = await makeAccount();
		const created = await create(key, { kind: "scatter", data: countryTable, meta: { title: "Wealth and health", columns: bubbles } });
		expect(created.status).toBe(201);
		const chart = (await callJson<Chart>(key, "GET", `/v1/charts/${created.body.id}`)).body;
		expect(chart.series).toEqual(["lifeExp", "pop"]);
		expect(chart.columns).toEqual(bubbles);
		const svg = await call(key, "GET", `/v1/charts/${chart.id}/export/svg`);
		expect(svg.status).toBe(200);
		expect(await svg.text()).toContain("Australia");
		const header = countryTableHeader;
		const csv = await (await call(key, "GET", `/v1/charts/${chart.id}/export/csv`)).text();
		expect(csv.split(/\r?\n/)[0]).toBe(header);
		// A reader's "Get the data" has the whole table too.
		await callJson(key, "PATCH", `/v1/charts/${chart.id}`, { body: { meta: { embed: { dataLink: true } } } });
		const published = await callJson<{ embedUrl: string }>(key, "POST", `/v1/charts/${chart.id}/publish`);
		const readers = await exports.default.fetch(new Request(`${published.body.embedUrl}data.csv`));
		expect(readers.status).toBe(200);
		expect((await readers.text()).split(/\r?\n/)[0]).toBe(header);
	});

	it("is read again when it changes, and refused naming what is wrong", async () => {
		const { key } = await makeAccount();
		const created = await create(key, { kind: "horizontal-bar", data: election });
		const id = created.body.id;
		expect((await callJson<Chart>(key, "GET", `/v1/charts/${id}`)).body.series).toEqual(["CDU", "SPD", "Grüne"]);
		const patched = await callJson<Chart>(key, "PATCH", `/v1/charts/${id}`, {
			body: { meta: { columns: { x: "Wahlkreis", y: ["SPD"] } } },
		});
		expect(patched.status).toBe(200);
		expect([patched.body.series, patched.body.columns]).toEqual([["SPD"], { x: "Wahlkreis", y: ["SPD"] }]);
		const wrong = await callJson<ErrorBody>(key, "PATCH", `/v1/charts/${id}`, { body: { meta: { columns: { x: "Kreis" } } } });
		expect([wrong.status, wrong.body.error.code]).toEqual([422, "invalid_data"]);
		expect(wrong.body.error.message).toMatch(/"Kreis" is not a column of the data; its columns are "Nr", "Wahlkreis"/);
		const shape = await callJson<ErrorBody>(key, "PATCH", `/v1/charts/${id}`, { body: { meta: { columns: { x: 3 } } } });
		expect([shape.status, shape.body.error.code]).toEqual([422, "invalid_body"]);
		// New data whose headers no longer hold the roles: the refusal says both ways out.
		const renamed = await call(key, "PUT", `/v1/charts/${id}/data`, {
			rawBody: election.replace("Wahlkreis,", "Kreis,"),
			headers: { "Content-Type": "text/csv" },
		});
		const renamedBody = (await renamed.json()) as ErrorBody;
		expect([renamed.status, renamedBody.error.code]).toEqual([422, "invalid_data"]);
		expect(renamedBody.error.message).toMatch(
			/"Wahlkreis" is not a column of the data;.*send meta\.columns in the same PATCH as data\), or set meta\.columns to null/,
		);
		const removed = await callJson<Chart>(key, "PATCH", `/v1/charts/${id}`, { body: { meta: { columns: null } } });
		expect(removed.body.series).toEqual(["CDU", "SPD", "Grüne"]);
	});

	it("applies to linked data: a sheet with extra columns draws the ones named", async () => {
		const web = fakeWeb();
		web.csv("https://data.example.org/wide.csv", () => countryTable);
		const { key } = await makeAccount();
		const created = await create(key, { kind: "scatter", data: countryTable, meta: { columns: bubbles } });
		const linked = await callJson<Chart>(key, "PUT", `/v1/charts/${created.body.id}/data`, {
			body: { url: "https://data.example.org/wide.csv" },
		});
		expect(linked.status).toBe(200);
		expect(linked.body.columns).toEqual(bubbles);
	});
});

describe("parts of a whole", () => {
	it("check the column a pie draws: a hidden column below zero is no part, on create and on new data", async () => {
		const { key } = await makeAccount();
		const data = "party,change,seats\nGreens,7,19\nLabour,-3,38\n";
		const refused = await create(key, { kind: "pie", data });
		expect([refused.status, refused.body.error.code]).toEqual([422, "invalid_data"]);
		expect(refused.body.error.message).toContain('negative value (-3) in "change"');
		const hidden = { seriesTransform: { change: { hidden: true } } };
		const created = await create(key, { kind: "pie", data, meta: hidden });
		expect(created.status).toBe(201);
		const again = await call(key, "PUT", `/v1/charts/${created.body.id}/data`, {
			rawBody: "party,change,seats\nGreens,5,21\nLabour,-4,36\n",
			headers: { "Content-Type": "text/csv" },
		});
		expect(again.status).toBe(200);
	});
});

describe("column names", () => {
	it("longer than a role may name are refused on the way in, and roles stored before that limit still read", async () => {
		const { key } = await makeAccount();
		const long = `s0 L ${"x".repeat(300)}`;
		const refused = await create(key, { kind: "radar", data: `category,${long}\nc0,0\nc1,2\n` });
		expect([refused.status, refused.body.error.code]).toEqual([422, "invalid_data"]);
		expect(refused.body.error.message).toContain("Column 2's name is 305 characters long");
		const created = await create(key, { kind: "radar", data: "category,a\nc0,0\nc1,2\n" });
		await env.DB.prepare("UPDATE charts SET column_roles = ? WHERE id = ?")
			.bind(JSON.stringify({ x: "category", y: [long] }), created.body.id)
			.run();
		const read = await callJson<Chart>(key, "GET", `/v1/charts/${created.body.id}`);
		expect([read.status, read.body.columns]).toEqual([200, { x: "category", y: [long] }]);
	});
});

describe("roles chosen from the columns", () => {
	it("draw a long table one line per country", async () => {
		const { key } = await makeAccount();
		const created = await create(key, { kind: "line", data: longTable });
		expect(created.status).toBe(201);
		const chart = (await callJson<Chart>(key, "GET", `/v1/charts/${created.body.id}`)).body;
		expect(chart.series).toEqual(["China", "India"]);
		expect(chart.columns).toEqual({ x: "year", y: "lifeExp", series: "country" });
		const png = await call(key, "GET", `/v1/charts/${created.body.id}/export/png`);
		expect(png.status).toBe(200);
	});

	it("propose meta.columns for a table they cannot read without guessing", async () => {
		const { key } = await makeAccount();
		const refused = await create(key, { kind: "scatter", data: countryTable });
		expect([refused.status, refused.body.error.code]).toEqual([422, "invalid_data"]);
		expect(refused.body.error.message).toMatch(/meta\.columns/);
		const details = refused.body.error.details as { columns: Record<string, string>; validColumns: string[] };
		expect(details.columns).toMatchObject({ label: "country", group: "continent" });
		expect(details.validColumns).toContain("gdpPercap");
		// The proposal works as it is.
		const retried = await create(key, { kind: "scatter", data: countryTable, meta: { columns: details.columns } });
		expect(retried.status).toBe(201);
	});
});

describe("PATCH with data", () => {
	it("sets new data with its roles in one version, keeps a table an empty series would remove, and removes it with data: null", async () => {
		const { key } = await makeAccount();
		const created = await create(key, { kind: "line", data: "year,A\n2020,1\n2021,2\n" });
		const id = created.body.id;
		const patched = await callJson<Chart & { hasData: boolean }>(key, "PATCH", `/v1/charts/${id}`, {
			body: { kind: "scatter", data: countryTable, meta: { columns: bubbles } },
		});
		expect(patched.status).toBe(200);
		expect([patched.body.version, patched.body.series, patched.body.columns]).toEqual([2, ["lifeExp", "pop"], bubbles]);

		// A client sending back the `series` it read (none, for a chart of its own table) changes nothing.
		const echoed = await callJson<Chart & { hasData: boolean }>(key, "PATCH", `/v1/charts/${id}`, { body: { series: [] } });
		expect([echoed.status, echoed.body.version, echoed.body.hasData]).toEqual([200, 2, true]);

		const removed = await callJson<Chart & { hasData: boolean }>(key, "PATCH", `/v1/charts/${id}`, { body: { data: null } });
		expect([removed.status, removed.body.version, removed.body.hasData, removed.body.series]).toEqual([200, 3, false, []]);
		const history = await callJson<{ versions: { summary: string }[] }>(key, "GET", `/v1/charts/${id}/versions`);
		expect(history.body.versions[0]?.summary).toMatch(/Data removed/);
		const both = await callJson<ErrorBody>(key, "PATCH", `/v1/charts/${id}`, { body: { data: null, series: [] } });
		expect([both.status, both.body.error.code]).toEqual([422, "invalid_body"]);
	});
});
