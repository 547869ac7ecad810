/**
 * OAuth 2.1 for /mcp (docs/mcp.md, "Signing in"), probed as a client and as a stranger would:
 * the metadata documents, registration, the authorize step's refusals (never an open redirect),
 * the console's consent routes, the token endpoint's single-use codes and rotating refresh
 * tokens, and the access token on /mcp until it is disconnected or its member removed.
 */
import { createExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { parseErrorResponse } from "@modelcontextprotocol/sdk/client/auth.js";
import { TooManyRequestsError } from "@modelcontextprotocol/sdk/server/auth/errors.js";
import { describe, expect, it, vi } from "vitest";
import type { Role } from "../../../src/domain/roles";
import { oauthLimits } from "../../../src/oauth/rate-limits";
import { expiredOAuthKeptMs, pruneOAuth } from "../../../src/oauth/retention";
import { refreshTokenMs } from "../../../src/oauth/tokens";
import { buildServices } from "../../../src/request-services";
import { base } from "../../harness/workerd/api";
import { makeAccount, makeWorkspace } from "../../harness/workerd/factories";
import type { TestSession } from "../../harness/workerd/session";
import { callWithSession, signIn } from "../../harness/workerd/session";

const password = "correct horse battery staple";
const redirectUri = "https://claude.ai/api/mcp/auth_callback";

async function member(workspaceId: string, role: Role) {
	const account = await makeAccount({ workspaceId, password, plan: "business" });
	await env.DB.prepare("UPDATE accounts SET role = ? WHERE id = ?").bind(role, account.accountId).run();
	return { ...account, session: await signIn(account.email, password) };
}

function fetchWorker(path: string, init: RequestInit = {}): Promise<Response> {
	return exports.default.fetch(new Request(`${base}${path}`, { redirect: "manual", ...init }));
}

async function register(body: unknown, headers: Record<string, string> = {}): Promise<Response> {
	return fetchWorker("/oauth/register", {
		method: "POST",
		headers: { "Content-Type": "application/json", ...headers },
		body: JSON.stringify(body),
	});
}

async function registeredClient(redirectUris = [redirectUri]): Promise<string> {
	const res = await register({ client_name: "Claude", redirect_uris: redirectUris });
	expect(res.status).toBe(201);
	return ((await res.json()) as { client_id: string }).client_id;
}

function base64url(bytes: Uint8Array): string {
	return btoa(String.fromCharCode(...bytes))
		.replaceAll("+", "-")
		.replaceAll("/", "_")
		.replace(/=+$/, "");
}

async function pkce(): Promise<{ verifier: string; challenge: string }> {
	const verifier = base64url(crypto.getRandomValues(new Uint8Array(48)));
	const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier));
	return { verifier, challenge: base64url(new Uint8Array(digest)) };
}

function authorize(params: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
	return fetchWorker(`/oauth/authorize?${new URLSearchParams(params)}`, { headers });
}

/** Authorize → consent: the pending request's id. */
async function pendingRequest(clientId: string, challenge: string, extra: Record<string, string> = {}): Promise<string> {
	const res = await authorize({
		response_type: "code",
		client_id: clientId,
		redirect_uri: redirectUri,
		code_challenge: challenge,
		code_challenge_method: "S256",
		state: "st-123",
		resource: `${base}/mcp`,
		...extra,
	});
	expect(res.status).toBe(302);
	const location = new URL(res.headers.get("Location") ?? "");
	expect(location.origin + location.pathname).toBe(`${base}/authorize`);
	return location.searchParams.get("request") ?? "";
}

async function approve(session: TestSession, requestId: string, scopes: string[]) {
	return callWithSession(session, "POST", `/console/api/oauth/requests/${requestId}/approve`, { body: { scopes } });
}

async function codeFor(session: TestSession, clientId: string, scopes: string[] = ["chart:read", "chart:write"]) {
	const { verifier, challenge } = await pkce();
	const requestId = await pendingRequest(clientId, challenge);
	const approved = await approve(session, requestId, scopes);
	expect(approved.status).toBe(200);
	const redirectTo = new URL(approved.body.redirectTo as string);
	expect(redirectTo.searchParams.get("state")).toBe("st-123");
	return { code: redirectTo.searchParams.get("code") ?? "", verifier };
}

function token(form: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
	return fetchWorker("/oauth/token", {
		method: "POST",
		headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
		body: new URLSearchParams(form).toString(),
	});
}

interface Tokens {
	access_token: string;
	refresh_token: string;
	token_type: string;
	expires_in: number;
	scope: string;
}

async function exchange(clientId: string, code: string, verifier: string, headers: Record<string, string> = {}): Promise<Response> {
	return token(
		{
			grant_type: "authorization_code",
			client_id: clientId,
			code,
			code_verifier: verifier,
			redirect_uri: redirectUri,
			resource: `${base}/mcp`,
		},
		headers,
	);
}

