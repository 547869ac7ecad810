/**
 * Numbers as people write them, through the API: a `;`-separated CSV with decimal commas (as
 * Excel writes CSV in most of Europe) is a chart's data, and a column writing decimals both ways
 * is 422 naming it.
 */
import { describe, expect, it } from "vitest";
import type { ErrorBody } from "../../harness/workerd/api";
import { call, callJson } from "../../harness/workerd/api";
import { makeAccount } from "../../harness/workerd/factories";

interface Chart {
	id: string;
	series: string[];
	hasData: boolean;
}

function putCsv(key: string, id: string, csv: string) {
	return callJson<Chart & ErrorBody>(key, "PUT", `/v1/charts/${id}/data`, { rawBody: csv, headers: { "Content-Type": "text/csv" } });
}

async function barChart(key: string): Promise<string> {
	const created = await callJson<Chart>(key, "POST", "/v1/charts", { body: { kind: "horizontal-bar" } });
	expect(created.status).toBe(201);
	return created.body.id;
}

describe("own CSV as people write it", () => {
	it("reads `Partei;Anteil` with decimal commas as numbers, and exports them with a point", async () => {
		const { key } = await makeAccount();
		const id = await barChart(key);
		const put = await putCsv(key, id, "Partei;Anteil\nSPD;25,7\nCDU;28,6\n");
		expect(put.status).toBe(200);
		expect(put.body).toMatchObject({ hasData: true, series: ["Anteil"] });
		const exported = await call(key, "GET", `/v1/charts/${id}/export/csv`);
		expect(exported.status).toBe(200);
		expect((await exported.text()).split(/\r?\n/)).toEqual(["Partei,Anteil", "SPD,25.7", "CDU,28.6", ""]);
	});

	it("reads a German election table with `.` thousands, on create too", async () => {
		const { key } = await makeAccount();
		const csv = "Partei;Zweitstimmen;Anteil\nSPD;11.955.434;25,7\nCDU;8.775.471;18,9\n";
		const created = await callJson<Chart>(key, "POST", "/v1/charts", { body: { kind: "horizontal-bar", data: csv } });
		expect(created.status).toBe(201);
		expect((await callJson<Chart>(key, "GET", `/v1/charts/${created.body.id}`)).body.series).toEqual(["Zweitstimmen", "Anteil"]);
		const exported = await (await call(key, "GET", `/v1/charts/${created.body.id}/export/csv`)).text();
		expect(exported).toContain("SPD,11955434,25.7");
	});

	it("refuses a column that writes decimals both ways, naming the column and a row of each", async () => {
		const { key } = await makeAccount();
		const id = await barChart(key);
		const put = await putCsv(key, id, 'party,share\nGreens,"1,234.5"\nLabour,"1.234,5"\n');
		expect(put.status).toBe(422);
		expect(put.body.error.code).toBe("invalid_data");
		expect(put.body.error.message).toContain('Column "share" writes numbers two ways: row 2 has "1,234.5"');
		expect(put.body.error.message).toContain('row 3 has "1.234,5"');
	});
});
