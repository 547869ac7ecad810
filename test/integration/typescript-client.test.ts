/**
 * The TypeScript client (clients/typescript) inside the Workers runtime: the same five steps as
 * its Node suite, with the Worker's own fetch as its transport. It uses nothing but fetch, so a
 * Worker (or Deno, or a browser) runs it unchanged.
 */
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ChartsClient, InvalidData, InvalidId, NotFound } from "../../clients/typescript/src/index.js";
import { makeAccount } from "../helpers/factories";

function workerClient(apiKey: string): ChartsClient {
	return new ChartsClient({
		baseUrl: "http://localhost:8787",
		apiKey,
		fetch: (input, init) => exports.default.fetch(new Request(input, init)),
	});
}

describe("the TypeScript client in a Worker", () => {
	it("creates from rows, publishes, exports, lists and throws a typed NotFound", async () => {
		const { key } = await makeAccount();
		const client = workerClient(key);
		const chart = await client.charts.create({
			kind: "horizontal-bar",
			data: [
				{ party: "Labour", seats: 412 },
				{ party: "Lib Dem", seats: 72 },
			],
			meta: { title: "In a Worker" },
		});
		expect(chart).toMatchObject({ kind: "horizontal-bar", hasData: true, published: null });
		const embed = await client.charts.publish(chart.id);
		expect(embed.embedUrl).toContain(chart.id);
		const svg = await client.charts.exportBlob(chart.id, "svg");
		expect(svg.type).toMatch(/^image\/svg\+xml/);
		expect(await svg.text()).toContain("In a Worker");
		expect((await client.charts.list()).map((item) => item.id)).toContain(chart.id);
		const missing = await client.charts.get("ch_missing").catch((error: unknown) => error);
		expect(missing).toBeInstanceOf(NotFound);
		expect(missing).toMatchObject({ status: 404, code: "not_found" });
	});

	it("throws InvalidData at the row and column the service names", async () => {
		const { key } = await makeAccount();
		const error = await workerClient(key)
			.charts.create({ kind: "pie", data: "label,value\na,1\nb,lots\n" })
			.catch((thrown: unknown) => thrown);
		expect(error).toBeInstanceOf(InvalidData);
		expect(error).toMatchObject({ status: 422, row: 3, column: "value" });
	});

	it("refuses . and .. as ids before sending: no list in place of a chart or a folder", async () => {
		const { key } = await makeAccount();
		let sent = 0;
		const client = new ChartsClient({
			baseUrl: "http://localhost:8787",
			apiKey: key,
			fetch: (input, init) => {
				sent += 1;
				return exports.default.fetch(new Request(input, init));
			},
		});
		for (const id of [".", "..", "%2E", ""]) {
			for (const attempt of [client.charts.get(id), client.folders.get(id), client.charts.versions(id)]) {
				const error = await attempt.catch((thrown: unknown) => thrown);
				expect(error, JSON.stringify(id)).toBeInstanceOf(InvalidId);
				expect(error).toBeInstanceOf(NotFound);
				expect(error).toMatchObject({ status: 404, code: "not_found", path: "id", checkedLocally: true });
			}
		}
		expect(sent).toBe(0);
	});
});
