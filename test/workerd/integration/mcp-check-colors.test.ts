/**
 * `check_chart_colors`: the MCP tool answers the API's colour checks, says how
 * to fix them with update_chart, and another account's chart is a not_found tool error.
 */
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, it } from "vitest";
import { callJson } from "../../harness/workerd/api";
import { makeAccount } from "../../harness/workerd/factories";
import { closeMcpClients, connectMcp } from "../../harness/workerd/mcp-client";

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

	it("proposes distinct colours for the report's Red, Green and Yellow, and names two series in one colour", async () => {
		const { key } = await makeAccount();
		const created = await callJson<{ id: string }>(key, "POST", "/v1/charts", {
			body: {
				kind: "line",
				data: "year,Red,Green,Yellow\n2020,1,2,3\n2021,2,3,4\n",
				meta: { theme: "classic", seriesStyle: { Red: { color: "#d62728" }, Green: { color: "#2ca02c" }, Yellow: { color: "#ffee00" } } },
			},
		});
		const client = await connectMcp(key);
		const result = (await client.callTool({ name: "check_chart_colors", arguments: { id: created.body.id } })) as CallToolResult;
		expect(result.isError).not.toBe(true);
		const fix = /update_chart with meta\.seriesStyle (\{.*\})\./.exec(textOf(result))?.[1];
		const styles = JSON.parse(fix ?? "{}") as Record<string, { color: string }>;
		expect(Object.keys(styles).sort()).toEqual(["Green", "Yellow"]);
		const drawn = ["#d62728", styles.Green?.color, styles.Yellow?.color].map((c) => c?.toLowerCase());
		expect(new Set(drawn).size).toBe(3);

		const same = await callJson<{ id: string }>(key, "POST", "/v1/charts", {
			body: {
				kind: "line",
				data: "year,Red,Green\n2020,1,2\n2021,2,3\n",
				meta: { seriesStyle: { Red: { color: "#0072b2" }, Green: { color: "#0072b2" } } },
			},
		});
		const twin = (await client.callTool({ name: "check_chart_colors", arguments: { id: same.body.id } })) as CallToolResult;
		expect(textOf(twin)).toContain("series “Red” and “Green” are drawn in the same colour (#0072b2)");
		expect((twin.structuredContent as { checks: { id: string }[] }).checks.map((c) => c.id)).toContain("same:Red:Green");
	});
});
