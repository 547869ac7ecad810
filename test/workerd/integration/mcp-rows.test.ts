/**
 * MCP `create_chart` and `update_chart` with JSON rows and column roles, as an assistant holds a
 * table: tidy rows drawn one series per value, a wide table's roles named, and a table whose roles
 * cannot be chosen answered with the columns that would work.
 */
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, it } from "vitest";
import { rowsToCsv } from "../../../src/mcp/rows-csv";
import { callJson } from "../../harness/workerd/api";
import { makeAccount } from "../../harness/workerd/factories";
import { closeMcpClients, connectMcp } from "../../harness/workerd/mcp-client";

afterEach(closeMcpClients);

const textOf = (result: CallToolResult) => (result.content[0]?.type === "text" ? result.content[0].text : "");

const tidyRows = [
	{ country: "China", year: 2002, lifeExp: 72.028 },
	{ country: "China", year: 2007, lifeExp: 72.961 },
	{ country: "India", year: 2002, lifeExp: 62.879 },
	{ country: "India", year: 2007, lifeExp: 64.698 },
];

describe("rows and columns through MCP", () => {
	it("create a chart from tidy rows, and change its roles with update_chart", async () => {
		const { key } = await makeAccount();
		const client = await connectMcp(key);
		const created = (await client.callTool({
			name: "create_chart",
			arguments: { kind: "line", rows: tidyRows, columns: { x: "year", y: "lifeExp", series: "country" }, meta: { title: "Life" } },
		})) as CallToolResult;
		expect(created.isError, textOf(created)).not.toBe(true);
		const id = (created.structuredContent as { id: string }).id;
		const chart = await callJson<{ series: string[]; columns: unknown }>(key, "GET", `/v1/charts/${id}`);
		expect(chart.body.series).toEqual(["China", "India"]);

		const rows = [
			{ party: "SPD", share: 25.7, seats: 206, note: "Kanzler, 2021" },
			{ party: "CDU/CSU", share: 24.1, seats: 197, note: null },
		];
		const updated = (await client.callTool({
			name: "update_chart",
			arguments: { id, kind: "horizontal-bar", rows, columns: { x: "party", y: ["share"] } },
		})) as CallToolResult;
		expect(updated.isError, textOf(updated)).not.toBe(true);
		const after = await callJson<{ series: string[]; kind: string }>(key, "GET", `/v1/charts/${id}`);
		expect([after.body.kind, after.body.series]).toEqual(["horizontal-bar", ["share"]]);
	});

	it("answers a table whose roles cannot be chosen with the columns that would work", async () => {
		const { key } = await makeAccount();
		const client = await connectMcp(key);
		const rows = ["A", "B", "C"].map((name, i) => ({ name, team: i % 2 ? "x" : "y", a: i, b: i * 2, c: i * 3, d: i * 4 }));
		const refused = (await client.callTool({ name: "create_chart", arguments: { kind: "scatter", rows } })) as CallToolResult;
		expect(refused.isError).toBe(true);
		expect(textOf(refused)).toMatch(/^invalid_data: .*meta\.columns, for example \{"x":"a","y":"b"/);
		const both = (await client.callTool({ name: "create_chart", arguments: { rows, data: "a,b\n1,2\n" } })) as CallToolResult;
		expect(textOf(both)).toMatch(/^invalid_body: Give one of data/);
	});
});

describe("rows written as CSV", () => {
	it("quote what needs quoting and keep every key in order of first appearance", () => {
		expect(rowsToCsv([{ a: "x, y", b: 1.5 }, { b: true, c: 'say "hi"' }, { a: " padded" }])).toBe(
			'a,b,c\n"x, y",1.5,\n,true,"say ""hi"""\n" padded",,\n',
		);
	});
});