async function connected(session: TestSession, scopes?: string[]) {
	const clientId = await registeredClient();
	const { code, verifier } = await codeFor(session, clientId, scopes);
	const res = await exchange(clientId, code, verifier);
	expect(res.status).toBe(200);
	return { clientId, tokens: (await res.json()) as Tokens };
}

/** `POST /oauth/revoke` (RFC 7009), form-encoded. */
function revoke(form: Record<string, string>): Promise<Response> {
	return fetchWorker("/oauth/revoke", {
		method: "POST",
		headers: { "Content-Type": "application/x-www-form-urlencoded" },
		body: new URLSearchParams(form).toString(),
	});
}

function mcp(bearer: string, body: unknown = { jsonrpc: "2.0", id: 1, method: "tools/list" }): Promise<Response> {
	return fetchWorker("/mcp", {
		method: "POST",
		headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream", Authorization: `Bearer ${bearer}` },
		body: JSON.stringify(body),
	});
}

async function grantRevokedAt(accessToken: string): Promise<number | null> {
	const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(accessToken));
	const hash = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
	const row = await env.DB.prepare("SELECT g.revoked_at FROM oauth_tokens t JOIN oauth_grants g ON g.id = t.grant_id WHERE t.hash = ?")
		.bind(hash)
		.first<{ revoked_at: number | null }>();
	return row?.revoked_at ?? null;
}

const resourceMetadata = `resource_metadata="${base}/.well-known/oauth-protected-resource"`;

describe("OAuth metadata", () => {
	it("publishes the protected resource's and the authorization server's documents", async () => {
		for (const path of ["/.well-known/oauth-protected-resource", "/.well-known/oauth-protected-resource/mcp"]) {
			const res = await fetchWorker(path);
			expect(res.status, path).toBe(200);
			expect(await res.json()).toEqual({
				resource: `${base}/mcp`,
				authorization_servers: [base],
				scopes_supported: ["chart:read", "chart:write", "folder:read", "folder:write", "theme:read", "team:read"],
				bearer_methods_supported: ["header"],
				resource_name: "Charts",
			});
		}
		const res = await fetchWorker("/.well-known/oauth-authorization-server");
		expect(res.status).toBe(200);
		const metadata = (await res.json()) as Record<string, unknown>;
		expect(metadata).toMatchObject({
			issuer: base,
			authorization_endpoint: `${base}/oauth/authorize`,
			token_endpoint: `${base}/oauth/token`,
			registration_endpoint: `${base}/oauth/register`,
			revocation_endpoint: `${base}/oauth/revoke`,
			response_types_supported: ["code"],
			grant_types_supported: ["authorization_code", "refresh_token"],
			code_challenge_methods_supported: ["S256"],
			token_endpoint_auth_methods_supported: ["none"],
		});
	});

	it("keeps every other /.well-known/ path a 404", async () => {
		for (const path of ["/.well-known/openid-configuration", "/.well-known/oauth-authorization-server/mcp", "/.well-known/security.txt"]) {
			const res = await fetchWorker(path);
			expect(res.status, path).toBe(404);
			expect(((await res.json()) as { error: { code: string } }).error.code).toBe("not_found");
		}
	});
});

describe("OAuth registration", () => {
	it("registers a client with https and loopback redirect URIs", async () => {
		const uris = [redirectUri, "http://127.0.0.1:33418/callback", "http://localhost/cb", "http://[::1]:8080/cb"];
		const res = await register({ client_name: "Claude", redirect_uris: uris, token_endpoint_auth_method: "none" });
		expect(res.status).toBe(201);
		expect(res.headers.get("Cache-Control")).toContain("no-store");
		const body = (await res.json()) as Record<string, unknown>;
		expect(body.client_id).toMatch(/^occ_/);
		expect(body.redirect_uris).toEqual(uris);
		expect(body.client_name).toBe("Claude");
		expect(body.token_endpoint_auth_method).toBe("none");
	});

	it("refuses redirect URIs that are not https or loopback, fragments and a long name", async () => {
		for (const uri of ["http://claude.ai/cb", "https://claude.ai/cb#x", "javascript:alert(1)", "http://192.168.1.2/cb", "cb"]) {
			const res = await register({ client_name: "Claude", redirect_uris: [uri] });
			expect(res.status, uri).toBe(400);
			expect(((await res.json()) as { error: string }).error, uri).toBe("invalid_redirect_uri");
		}
		const long = await register({ client_name: "x".repeat(101), redirect_uris: [redirectUri] });
		expect(long.status).toBe(400);
		expect(((await long.json()) as { error: string }).error).toBe("invalid_client_metadata");
		const secret = await register({ redirect_uris: [redirectUri], token_endpoint_auth_method: "client_secret_basic" });
		expect(secret.status).toBe(400);
	});

	it("limits registrations per client address (429 with Retry-After)", async () => {
		const address = { "CF-Connecting-IP": "203.0.113.77" };
		for (let i = 0; i < 10; i++) expect((await register({ redirect_uris: [redirectUri] }, address)).status).toBe(201);
		const refused = await register({ redirect_uris: [redirectUri] }, address);
		expect(refused.status).toBe(429);
		expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
		expect((await register({ redirect_uris: [redirectUri] }, { "CF-Connecting-IP": "203.0.113.78" })).status).toBe(201);
	});
});

