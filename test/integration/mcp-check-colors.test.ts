/**
 * `check_chart_colors` (issue 30 item 2): the MCP tool answers the API's colour checks, says how
 * to fix them with update_chart, and another account's chart is a not_found tool error.
 */
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, it } from "vitest";
import { callJson } from "../helpers/api";
import { makeAccount } from "../helpers/factories";
import { closeMcpClients, connectMcp } from "../helpers/mcp-client";

afterEach(closeMcpClients);

function textOf(result: CallToolResult): string {
	const first = result.content[0];
	return first?.type === "text" ? first.text : "";
}

describe("check_chart_colors", () => {
	it("answers the API's checks with the fix to make", async () => {
		const { key } = await makeAccount();
		const created = await callJson<{ id: string }>(key, "POST", "/v1/charts", {
			body: { data: "year,North,South\n2020,1,2\n2021,2,3\n", meta: { theme: "classic", seriesStyle: { North: { color: "#bbbbbb" } } } },
		});
		const client = await connectMcp(key);
		const result = (await client.callTool({ name: "check_chart_colors", arguments: { id: created.body.id } })) as CallToolResult;
		expect(result.isError).not.toBe(true);
		const api = await callJson<{ checks: { id: string; suggestion?: { color: string } }[] }>(
			key,
			"GET",
			`/v1/charts/${created.body.id}/checks`,
		);
		expect(result.structuredContent).toEqual(api.body);
		const suggested = api.body.checks[0]?.suggestion?.color;
		expect(textOf(result)).toContain("1 colour warning");
		expect(textOf(result)).toContain(`meta.seriesStyle {"North":{"color":"${suggested}"}}`);

		const stranger = await connectMcp((await makeAccount()).key);
		const foreign = (await stranger.callTool({ name: "check_chart_colors", arguments: { id: created.body.id } })) as CallToolResult;
		expect(foreign.isError).toBe(true);
		expect(textOf(foreign)).toMatch(/^not_found: /);
	});
});
