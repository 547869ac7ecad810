/**
 * The MCP server through a real `wrangler dev`: workerd there refuses `eval` and
 * `new Function`, so this is where the SDK's server is shown to run as deployed. The SDK's own
 * client speaks streamable HTTP to /mcp with a Business key and does what an assistant does:
 * create a chart from CSV, see it as an image, refine it, publish it, and open the embed URL.
 * Then the rest of a chart's life: versions and a restore, a folder and a move, data linked to a
 * loopback URL and refreshed, and the embed taken down. A raw batch and an id of "." are refused
 * there as in workerd's tests.
 */
import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import { after, before, describe, it } from "node:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { DevServer } from "../harness/local/dev-server.ts";
import { startDevServer } from "../harness/local/dev-server.ts";
import { demoKeysOf } from "../harness/local/prepared-state.ts";

const port = 8847;
const sourcePort = 8848;
const sourceUrl = `http://127.0.0.1:${sourcePort}/seats.csv`;
let sourceCsv = "party,seats\nGreens,19\nLabour,38\n";
/** The SDK's 60 s per request ran out on the first requests of a dev server on a loaded machine: slowness is not a failure. */
const timeout = 300_000;

describe("MCP through wrangler dev", () => {
	let server: DevServer;
	let key: string;
	let client: Client;
	let source: Server;

	before(async () => {
		source = createServer((_req, res) => {
			res.writeHead(200, { "Content-Type": "text/csv" }).end(sourceCsv);
		});
		await new Promise<void>((resolve) => source.listen(sourcePort, "127.0.0.1", resolve));
		server = await startDevServer(port, undefined, { EMBED_BASE: `http://127.0.0.1:${port}/embed`, LINKED_DATA_ALLOW_PRIVATE: "true" });
		const keys = await demoKeysOf(server);
		key = keys.find((k) => k.role === "editor")?.key ?? "";
		assert.ok(key, "the demo has an editor key");
		client = new Client({ name: "dev-test", version: "1.0.0" });
		await client.connect(
			new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${key}` } } }),
			{ timeout },
		);
	});

	after(async () => {
		await client?.close();
		await server?.stop();
		await new Promise((resolve) => source?.close(resolve));
	});

	async function call(name: string, args: Record<string, unknown>): Promise<CallToolResult> {
		const result = (await client.callTool({ name, arguments: args }, undefined, { timeout })) as CallToolResult;
		assert.notEqual(result.isError, true, `${name}: ${JSON.stringify(result.content)}`);
		return result;
	}

	it("refuses a request without a key with 401 and WWW-Authenticate, before any MCP exchange", async () => {
		const res = await fetch(`${server.url}/mcp`, {
			method: "POST",
			headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
			body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
		});
		assert.equal(res.status, 401);
		assert.match(res.headers.get("www-authenticate") ?? "", /^Bearer realm="charts"/);
		assert.equal(((await res.json()) as { error: { code: string } }).error.code, "unauthorized");
	});

	it("lists the tools, and runs create → export (an image) → update → publish, whose embed URL works", async () => {
		const { tools } = await client.listTools(undefined, { timeout });
		assert.ok(tools.some((tool) => tool.name === "create_chart" && tool.outputSchema));

		const created = await call("create_chart", {
			kind: "horizontal-bar",
			data: "party,seats\nGreens,12\nLabour,41\n",
			meta: { title: "Seats by party" },
		});
		const id = String((created.structuredContent as { id: string }).id);
		assert.match(id, /^ch_/);

		const exported = await call("export_chart", { id, format: "png" });
		const image = exported.content.find((part) => part.type === "image");
		assert.ok(image && image.type === "image" && image.mimeType === "image/png");
		assert.equal(Buffer.from(image.data, "base64").subarray(1, 4).toString("latin1"), "PNG");

		const updated = await call("update_chart", { id, meta: { subtitle: "2026" } });
		assert.equal((updated.structuredContent as { meta: { subtitle: string } }).meta.subtitle, "2026");

		const published = await call("publish_chart", { id });
		const embedUrl = String((published.structuredContent as { embedUrl: string }).embedUrl);
		const embed = await fetch(embedUrl);
		assert.equal(embed.status, 200);
		assert.match(await embed.text(), /Seats by party/);
	});

	it("files a chart in a new folder, links its data to a URL, refreshes it, restores a version and unpublishes", async () => {
		const created = await call("create_chart", { kind: "horizontal-bar", data: "party,seats\nGreens,12\n", meta: { title: "Seats" } });
		const chart = created.structuredContent as { id: string; editUrl: string };
		assert.equal(chart.editUrl, `${server.url}/charts/${chart.id}`);

		const folder = (await call("create_folder", { name: "Elections" })).structuredContent as { id: string };
		const moved = (await call("move_chart", { id: chart.id, folderId: folder.id })).structuredContent as { folderId: string };
		assert.equal(moved.folderId, folder.id);

		const linked = (await call("link_chart_data", { id: chart.id, url: sourceUrl })).structuredContent as { series: string[] };
		assert.deepEqual(linked.series, ["seats"]);
		sourceCsv = "party,seats\nGreens,19\nLabour,38\nLiberals,7\n";
		const refreshed = (await call("refresh_chart_data", { id: chart.id })).structuredContent as {
			dataSource: { lastStatus: string };
		};
		assert.equal(refreshed.dataSource.lastStatus, "ok");

		const { versions } = (await call("list_versions", { id: chart.id })).structuredContent as { versions: { version: number }[] };
		assert.ok(versions.length >= 4, JSON.stringify(versions));
		const restored = (await call("restore_version", { id: chart.id, version: 1 })).structuredContent as { version: number };
		assert.equal(restored.version, (versions[0]?.version ?? 0) + 1);

		const published = (await call("publish_chart", { id: chart.id })).structuredContent as { embedUrl: string };
		assert.equal((await fetch(published.embedUrl)).status, 200);
		await call("unpublish_chart", { id: chart.id });
		assert.equal((await fetch(published.embedUrl)).status, 404);
	});

	it("refuses a JSON-RPC batch of 10,000 tools/list, sent raw, with one -32600; and [] too", async () => {
		const post = (body: string) =>
			fetch(`${server.url}/mcp`, {
				method: "POST",
				headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
				body,
			});
		const batch = JSON.stringify(Array.from({ length: 10_000 }, (_, i) => ({ jsonrpc: "2.0", id: i + 1, method: "tools/list" })));
		for (const body of [batch, "[]"]) {
			const res = await post(body);
			assert.equal(res.status, 400);
			const answer = (await res.json()) as { id: unknown; error: { code: number; message: string } };
			assert.equal(answer.id, null);
			assert.equal(answer.error.code, -32600);
			assert.match(answer.error.message, /batches are not accepted/);
		}
	});

	it("answers get_chart with the id . as a tool error naming the id, never the chart list", async () => {
		for (const id of [".", ".."]) {
			const result = (await client.callTool({ name: "get_chart", arguments: { id } }, undefined, { timeout })) as CallToolResult;
			assert.equal(result.isError, true);
			const first = result.content[0];
			const text = first?.type === "text" ? first.text : "";
			assert.match(text, /^invalid_body: id: "\.\.?" is not a chart id: a chart id is ch_ followed by/);
			assert.doesNotMatch(text, /internal_error/);
		}
	});
});
