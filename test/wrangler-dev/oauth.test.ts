/**
 * Signing an assistant in through a real `wrangler dev` (docs/mcp.md, "Signing in"): the MCP
 * TypeScript SDK's own OAuth client, knowing only the URL, meets the 401, discovers both metadata
 * documents, registers and is sent to /oauth/authorize. The person's consent is given through the
 * console's API with a signed-in session (the browser test does it on the screen); the SDK then
 * exchanges the code, lists the tools, makes a chart, refreshes its token, and is refused once
 * the member disconnects it.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import { auth, UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { eventually } from "../harness/browser/eventually.ts";
import { createAccount } from "../harness/local/admin-ops.ts";
import type { DevServer } from "../harness/local/dev-server.ts";
import { startDevServer } from "../harness/local/dev-server.ts";

const port = 8850;
/** The SDK's 60 s per request ran out on the first requests of a dev server on a loaded machine: slowness is not a failure. */
const timeout = 300_000;
const redirectUrl = "http://127.0.0.1:33418/callback";

/** What an assistant keeps between runs, in memory: its registration, its tokens and the PKCE verifier of the sign-in under way. */
class RememberingProvider implements OAuthClientProvider {
	client: OAuthClientInformationMixed | undefined;
	saved: OAuthTokens | undefined;
	verifier = "";
	authorizationUrl: URL | undefined;
	readonly redirectUrl = redirectUrl;
	readonly clientMetadata: OAuthClientMetadata = {
		client_name: "Dev test assistant",
		redirect_uris: [redirectUrl],
		grant_types: ["authorization_code", "refresh_token"],
		response_types: ["code"],
		token_endpoint_auth_method: "none",
	};
	state(): string {
		return "dev-test-state";
	}
	clientInformation() {
		return this.client;
	}
	saveClientInformation(client: OAuthClientInformationMixed): void {
		this.client = client;
	}
	tokens() {
		return this.saved;
	}
	saveTokens(tokens: OAuthTokens): void {
		this.saved = tokens;
	}
	redirectToAuthorization(url: URL): void {
		this.authorizationUrl = url;
	}
	saveCodeVerifier(verifier: string): void {
		this.verifier = verifier;
	}
	codeVerifier(): string {
		return this.verifier;
	}
	/** The SDK drops what the server refused (a revoked grant's tokens) before it signs in again. */
	invalidateCredentials(scope: "all" | "client" | "tokens" | "verifier" | "discovery"): void {
		if (scope === "all" || scope === "tokens") this.saved = undefined;
		if (scope === "all" || scope === "client") this.client = undefined;
	}
}

interface Person {
	cookie: string;
	csrf: string;
}

