/**
 * The MCP server through a real `wrangler dev` (issue 27): workerd there refuses `eval` and
 * `new Function`, so this is where the SDK's server is shown to run as deployed. The SDK's own
 * client speaks streamable HTTP to /mcp with a Business key and does what an assistant does:
 * create a chart from CSV, see it as an image, refine it, publish it, and open the embed URL.
 * A raw batch and an id of "." are refused there as in workerd's tests.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { DevServer } from "../../scripts/lib/dev-server.ts";
import { startDevServer } from "../../scripts/lib/dev-server.ts";
import { demoKeysOf } from "../../scripts/lib/prepared-state.ts";

const port = 8847;
/** The SDK's 60 s per request ran out on the first requests of a dev server on a loaded machine: slowness is not a failure. */
const timeout = 300_000;

describe("MCP through wrangler dev", () => {
	let server: DevServer;
	let key: string;
	let client: Client;

	before(async () => {
		server = await startDevServer(port, undefined, { EMBED_BASE: `http://127.0.0.1:${port}/embed` });
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
			assert.match(text, /is not a chart id: a chart id is ch_ followed by/);
			assert.doesNotMatch(text, /internal_error/);
		}
	});
});
