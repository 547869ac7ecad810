/**
 * JSON rows from a linked source are held to the data limits while they are read: a 10 MiB
 * single row of keys is refused at its 501st column with the documented 422, and so is one whose
 * text past that column is not even JSON (proof that the rest was never read), and object rows
 * whose left-out keys would make more cells than a CSV of the same size could hold.
 */
import { afterEach, describe, expect, it } from "vitest";
import { maxCsvBytes } from "../../../src/domain/body-limits";
import { useUpstreamFetch } from "../../../src/linked-data/upstream";
import type { ErrorBody } from "../../harness/workerd/api";
import { callJson } from "../../harness/workerd/api";
import { makeAccount } from "../../harness/workerd/factories";

afterEach(() => useUpstreamFetch(null));

/** Keys `"column N":N` until the text is just under `bytes`. */
function wideRow(bytes: number): string {
	const parts: string[] = [];
	let length = 4;
	for (let i = 0; length < bytes - 40; i++) {
		const part = `"column ${i}":${i}`;
		parts.push(part);
		length += part.length + 1;
	}
	return `{${parts.join(",")}}`;
}

function serveJson(sources: Record<string, string>): void {
	useUpstreamFetch(async (url) => {
		const body = sources[url];
		if (body === undefined) throw new TypeError(`connect ECONNREFUSED (${url})`);
		return new Response(body, { headers: { "Content-Type": "application/json" } });
	});
}

describe("a linked JSON source past the data limits", () => {
	it("is refused early with 422 invalid_data and the limit's message, and nothing is stored", async () => {
		const wide = `[${wideRow(maxCsvBytes)}]`;
		expect(wide.length).toBeGreaterThan(maxCsvBytes - 100);
		const fullRow = `{${Array.from({ length: 500 }, (_, i) => `"column ${i}":${i}`).join(",")}}`;
		const sparse = `[${fullRow}${',{"column 0":1}'.repeat(10_000)}]`;
		serveJson({
			"https://data.example.org/wide.json": wide,
			// The same row, cut off after its 600th key and followed by text that is not JSON.
			"https://data.example.org/wide-then-broken.json": `[${wideRow(10_000)}`.replace(/,"column 600":.*$/, ", this is not JSON"),
			"https://data.example.org/sparse.json": sparse,
		});
		const { key } = await makeAccount();
		const created = await callJson<{ id: string }>(key, "POST", "/v1/charts", {
			body: { kind: "line", data: "year,value\n2020,1\n2021,2\n" },
		});
		const id = created.body.id;
		const cases: [string, string][] = [
			["https://data.example.org/wide.json", "The JSON source has more than 500 columns, the limit."],
			["https://data.example.org/wide-then-broken.json", "The JSON source has more than 500 columns, the limit."],
			["https://data.example.org/sparse.json", "The JSON source has more than 5,000,000 cells (rows × columns), the limit"],
		];
		for (const [url, message] of cases) {
			const res = await callJson<ErrorBody>(key, "PUT", `/v1/charts/${id}/data`, { body: { url } });
			expect([res.status, res.body.error.code], url).toEqual([422, "invalid_data"]);
			expect(res.body.error.message, url).toContain(message);
		}
		const chart = await callJson<{ version: number; dataSource: unknown }>(key, "GET", `/v1/charts/${id}`);
		expect(chart.body).toMatchObject({ version: 1, dataSource: null });
	});
});