describe("an assistant signs in through wrangler dev", () => {
	let server: DevServer;
	let person: Person;

	before(async () => {
		server = await startDevServer(port);
		const email = `owner-${Date.now().toString(36)}@example.test`;
		await createAccount(server.target, { plan: "business", team: "Graphics desk", email, password: "owner password 1" });
		const signedIn = await fetch(`${server.url}/auth/sign-in`, {
			method: "POST",
			headers: { "Content-Type": "application/json" },
			body: JSON.stringify({ email, password: "owner password 1" }),
		});
		assert.equal(signedIn.status, 200);
		const cookie = (signedIn.headers.getSetCookie().find((c) => c.startsWith("charts_session=")) ?? "").split(";")[0] ?? "";
		person = { cookie, csrf: String(((await signedIn.json()) as { csrfToken: string }).csrfToken) };
	});

	after(async () => {
		await server?.stop();
	});

	async function asPerson(method: string, path: string, body?: unknown) {
		const headers: Record<string, string> = { Cookie: person.cookie };
		if (method !== "GET") headers["X-CSRF-Token"] = person.csrf;
		if (body !== undefined) headers["Content-Type"] = "application/json";
		const res = await fetch(`${server.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
		const text = await res.text();
		return { status: res.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
	}

	async function connect(provider: RememberingProvider): Promise<Client> {
		const client = new Client({ name: "dev-oauth-test", version: "1.0.0" });
		await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { authProvider: provider }), { timeout });
		return client;
	}

	it("discovers, registers, gets consent, makes a chart, refreshes, and is refused once disconnected", async () => {
		const provider = new RememberingProvider();
		const mcpUrl = new URL(`${server.url}/mcp`);

		// Knowing only the URL: the 401 leads the SDK through discovery and registration to the authorize URL.
		const firstTransport = new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider });
		await assert.rejects(new Client({ name: "dev-oauth-test", version: "1.0.0" }).connect(firstTransport, { timeout }), UnauthorizedError);
		const authorizationUrl = provider.authorizationUrl;
		assert.ok(authorizationUrl, "the SDK was sent to authorize");
		assert.equal(authorizationUrl.origin + authorizationUrl.pathname, `${server.url}/oauth/authorize`);
		assert.equal(authorizationUrl.searchParams.get("code_challenge_method"), "S256");
		assert.equal(authorizationUrl.searchParams.get("resource"), `${server.url}/mcp`);
		assert.match(String(provider.client?.client_id), /^occ_/);

		// The browser follows it to the console's consent screen; the person allows reading and writing charts.
		const authorize = await fetch(authorizationUrl, { redirect: "manual" });
		assert.equal(authorize.status, 302);
		const consentUrl = new URL(authorize.headers.get("location") ?? "");
		assert.equal(consentUrl.pathname, "/authorize");
		const requestId = consentUrl.searchParams.get("request") ?? "";
		const request = await asPerson("GET", `/console/api/oauth/requests/${requestId}`);
		assert.equal(request.status, 200);
		const shown = request.body.request as { client: { name: string }; redirectHost: string; role: string };
		assert.equal(shown.client.name, "Dev test assistant");
		assert.equal(shown.redirectHost, "127.0.0.1:33418");
		assert.equal(shown.role, "owner");
		const approved = await asPerson("POST", `/console/api/oauth/requests/${requestId}/approve`, { scopes: ["chart:read", "chart:write"] });
		assert.equal(approved.status, 200);
		const back = new URL(String(approved.body.redirectTo));
		assert.equal(back.origin + back.pathname, redirectUrl);
		assert.equal(back.searchParams.get("state"), "dev-test-state");

		// The redirect's code, exchanged by the SDK with its PKCE verifier.
		await firstTransport.finishAuth(back.searchParams.get("code") ?? "");
		const first = provider.saved;
		assert.match(String(first?.access_token), /^cso_/);
		assert.equal(first?.scope, "chart:read chart:write");

		const client = await connect(provider);
		const { tools } = await client.listTools(undefined, { timeout });
		assert.ok(tools.some((tool) => tool.name === "create_chart"));
		const created = (await client.callTool(
			{
				name: "create_chart",
				arguments: { kind: "horizontal-bar", data: "party,seats\nGreens,12\nLabour,41\n", meta: { title: "Seats" } },
			},
			undefined,
			{ timeout },
		)) as CallToolResult;
		assert.notEqual(created.isError, true, JSON.stringify(created.content));
		const chartId = (created.structuredContent as { id: string }).id;

		// A refresh: new tokens, and the old refresh token is spent.
		assert.equal(await auth(provider, { serverUrl: mcpUrl }), "AUTHORIZED");
		const second = provider.saved;
		assert.notEqual(second?.access_token, first?.access_token);
		assert.notEqual(second?.refresh_token, first?.refresh_token);
		const read = (await client.callTool({ name: "get_chart", arguments: { id: chartId } }, undefined, { timeout })) as CallToolResult;
		assert.notEqual(read.isError, true, JSON.stringify(read.content));

		// The Keys page's list shows the connection; Disconnect ends it at once.
		type Connection = { id: string; clientName: string; lastUsedAt: string | null };
		const listConnections = async () => (await asPerson("GET", "/console/api/oauth/connections")).body.connections as Connection[];
		// The grant's last use is written after the MCP answers (waitUntil, src/http/auth.ts): wait for it.
		const connections = await eventually("the connection's last use recorded", async () => {
			const listed = await listConnections();
			return listed[0]?.lastUsedAt ? listed : null;
		}).catch(listConnections);
		assert.equal(connections.length, 1);
		assert.equal(connections[0]?.clientName, "Dev test assistant");
		assert.ok(connections[0]?.lastUsedAt, "the connection says when it was last used");
		assert.equal((await asPerson("DELETE", `/console/api/oauth/connections/${connections[0]?.id}`)).status, 204);

		const refused = await fetch(`${server.url}/mcp`, {
			method: "POST",
			headers: {
				"Content-Type": "application/json",
				Accept: "application/json, text/event-stream",
				Authorization: `Bearer ${second?.access_token}`,
			},
			body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
		});
		assert.equal(refused.status, 401);
		assert.equal(
			refused.headers.get("www-authenticate"),
			`Bearer realm="charts", error="invalid_token", resource_metadata="${server.url}/.well-known/oauth-protected-resource"`,
		);
		// The SDK's refresh is refused too, so it starts a new sign-in rather than going on.
		await assert.rejects(client.listTools(undefined, { timeout }), UnauthorizedError);
		await client.close().catch(() => undefined);
	});
});