describe("OAuth authorize", () => {
	it("answers an unknown client or a foreign redirect URI with a 400 page, never a redirect", async () => {
		const clientId = await registeredClient();
		const { challenge } = await pkce();
		const common = { response_type: "code", code_challenge: challenge, code_challenge_method: "S256", state: "s" };
		const cases = [
			{ ...common, client_id: "occ_unknown", redirect_uri: redirectUri },
			{ ...common, client_id: clientId, redirect_uri: "https://evil.example/cb" },
			{ ...common, client_id: clientId, redirect_uri: `${redirectUri}/../x` },
			{ ...common, client_id: clientId, redirect_uri: `${redirectUri}?extra=1` },
			{ response_type: "code", client_id: "occ_unknown", redirect_uri: "https://evil.example/cb" },
		];
		for (const params of cases) {
			const res = await authorize(params);
			expect(res.status, JSON.stringify(params)).toBe(400);
			expect(res.headers.get("Location")).toBeNull();
			expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
			expect(res.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
		}
	});

	it("sends a request without PKCE, or with the plain method, back to the client with invalid_request", async () => {
		const clientId = await registeredClient();
		const { challenge } = await pkce();
		const cases: Record<string, string>[] = [
			{ response_type: "code", client_id: clientId, redirect_uri: redirectUri, state: "s1" },
			{
				response_type: "code",
				client_id: clientId,
				redirect_uri: redirectUri,
				state: "s1",
				code_challenge: challenge,
				code_challenge_method: "plain",
			},
			{ response_type: "code", client_id: clientId, redirect_uri: redirectUri, state: "s1", code_challenge: challenge },
		];
		for (const params of cases) {
			const res = await authorize(params);
			expect(res.status).toBe(302);
			const location = new URL(res.headers.get("Location") ?? "");
			expect(location.origin + location.pathname).toBe(redirectUri);
			expect(location.searchParams.get("error")).toBe("invalid_request");
			expect(location.searchParams.get("state")).toBe("s1");
		}
		const token = await authorize({
			response_type: "token",
			client_id: clientId,
			redirect_uri: redirectUri,
			code_challenge: challenge,
			code_challenge_method: "S256",
		});
		expect(new URL(token.headers.get("Location") ?? "").searchParams.get("error")).toBe("unsupported_response_type");
	});
});

describe("OAuth consent in the console", () => {
	it("shows the request with the role's ceiling, and a viewer cannot allow chart:write", async () => {
		const workspaceId = await makeWorkspace("team");
		const viewer = await member(workspaceId, "viewer");
		const clientId = await registeredClient();
		const { challenge } = await pkce();
		const requestId = await pendingRequest(clientId, challenge, { scope: "chart:read chart:write offline_access" });

		const read = await callWithSession(viewer.session, "GET", `/console/api/oauth/requests/${requestId}`);
		expect(read.status).toBe(200);
		expect(read.body.request).toMatchObject({
			id: requestId,
			client: { id: clientId, name: "Claude" },
			redirectHost: "claude.ai",
			scopes: [
				{ scope: "chart:read", label: "Read charts", granted: true },
				{ scope: "chart:write", label: "Write charts", granted: false },
			],
			workspace: { id: workspaceId, name: `Workspace ${workspaceId}` },
			role: "viewer",
		});

		const beyond = await approve(viewer.session, requestId, ["chart:read", "chart:write"]);
		expect(beyond.status).toBe(403);
		expect(beyond.body.error?.code).toBe("forbidden");
		// The refusal did not use the request up: the viewer can allow what the role holds.
		const within = await approve(viewer.session, requestId, ["chart:read"]);
		expect(within.status).toBe(200);
		expect(new URL(within.body.redirectTo as string).searchParams.get("code")).toMatch(/^csc_/);
		// Answered once: the request is gone.
		expect((await callWithSession(viewer.session, "GET", `/console/api/oauth/requests/${requestId}`)).status).toBe(404);
		expect((await approve(viewer.session, requestId, ["chart:read"])).status).toBe(404);
	});

	it("needs the session's CSRF token, refuses a key, and denies with access_denied", async () => {
		const workspaceId = await makeWorkspace("team");
		const editor = await member(workspaceId, "editor");
		const clientId = await registeredClient();
		const { challenge } = await pkce();
		const requestId = await pendingRequest(clientId, challenge);

		const forged = await callWithSession(editor.session, "POST", `/console/api/oauth/requests/${requestId}/approve`, {
			body: { scopes: ["chart:read"] },
			csrf: false,
		});
		expect(forged.status).toBe(403);
		expect(forged.body.error?.code).toBe("csrf_failed");
		const byKey = await fetchWorker(`/console/api/oauth/requests/${requestId}/approve`, {
			method: "POST",
			headers: { Authorization: `Bearer ${editor.key}`, "Content-Type": "application/json" },
			body: JSON.stringify({ scopes: ["chart:read"] }),
		});
		expect(byKey.status).toBe(403);
		expect(((await byKey.json()) as { error: { code: string } }).error.code).toBe("session_required");
		const none = await approve(editor.session, requestId, []);
		expect(none.status).toBe(422);
		const notAsked = await approve(editor.session, requestId, ["team:write"]);
		expect(notAsked.status).toBe(422);
		const free = await makeAccount({ workspaceId, password, plan: "free" });
		const freeApproval = await approve(await signIn(free.email, password), requestId, ["chart:read"]);
		expect(freeApproval.status).toBe(403);
		expect(freeApproval.body.error?.code).toBe("plan_required");

		const denied = await callWithSession(editor.session, "POST", `/console/api/oauth/requests/${requestId}/deny`);
		expect(denied.status).toBe(200);
		const redirectTo = new URL(denied.body.redirectTo as string);
		expect(redirectTo.origin + redirectTo.pathname).toBe(redirectUri);
		expect(redirectTo.searchParams.get("error")).toBe("access_denied");
		expect(redirectTo.searchParams.get("state")).toBe("st-123");
		expect((await approve(editor.session, requestId, ["chart:read"])).status).toBe(404);
	});
});

describe("OAuth tokens", () => {
	it("exchanges a code and verifier for tokens that work on /mcp, and not on /v1", async () => {
		const workspaceId = await makeWorkspace("team");
		const editor = await member(workspaceId, "editor");
		const { tokens } = await connected(editor.session);
		expect(tokens.token_type).toBe("Bearer");
		expect(tokens.access_token).toMatch(/^cso_/);
		expect(tokens.refresh_token).toMatch(/^csr_/);
		expect(tokens.expires_in).toBe(3600);
		expect(tokens.scope).toBe("chart:read chart:write");

		const list = await mcp(tokens.access_token);
		expect(list.status).toBe(200);
		const created = await mcp(tokens.access_token, {
			jsonrpc: "2.0",
			id: 2,
			method: "tools/call",
			params: {
				name: "create_chart",
				arguments: { kind: "horizontal-bar", data: "party,seats\nGreens,12\nLabour,41\n", meta: { title: "Seats" } },
			},
		});
		const result = (await created.json()) as { result: { isError?: boolean; structuredContent: { id: string } } };
		expect(result.result.isError ?? false).toBe(false);
		const chart = await env.DB.prepare("SELECT workspace_id FROM charts WHERE id = ?").bind(result.result.structuredContent.id).first();
		expect(chart).toEqual({ workspace_id: workspaceId });

		const onApi = await fetchWorker("/v1/charts", { headers: { Authorization: `Bearer ${tokens.access_token}` } });
		expect(onApi.status).toBe(401);
		expect(((await onApi.json()) as { error: { message: string } }).error.message).toContain("MCP endpoint");
	});

	it("refuses a wrong verifier, another redirect URI and an unknown client", async () => {
		const workspaceId = await makeWorkspace("team");
		const editor = await member(workspaceId, "editor");
		const clientId = await registeredClient();
		const { code, verifier } = await codeFor(editor.session, clientId);
		const wrong = await exchange(clientId, code, (await pkce()).verifier);
		expect(wrong.status).toBe(400);
		expect(wrong.headers.get("Cache-Control")).toContain("no-store");
		expect(((await wrong.json()) as { error: string }).error).toBe("invalid_grant");
		const otherUri = await token({
			grant_type: "authorization_code",
			client_id: clientId,
			code,
			code_verifier: verifier,
			redirect_uri: "https://claude.ai/other",
		});
		expect(((await otherUri.json()) as { error: string }).error).toBe("invalid_grant");
		const unknown = await token({
			grant_type: "authorization_code",
			client_id: "occ_nobody",
			code,
			code_verifier: verifier,
			redirect_uri: redirectUri,
		});
		expect(unknown.status).toBe(401);
		expect(((await unknown.json()) as { error: string }).error).toBe("invalid_client");
		const grantType = await token({ grant_type: "password", client_id: clientId });
		expect(((await grantType.json()) as { error: string }).error).toBe("unsupported_grant_type");
		// None of these used the code up.
		expect((await exchange(clientId, code, verifier)).status).toBe(200);
	});

	it("refuses a reused code and revokes the tokens the first exchange issued", async () => {
		const workspaceId = await makeWorkspace("team");
		const editor = await member(workspaceId, "editor");
		const clientId = await registeredClient();
		const { code, verifier } = await codeFor(editor.session, clientId);
		const first = (await (await exchange(clientId, code, verifier)).json()) as Tokens;
		expect((await mcp(first.access_token)).status).toBe(200);
		const again = await exchange(clientId, code, verifier);
		expect(again.status).toBe(400);
		expect(((await again.json()) as { error: string }).error).toBe("invalid_grant");
		const after = await mcp(first.access_token);
		expect(after.status).toBe(401);
		expect(after.headers.get("WWW-Authenticate")).toBe(`Bearer realm="charts", error="invalid_token", ${resourceMetadata}`);
		expect(await grantRevokedAt(first.access_token)).not.toBeNull();
		const refresh = await token({ grant_type: "refresh_token", client_id: clientId, refresh_token: first.refresh_token });
		expect(((await refresh.json()) as { error: string }).error).toBe("invalid_grant");
	});

	it("rotates refresh tokens, and a rotated one presented again revokes the grant", async () => {
		const workspaceId = await makeWorkspace("team");
		const editor = await member(workspaceId, "editor");
		const { clientId, tokens } = await connected(editor.session);
		const rotated = await token({ grant_type: "refresh_token", client_id: clientId, refresh_token: tokens.refresh_token });
		expect(rotated.status).toBe(200);
		const next = (await rotated.json()) as Tokens;
		expect(next.refresh_token).not.toBe(tokens.refresh_token);
		expect(next.access_token).not.toBe(tokens.access_token);
		expect((await mcp(next.access_token)).status).toBe(200);

		const stolen = await token({ grant_type: "refresh_token", client_id: clientId, refresh_token: tokens.refresh_token });
		expect(stolen.status).toBe(400);
		expect(((await stolen.json()) as { error: string }).error).toBe("invalid_grant");
		expect((await mcp(next.access_token)).status).toBe(401);
		const nextRefresh = await token({ grant_type: "refresh_token", client_id: clientId, refresh_token: next.refresh_token });
		expect(((await nextRefresh.json()) as { error: string }).error).toBe("invalid_grant");
	});

	it("revokes through the revocation endpoint: a refresh token ends the grant", async () => {
		const workspaceId = await makeWorkspace("team");
		const editor = await member(workspaceId, "editor");
		const { clientId, tokens } = await connected(editor.session);
		const res = await revoke({ token: tokens.refresh_token, client_id: clientId });
		expect(res.status).toBe(200);
		expect((await mcp(tokens.access_token)).status).toBe(401);
	});
});

describe("OAuth connections", () => {
	it("lists a member's connection and disconnecting it refuses its tokens at once", async () => {
		const workspaceId = await makeWorkspace("team");
		const editor = await member(workspaceId, "editor");
		const other = await member(workspaceId, "editor");
		const { tokens } = await connected(editor.session);
		expect((await mcp(tokens.access_token)).status).toBe(200);

		const list = await callWithSession(editor.session, "GET", "/console/api/oauth/connections");
		expect(list.status).toBe(200);
		const connections = list.body.connections as {
			id: string;
			clientName: string;
			redirectHost: string;
			scopes: string[];
			lastUsedAt: string | null;
		}[];
		expect(connections).toHaveLength(1);
		expect(connections[0]).toMatchObject({ clientName: "Claude", redirectHost: "claude.ai", scopes: ["chart:read", "chart:write"] });
		expect(connections[0]?.lastUsedAt).not.toBeNull();
		expect((await callWithSession(other.session, "GET", "/console/api/oauth/connections")).body.connections).toEqual([]);

		const id = connections[0]?.id ?? "";
		expect((await callWithSession(other.session, "DELETE", `/console/api/oauth/connections/${id}`)).status).toBe(404);
		expect((await callWithSession(editor.session, "DELETE", `/console/api/oauth/connections/${id}`)).status).toBe(204);
		const refused = await mcp(tokens.access_token);
		expect(refused.status).toBe(401);
		expect(refused.headers.get("WWW-Authenticate")).toContain(resourceMetadata);
		expect(((await refused.json()) as { error: { message: string } }).error.message).toContain("disconnected");
		expect((await callWithSession(editor.session, "GET", "/console/api/oauth/connections")).body.connections).toEqual([]);
	});

	it("refuses the tokens of a member removed from the workspace", async () => {
		const workspaceId = await makeWorkspace("team");
		const owner = await member(workspaceId, "owner");
		const editor = await member(workspaceId, "editor");
		const { tokens } = await connected(editor.session);
		expect((await mcp(tokens.access_token)).status).toBe(200);
		const removed = await callWithSession(owner.session, "DELETE", `/v1/team/members/${editor.accountId}`);
		expect(removed.status).toBeLessThan(300);
		const refused = await mcp(tokens.access_token);
		expect(refused.status).toBe(401);
		expect(await grantRevokedAt(tokens.access_token)).not.toBeNull();
	});

	it("holds a token to the member's current role", async () => {
		const workspaceId = await makeWorkspace("team");
		const editor = await member(workspaceId, "editor");
		const { tokens } = await connected(editor.session);
		await env.DB.prepare("UPDATE accounts SET role = 'viewer' WHERE id = ?").bind(editor.accountId).run();
		const created = await mcp(tokens.access_token, {
			jsonrpc: "2.0",
			id: 2,
			method: "tools/call",
			params: { name: "create_chart", arguments: { kind: "horizontal-bar", data: "a,b\nx,1\n", meta: { title: "Refused" } } },
		});
		const result = (await created.json()) as { result: { isError?: boolean; content: { text: string }[] } };
		expect(result.result.isError).toBe(true);
		expect(JSON.stringify(result.result.content)).toContain("viewer");
	});
});

describe("OAuth retention", () => {
	it("drops expired tokens a day after they expired, and keeps the grant", async () => {
		const workspaceId = await makeWorkspace("team");
		const editor = await member(workspaceId, "editor");
		await connected(editor.session);
		const kinds = async () =>
			(
				await env.DB.prepare(
					"SELECT t.kind FROM oauth_tokens t JOIN oauth_grants g ON g.id = t.grant_id WHERE g.account_id = ? ORDER BY t.kind",
				)
					.bind(editor.accountId)
					.all<{ kind: string }>()
			).results.map((row) => row.kind);
		expect(await kinds()).toEqual(["access", "code", "refresh"]);
		const services = buildServices(env, createExecutionContext());
		// A day after the access token's hour: the code and the access token go, the refresh token (30 days) stays.
		await pruneOAuth(services, Date.now() + 3600 * 1000 + expiredOAuthKeptMs + 60_000);
		expect(await kinds()).toEqual(["refresh"]);
		await pruneOAuth(services, Date.now() + refreshTokenMs + expiredOAuthKeptMs + 60_000);
		expect(await kinds()).toEqual([]);
		expect(await env.DB.prepare("SELECT id FROM oauth_grants WHERE account_id = ?").bind(editor.accountId).first()).not.toBeNull();
	});

	it("drops the endpoints' rate-limit counts once past their window, and keeps those within it", async () => {
		const now = Date.now();
		const bucket = "oauth-token:192.0.2.44";
		const past = now - oauthLimits.register.windowMs - 60_000;
		const within = now - oauthLimits.token.windowMs + 60_000;
		await env.DB.prepare("INSERT INTO sign_in_attempts (bucket, at) VALUES (?, ?), (?, ?)").bind(bucket, past, bucket, within).run();
		await pruneOAuth(buildServices(env, createExecutionContext()), now);
		const { results } = await env.DB.prepare("SELECT at FROM sign_in_attempts WHERE bucket = ?").bind(bucket).all<{ at: number }>();
		expect(results.map((row) => row.at)).toEqual([within]);
	});
});

describe("/mcp without OAuth", () => {
	it("answers no credential with the resource metadata in WWW-Authenticate, and bearer keys still work", async () => {
		const none = await fetchWorker("/mcp", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
		expect(none.status).toBe(401);
		expect(none.headers.get("WWW-Authenticate")).toBe(`Bearer realm="charts", ${resourceMetadata}`);
		const { key } = await makeAccount();
		expect((await mcp(key)).status).toBe(200);
		expect((await fetchWorker("/v1/charts", { headers: { Authorization: `Bearer ${key}` } })).status).toBe(200);
	});

	it("keeps the console's pages out of frames", async () => {
		const res = await fetchWorker("/authorize?request=oar_x");
		expect(res.headers.get("X-Frame-Options")).toBe("DENY");
		expect(res.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
	});
});

describe("OAuth rate limits", () => {
	const startAt = (clientId: string, challenge: string) => ({
		response_type: "code",
		client_id: clientId,
		redirect_uri: redirectUri,
		code_challenge: challenge,
		code_challenge_method: "S256",
		state: "st-123",
	});
	const pendingRows = async (clientId: string) =>
		(await env.DB.prepare("SELECT count(*) AS n FROM oauth_requests WHERE client_id = ?").bind(clientId).first<{ n: number }>())?.n;

	it("limits authorization requests per client address with a 429 page, and keeps no request for it", async () => {
		const clientId = await registeredClient();
		const { challenge } = await pkce();
		const address = { "CF-Connecting-IP": "198.51.100.30" };
		for (let i = 0; i < oauthLimits.authorize.perAddress; i++)
			expect((await authorize(startAt(clientId, challenge), address)).status).toBe(302);
		expect(await pendingRows(clientId)).toBe(oauthLimits.authorize.perAddress);

		const refused = await authorize(startAt(clientId, challenge), address);
		expect(refused.status).toBe(429);
		expect(refused.headers.get("Location")).toBeNull();
		expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
		expect(refused.headers.get("Content-Type")).toContain("text/html");
		expect(refused.headers.get("X-Frame-Options")).toBe("DENY");
		expect(await refused.text()).toContain(`${oauthLimits.authorize.perAddress} within 10 minutes`);
		expect(await pendingRows(clientId)).toBe(oauthLimits.authorize.perAddress);
		// Another address, and a request Cloudflare names no address for, are not held by this one.
		expect((await authorize(startAt(clientId, challenge), { "CF-Connecting-IP": "198.51.100.31" })).status).toBe(302);
		expect((await authorize(startAt(clientId, challenge))).status).toBe(302);
	});

	it("limits token requests per address with too_many_requests, which the MCP SDK's client reads as a rate limit, and never locks a client out elsewhere", async () => {
		const clientId = await registeredClient();
		const stranger = { "CF-Connecting-IP": "198.51.100.77" };
		const guess = { grant_type: "refresh_token", client_id: clientId, refresh_token: `csr_${"x".repeat(43)}` };
		for (let i = 0; i < oauthLimits.token.perAddress; i++) expect((await token(guess, stranger)).status).toBe(400);
		const refused = await token(guess, stranger);
		expect(refused.status).toBe(429);
		expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
		expect(refused.headers.get("Cache-Control")).toBe("no-store");
		const body = (await refused.clone().json()) as { error: string; error_description: string };
		expect(body.error).toBe("too_many_requests");
		expect(body.error_description).toContain("from this network address");
		const parsed = await parseErrorResponse(refused);
		expect(parsed).toBeInstanceOf(TooManyRequestsError);
		expect(parsed.message).toBe(body.error_description);
		// A right code for this client is held too from that address: the limit comes before any secret is judged.
		const workspaceId = await makeWorkspace("team");
		const editor = await member(workspaceId, "editor");
		const held = await codeFor(editor.session, clientId);
		expect((await exchange(clientId, held.code, held.verifier, stranger)).status).toBe(429);
		// The client_id is no secret: the stranger's flood does not hold the client's own people elsewhere.
		const { code, verifier } = await codeFor(editor.session, clientId);
		expect((await exchange(clientId, code, verifier, { "CF-Connecting-IP": "203.0.113.5" })).status).toBe(200);
	});

	it("limits token requests per client address across clients", async () => {
		const address = { "CF-Connecting-IP": "2001:db8:7:1::5" };
		const clients = [await registeredClient(), await registeredClient()];
		for (let i = 0; i < oauthLimits.token.perAddress; i++) {
			const clientId = clients[i % clients.length] ?? "";
			expect(
				(await token({ grant_type: "authorization_code", client_id: clientId, code: "csc_nope", code_verifier: "v" }, address)).status,
			).toBe(400);
		}
		const third = await registeredClient();
		// The same /64: another address of the block is the same subscriber.
		const refused = await token(
			{ grant_type: "authorization_code", client_id: third, code: "csc_nope", code_verifier: "v" },
			{ "CF-Connecting-IP": "2001:db8:7:1::9" },
		);
		expect(refused.status).toBe(429);
		expect(((await refused.json()) as { error: string }).error).toBe("too_many_requests");
		const elsewhere = await token(
			{ grant_type: "authorization_code", client_id: third, code: "csc_nope", code_verifier: "v" },
			{ "CF-Connecting-IP": "2001:db8:8:1::5" },
		);
		expect(elsewhere.status).toBe(400);
	});

	it("answers a registration beyond the limit in OAuth's shape too", async () => {
		const address = { "CF-Connecting-IP": "203.0.113.90" };
		for (let i = 0; i < oauthLimits.register.perAddress; i++)
			expect((await register({ redirect_uris: [redirectUri] }, address)).status).toBe(201);
		const refused = await register({ redirect_uris: [redirectUri] }, address);
		expect(refused.status).toBe(429);
		expect(await parseErrorResponse(refused)).toBeInstanceOf(TooManyRequestsError);
	});
});

describe("OAuth in the activity log", () => {
	interface Entry {
		actor: { accountId: string; email: string } | null;
		action: string;
		target: { type: string; id: string; name: string | null } | null;
	}

	/** The workspace's assistant entries, oldest first, once `count` of them are written (after the answers). */
	async function assistantEntries(workspaceId: string, count: number): Promise<{ action: string; actor: string | null; target: string }[]> {
		return vi.waitFor(async () => {
			const { results } = await env.DB.prepare(
				"SELECT action, actor_account_id AS actor, target_type || ':' || target_id || ':' || target_name AS target FROM activity WHERE workspace_id = ? AND action LIKE 'assistant.%' ORDER BY id",
			)
				.bind(workspaceId)
				.all<{ action: string; actor: string | null; target: string }>();
			expect(results).toHaveLength(count);
			return results;
		});
	}

	it("records an assistant connected and disconnected by its member, and lists them through the API and MCP", async () => {
		const workspaceId = await makeWorkspace("team");
		const owner = await member(workspaceId, "owner");
		const editor = await member(workspaceId, "editor");
		await connected(editor.session);
		const connection = (
			(await callWithSession(editor.session, "GET", "/console/api/oauth/connections")).body.connections as { id: string }[]
		)[0];
		const id = connection?.id ?? "";
		expect((await callWithSession(editor.session, "DELETE", `/console/api/oauth/connections/${id}`)).status).toBe(204);
		// Disconnecting twice ends nothing more, and records nothing more.
		expect((await callWithSession(editor.session, "DELETE", `/console/api/oauth/connections/${id}`)).status).toBe(404);
		expect(await assistantEntries(workspaceId, 2)).toEqual([
			{ action: "assistant.connected", actor: editor.accountId, target: `assistant:${id}:Claude` },
			{ action: "assistant.disconnected", actor: editor.accountId, target: `assistant:${id}:Claude` },
		]);

		const page = await callWithSession(owner.session, "GET", "/v1/activity?action=assistant.disconnected");
		expect(page.status).toBe(200);
		expect(page.body.activity).toEqual([
			expect.objectContaining({
				actor: { accountId: editor.accountId, email: editor.email },
				action: "assistant.disconnected",
				target: { type: "assistant", id, name: "Claude" },
			} satisfies Entry),
		]);

		// The owner's assistant reads the log with team:read, filtered by the new action.
		const { tokens } = await connected(owner.session, ["team:read"]);
		await assistantEntries(workspaceId, 3);
		const listed = await mcp(tokens.access_token, {
			jsonrpc: "2.0",
			id: 3,
			method: "tools/call",
			params: { name: "list_activity", arguments: { action: "assistant.connected" } },
		});
		const result = (await listed.json()) as { result: { isError?: boolean; structuredContent: { activity: Entry[] } } };
		expect(result.result.isError).toBeFalsy();
		expect(result.result.structuredContent.activity.map((entry) => [entry.actor?.email, entry.target?.name])).toEqual([
			[owner.email, "Claude"],
			[editor.email, "Claude"],
		]);
	});

	it("records the service disconnecting an assistant whose used refresh token came back, once", async () => {
		const workspaceId = await makeWorkspace("team");
		const editor = await member(workspaceId, "editor");
		const { clientId, tokens } = await connected(editor.session);
		expect((await token({ grant_type: "refresh_token", client_id: clientId, refresh_token: tokens.refresh_token })).status).toBe(200);
		for (let i = 0; i < 2; i++) {
			const replay = await token({ grant_type: "refresh_token", client_id: clientId, refresh_token: tokens.refresh_token });
			expect(((await replay.json()) as { error: string }).error).toBe("invalid_grant");
		}
		const entries = await assistantEntries(workspaceId, 2);
		expect(entries[1]).toEqual({
			action: "assistant.disconnected",
			actor: null,
			target: expect.stringMatching(/^assistant:ogr_\w+:Claude$/),
		});
		expect(entries[1]?.target).toBe(entries[0]?.target);
		// Nothing more comes from the replays after the first (a pause for any late background write).
		await new Promise((resolve) => setTimeout(resolve, 50));
		expect(await assistantEntries(workspaceId, 2)).toHaveLength(2);
	});

	it("records each assistant a removed member had connected as disconnected by whoever removed them", async () => {
		const workspaceId = await makeWorkspace("team");
		const owner = await member(workspaceId, "owner");
		const editor = await member(workspaceId, "editor");
		await connected(editor.session);
		await connected(editor.session);
		const removed = await callWithSession(owner.session, "DELETE", `/v1/team/members/${editor.accountId}`);
		expect(removed.status).toBeLessThan(300);
		const entries = await assistantEntries(workspaceId, 4);
		const connections = entries.filter((entry) => entry.action === "assistant.connected").map((entry) => entry.target);
		const disconnections = entries.filter((entry) => entry.action === "assistant.disconnected");
		expect(disconnections.map((entry) => entry.actor)).toEqual([owner.accountId, owner.accountId]);
		expect(disconnections.map((entry) => entry.target).sort()).toEqual([...connections].sort());
	});

	it("records an assistant letting go of its refresh token as its member disconnecting", async () => {
		const workspaceId = await makeWorkspace("team");
		const editor = await member(workspaceId, "editor");
		const { clientId, tokens } = await connected(editor.session);
		const res = await revoke({ token: tokens.refresh_token, client_id: clientId });
		expect(res.status).toBe(200);
		const entries = await assistantEntries(workspaceId, 2);
		expect(entries.map((entry) => [entry.action, entry.actor])).toEqual([
			["assistant.connected", editor.accountId],
			["assistant.disconnected", editor.accountId],
		]);
	});
});
