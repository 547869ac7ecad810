/**
 * The MCP tools beyond create and update, each against the API's own state: unpublish_chart,
 * list_versions and restore_version, create_folder and move_chart, link_chart_data and
 * refresh_chart_data (against a fake web); every chart result names the console's editor URL.
 */
import { exports } from "cloudflare:workers";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, it } from "vitest";
import { base, callJson } from "../../harness/workerd/api";
import { makeAccount } from "../../harness/workerd/factories";
import { fakeWeb } from "../../harness/workerd/fake-upstream";
import { closeMcpClients, connectMcp } from "../../harness/workerd/mcp-client";

afterEach(closeMcpClients);

interface ChartResult {
	id: string;
	version: number;
	editUrl: string;
	name: string;
	series: string[];
	folderId: string | null;
	published: { embedUrl: string } | null;
	dataSource: { url: string; lastStatus: string } | null;
}

function textOf(result: CallToolResult): string {
	const first = result.content[0];
	return first?.type === "text" ? first.text : "";
}

async function ok<T = ChartResult>(client: Client, name: string, args: Record<string, unknown>): Promise<{ data: T; text: string }> {
	const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
	expect(result.isError, `${name}: ${textOf(result)}`).not.toBe(true);
	return { data: result.structuredContent as T, text: textOf(result) };
}

const seatsCsv = "party,seats\nGreens,12\nLabour,41\n";

describe("MCP: publishing, versions and folders", () => {
	it("unpublishes: the embed answers 404 and the chart says it is not published", async () => {
		const { key } = await makeAccount();
		const client = await connectMcp(key);
		const { data: chart } = await ok(client, "create_chart", { kind: "horizontal-bar", data: seatsCsv, meta: { title: "Seats" } });
		const { data: published } = await ok<{ embedUrl: string }>(client, "publish_chart", { id: chart.id });
		expect((await exports.default.fetch(new Request(published.embedUrl))).status).toBe(200);

		const unpublished = await ok(client, "unpublish_chart", { id: chart.id });
		expect(unpublished.data.published).toBeNull();
		expect(unpublished.data.editUrl).toBe(`${base}/charts/${chart.id}`);
		expect(unpublished.text).toBe(`Unpublished ${chart.id}: its embed URL no longer shows it. Edit it at ${base}/charts/${chart.id}`);
		expect((await exports.default.fetch(new Request(published.embedUrl))).status).toBe(404);
		const stored = await callJson<{ published: unknown }>(key, "GET", `/v1/charts/${chart.id}`);
		expect(stored.body.published).toBeNull();
	});

	it("lists versions newest first and restores one as a new version", async () => {
		const { key } = await makeAccount();
		const client = await connectMcp(key);
		const { data: chart } = await ok(client, "create_chart", { kind: "horizontal-bar", data: seatsCsv, meta: { title: "First title" } });
		await ok(client, "update_chart", { id: chart.id, meta: { title: "Second title" } });

		const { data, text } = await ok<{ versions: { version: number; summary: string }[] }>(client, "list_versions", { id: chart.id });
		expect(data.versions.map((v) => v.version)).toEqual([2, 1]);
		expect(text).toMatch(new RegExp(`^2 versions of ${chart.id}: 2: .*Second title`));

		const restored = await ok(client, "restore_version", { id: chart.id, version: 1 });
		expect(restored.data).toMatchObject({ id: chart.id, version: 3, name: "First title", editUrl: `${base}/charts/${chart.id}` });
		expect(restored.text).toContain(`Restored version 1 of ${chart.id} as version 3.`);
		const stored = await callJson<{ name: string; version: number }>(key, "GET", `/v1/charts/${chart.id}`);
		expect(stored.body).toMatchObject({ name: "First title", version: 3 });

		const missing = (await client.callTool({ name: "restore_version", arguments: { id: chart.id, version: 9 } })) as CallToolResult;
		expect(missing.isError).toBe(true);
		expect(textOf(missing)).toMatch(/^not_found: Chart ch_\S+ has no version 9\./);
		const zero = (await client.callTool({ name: "restore_version", arguments: { id: chart.id, version: 0 } })) as CallToolResult;
		expect(textOf(zero)).toMatch(/^invalid_body: version: /);
	});

	it("creates nested folders and moves a chart into one and out again", async () => {
		const { key } = await makeAccount();
		const client = await connectMcp(key);
		const { data: parent } = await ok<{ id: string; name: string }>(client, "create_folder", { name: "Elections" });
		const { data: child, text } = await ok<{ id: string; parentId: string }>(client, "create_folder", {
			name: "2026",
			parentId: parent.id,
		});
		expect(child.parentId).toBe(parent.id);
		expect(text).toBe(`Created folder 2026 (${child.id}) in ${parent.id}.`);
		const listed = await ok<{ folders: { id: string }[] }>(client, "list_folders", {});
		expect(listed.data.folders.map((f) => f.id).sort()).toEqual([parent.id, child.id].sort());

		const { data: chart } = await ok(client, "create_chart", { kind: "pie", data: seatsCsv });
		const moved = await ok(client, "move_chart", { id: chart.id, folderId: child.id });
		expect(moved.data.folderId).toBe(child.id);
		expect(moved.text).toBe(`Moved ${chart.id} into ${child.id}. Edit it at ${base}/charts/${chart.id}`);
		expect((await callJson<{ folderId: string }>(key, "GET", `/v1/charts/${chart.id}`)).body.folderId).toBe(child.id);
		const out = await ok(client, "move_chart", { id: chart.id, folderId: null });
		expect(out.data.folderId).toBeNull();

		const nowhere = (await client.callTool({ name: "move_chart", arguments: { id: chart.id, folderId: "fd_missing" } })) as CallToolResult;
		expect(nowhere.isError).toBe(true);
		expect(textOf(nowhere)).toMatch(/^invalid_folder: /);
	});

	it("a key without folder:write cannot create a folder: the API's forbidden, and nothing stored", async () => {
		const { key } = await makeAccount({ scopes: ["chart:read", "chart:write", "folder:read"] });
		const client = await connectMcp(key);
		const refused = (await client.callTool({ name: "create_folder", arguments: { name: "Nope" } })) as CallToolResult;
		expect(refused.isError).toBe(true);
		expect(textOf(refused)).toMatch(/^forbidden: .*folder:write/);
		expect((await callJson<{ folders: unknown[] }>(key, "GET", "/v1/folders")).body.folders).toEqual([]);
	});
});

