/**
 * An MCP client of the Worker's `/mcp` route, speaking Streamable HTTP through the Worker's own
 * fetch (no network), as an assistant connects with an API key. Close what a test opened with
 * `afterEach(closeMcpClients)`.
 */
import { exports } from "cloudflare:workers";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { base } from "./api";

const open: Client[] = [];

export async function connectMcp(key: string): Promise<Client> {
	const client = new Client({ name: "mcp-test", version: "1.0.0" });
	const transport = new StreamableHTTPClientTransport(new URL(`${base}/mcp`), {
		requestInit: { headers: { Authorization: `Bearer ${key}` } },
		fetch: (url, init) => exports.default.fetch(new Request(url, init)),
	});
	await client.connect(transport);
	open.push(client);
	return client;
}

export async function closeMcpClients(): Promise<void> {
	await Promise.all(open.splice(0).map((client) => client.close()));
}
