/**
 * export_chart calls the export service itself, not the API's route: it must still charge one
 * request of the account's limit per call (an SVG draws its PNG preview too), refuse a key
 * without chart:read as the route does, and show what the drawing could not (the warnings the
 * route sends in `X-Render-Warnings`), on a fresh drawing and from the cache alike.
 */
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, it } from "vitest";
import { call } from "../../harness/workerd/api";
import { makeAccount, makeKey } from "../../harness/workerd/factories";
import { closeMcpClients, connectMcp } from "../../harness/workerd/mcp-client";

afterEach(closeMcpClients);

/** A world map with one region no map has: its drawing warns. */
const mapCsv = "country,score\nFRA,3\nde,5\nItaly,4\n724,2\nAtlantis,9\n";

async function admittedCount(accountId: string): Promise<number> {
	const limiter = env.ACCOUNT_LIMITER.get(env.ACCOUNT_LIMITER.idFromName(accountId));
	return runInDurableObject(limiter, (_limiter, state) => Number(state.storage.sql.exec("SELECT COUNT(*) AS n FROM admitted").one().n));
}

async function exportChart(key: string, args: Record<string, unknown>): Promise<CallToolResult> {
	const client = await connectMcp(key);
	return (await client.callTool({ name: "export_chart", arguments: args })) as CallToolResult;
}

function textOf(result: CallToolResult): string {
	const first = result.content[0];
	return first?.type === "text" ? first.text : "";
}

/** A chart made through the MCP's own create_chart. */
async function createChart(key: string, args: Record<string, unknown>): Promise<string> {
	const client = await connectMcp(key);
	const result = (await client.callTool({ name: "create_chart", arguments: args })) as CallToolResult;
	expect(result.isError, JSON.stringify(result.content)).not.toBe(true);
	return (result.structuredContent as { id: string }).id;
}

const mapChart = (key: string) => createChart(key, { kind: "map", data: mapCsv, meta: { title: "Scores" } });

describe("MCP export_chart, through the export service", () => {
	it("shows the drawing's warnings, drawn now and from the cache, as the route's header names them", async () => {
		const { key } = await makeAccount();
		const id = await mapChart(key);
		for (const pass of ["drawn", "cached"]) {
			const result = await exportChart(key, { id, format: "svg" });
			expect(result.isError, `${pass}: ${JSON.stringify(result.content)}`).not.toBe(true);
			expect(result.structuredContent?.warnings, pass).toEqual(["regions not on the map: Atlantis"]);
			expect(textOf(result), pass).toContain("Warnings: regions not on the map: Atlantis.");
		}
		const route = await call(key, "GET", `/v1/charts/${id}/export/svg`);
		expect(route.status).toBe(200);
		expect(decodeURIComponent(route.headers.get("X-Render-Warnings") ?? "")).toBe("regions not on the map: Atlantis");
	});

	it("says nothing of warnings when the drawing has none", async () => {
		const { key } = await makeAccount();
		const id = await createChart(key, { kind: "horizontal-bar", data: "party,seats\nGreens,12\nLabour,41\n" });
		const result = await exportChart(key, { id, format: "png" });
		expect(result.structuredContent?.warnings).toEqual([]);
		expect(textOf(result)).not.toContain("Warnings");
	});

	it("charges one request of the account's limit per call, an SVG's preview included", async () => {
		const { key, accountId } = await makeAccount();
		const id = await mapChart(key);
		const client = await connectMcp(key);
		const before = await admittedCount(accountId);
		const result = (await client.callTool({ name: "export_chart", arguments: { id, format: "svg" } })) as CallToolResult;
		expect(result.isError).not.toBe(true);
		expect(await admittedCount(accountId)).toBe(before + 1);
	});

	it("refuses a key without chart:read as the route does, and a chart of another account as not found", async () => {
		const { key, accountId } = await makeAccount();
		const id = await mapChart(key);
		const { key: writeOnly } = await makeKey(accountId, ["chart:write"]);
		const refused = await exportChart(writeOnly, { id, format: "png" });
		expect(refused.isError).toBe(true);
		expect(textOf(refused)).toMatch(/^forbidden: This API key lacks the scope chart:read/);
		expect(refused._meta?.status).toBe(403);

		const { key: stranger } = await makeAccount();
		const missing = await exportChart(stranger, { id, format: "pdf" });
		expect(missing.isError).toBe(true);
		expect(textOf(missing)).toMatch(/^not_found: /);
		expect(missing._meta?.status).toBe(404);
	});
});