describe("MCP: the API's warnings", () => {
	it("says an unknown setting in the sentence the model reads, on create and on update", async () => {
		const { key } = await makeAccount();
		const client = await connectMcp(key);
		const created = await ok<ChartResult & { warnings: string[] }>(client, "create_chart", {
			kind: "horizontal-bar",
			data: seatsCsv,
			meta: { titel: "Seats" },
		});
		expect(created.data.warnings).toEqual([expect.stringMatching(/^unknown setting "titel" — did you mean "title"\?/)]);
		expect(created.text).toContain(`Warnings: ${created.data.warnings[0]}.`);
		const updated = await ok(client, "update_chart", { id: created.data.id, meta: { subtitel: "2026" } });
		expect(updated.text).toMatch(/Warnings: unknown setting "subtitel" — did you mean "subtitle"\?/);
		const clean = await ok(client, "update_chart", { id: created.data.id, meta: { title: "Seats" } });
		expect(clean.text).not.toContain("Warnings");
	});
});

describe("MCP: linked data", () => {
	const sourceUrl = "https://data.example.org/mcp-seats.csv";

	it("links a chart to a URL, refreshes it, and says when the source has not changed", async () => {
		const web = fakeWeb();
		let csv = "party,seats\nGreens,20\nLabour,40\n";
		web.csv(sourceUrl, () => csv);
		const { key } = await makeAccount();
		const client = await connectMcp(key);
		const { data: chart } = await ok(client, "create_chart", { kind: "horizontal-bar", data: seatsCsv });

		const linked = await ok(client, "link_chart_data", { id: chart.id, url: sourceUrl, refreshMinutes: 15 });
		expect(linked.data.dataSource).toMatchObject({ url: sourceUrl, refreshMinutes: 15, lastStatus: "ok" });
		expect(linked.text).toBe(`Linked ${chart.id} to ${sourceUrl}: now version 2. Edit it at ${base}/charts/${chart.id}`);

		const unchanged = await ok(client, "refresh_chart_data", { id: chart.id });
		expect(unchanged.data.dataSource?.lastStatus).toBe("unchanged");
		expect(unchanged.text).toContain("The source has not changed.");

		csv = "party,seats\nGreens,20\nLabour,40\nLiberals,9\n";
		const refreshed = await ok(client, "refresh_chart_data", { id: chart.id });
		expect(refreshed.data.dataSource?.lastStatus).toBe("ok");
		expect(refreshed.data.version).toBe(3);
		const data = await exports.default.fetch(
			new Request(`${base}/v1/charts/${chart.id}/export/csv`, { headers: { Authorization: `Bearer ${key}` } }),
		);
		expect(await data.text()).toContain("Liberals");
	});

	it("refuses a link it cannot read, and a refresh of own data, in the API's words", async () => {
		const web = fakeWeb();
		web.serve(sourceUrl, () => new Response("nope", { status: 500 }));
		const { key } = await makeAccount();
		const client = await connectMcp(key);
		const { data: chart } = await ok(client, "create_chart", { kind: "horizontal-bar", data: seatsCsv });
		const bad = (await client.callTool({ name: "link_chart_data", arguments: { id: chart.id, url: sourceUrl } })) as CallToolResult;
		expect(bad.isError).toBe(true);
		expect(textOf(bad)).toMatch(/^invalid_data: url: .*The chart was not linked\.$/);
		const own = (await client.callTool({ name: "refresh_chart_data", arguments: { id: chart.id } })) as CallToolResult;
		expect(textOf(own)).toMatch(/^invalid_data: Chart ch_\S+ has own data, which nothing can refresh\./);
		const minutes = (await client.callTool({
			name: "link_chart_data",
			arguments: { id: chart.id, url: sourceUrl, refreshMinutes: 0 },
		})) as CallToolResult;
		expect(textOf(minutes)).toMatch(/^invalid_body: refreshMinutes: /);
	});
});
