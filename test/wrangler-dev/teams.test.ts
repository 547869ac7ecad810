/**
 * Teams through `wrangler dev` (docs/teams.md), as people would use them: an owner invites an
 * editor and a viewer by link, both join with their own passwords and see the team's charts; the
 * viewer cannot change a chart; removing the editor ends their session and key at once and keeps
 * their chart; a forgotten password is reset from the local outbox's mail; the activity log lists
 * each of these.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { eventually } from "../harness/browser/eventually.ts";
import { createAccount } from "../harness/local/admin-ops.ts";
import type { DevServer } from "../harness/local/dev-server.ts";
import { startDevServer } from "../harness/local/dev-server.ts";

const port = 8987;

interface Person {
	email: string;
	cookie: string;
	csrf: string;
}

let server: DevServer;

async function send(path: string, init: { method?: string; body?: unknown; person?: Person; key?: string } = {}) {
	const headers: Record<string, string> = {};
	if (init.body !== undefined) headers["Content-Type"] = "application/json";
	if (init.person) {
		headers.Cookie = init.person.cookie;
		if ((init.method ?? "GET") !== "GET") headers["X-CSRF-Token"] = init.person.csrf;
	}
	if (init.key) headers.Authorization = `Bearer ${init.key}`;
	const response = await fetch(`${server.url}${path}`, {
		method: init.method ?? "GET",
		headers,
		body: init.body === undefined ? undefined : JSON.stringify(init.body),
	});
	const text = await response.text();
	return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {}, headers: response.headers };
}

function personFrom(email: string, answer: { body: Record<string, unknown>; headers: Headers }): Person {
	const cookie = (answer.headers.getSetCookie().find((c) => c.startsWith("charts_session=")) ?? "").split(";")[0] ?? "";
	return { email, cookie, csrf: String(answer.body.csrfToken) };
}

async function signIn(email: string, password: string): Promise<Person> {
	const answer = await send("/auth/sign-in", { method: "POST", body: { email, password } });
	assert.equal(answer.status, 200, JSON.stringify(answer.body));
	return personFrom(email, answer);
}

async function join(owner: Person, email: string, role: string, password: string): Promise<Person> {
	const invited = await send("/v1/team/invitations", { method: "POST", person: owner, body: { email, role } });
	assert.equal(invited.status, 201, JSON.stringify(invited.body));
	assert.equal(invited.body.mailed, true);
	const token = String(invited.body.inviteUrl).split("/").at(-1);
	const accepted = await send(`/auth/invitations/${token}/accept`, { method: "POST", body: { password } });
	assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
	assert.equal(accepted.body.role, role);
	return personFrom(email, accepted);
}

describe("teams through wrangler dev", () => {
	before(async () => {
		server = await startDevServer(port);
	});
	after(async () => {
		await server?.stop();
	});

	it("invites, limits, removes, resets and records", async () => {
		const suffix = Date.now().toString(36);
		const ownerEmail = `desk-${suffix}@example.test`;
		await createAccount(server.target, { plan: "business", team: "Graphics desk", email: ownerEmail, password: "owner password 1" });
		const owner = await signIn(ownerEmail, "owner password 1");
		const chart = await send("/v1/charts", { method: "POST", person: owner, body: { kind: "line", meta: { title: "Seats" } } });
		assert.equal(chart.status, 201);

		const editor = await join(owner, `editor-${suffix}@example.test`, "editor", "editor password 1");
		const viewer = await join(owner, `viewer-${suffix}@example.test`, "viewer", "viewer password 1");
		for (const person of [editor, viewer]) {
			const list = await send("/v1/charts", { person });
			assert.ok((list.body.charts as { id: string }[]).some((c) => c.id === chart.body.id));
		}
		const refused = await send(`/v1/charts/${chart.body.id}`, { method: "PATCH", person: viewer, body: { meta: { title: "Changed" } } });
		assert.equal(refused.status, 403);
		assert.match(String((refused.body.error as { message: string }).message), /viewer/);
		// Nor through MCP, with a key of their own (a viewer's keys read at most).
		const viewerKey = await send("/console/api/keys", {
			method: "POST",
			person: viewer,
			body: { name: "assistant", scopes: ["chart:read"] },
		});
		assert.equal(viewerKey.status, 201, JSON.stringify(viewerKey.body));
		const assistant = new Client({ name: "teams-dev-test", version: "1.0.0" });
		await assistant.connect(
			new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
				requestInit: { headers: { Authorization: `Bearer ${String(viewerKey.body.key)}` } },
			}),
		);
		const viaMcp = (await assistant.callTool({
			name: "update_chart",
			arguments: { id: chart.body.id, meta: { title: "Changed by an assistant" } },
		})) as CallToolResult;
		assert.equal(viaMcp.isError, true);
		assert.match(viaMcp.content.map((part) => (part.type === "text" ? part.text : "")).join(""), /^forbidden: /);
		await assistant.close();
		const unchanged = await send(`/v1/charts/${chart.body.id}`, { person: owner });
		assert.notEqual((unchanged.body.meta as { title?: string }).title, "Changed by an assistant");

		const key = await send("/console/api/keys", {
			method: "POST",
			person: editor,
			body: { name: "script", scopes: ["chart:read", "chart:write"] },
		});
		assert.equal(key.status, 201);
		const editorChart = await send("/v1/charts", {
			method: "POST",
			key: String(key.body.key),
			body: { kind: "line", meta: { title: "Turnout" } },
		});
		assert.equal(editorChart.status, 201);
		const members = await send("/v1/team/members", { person: owner });
		const editorId = (members.body.members as { email: string; accountId: string }[]).find((m) => m.email === editor.email)?.accountId;
		assert.equal((await send(`/v1/team/members/${editorId}`, { method: "DELETE", person: owner })).status, 204);
		assert.equal((await send("/v1/charts", { person: editor })).status, 401);
		assert.equal((await send("/v1/charts", { key: String(key.body.key) })).status, 401);
		assert.equal((await send(`/v1/charts/${editorChart.body.id}`, { person: owner })).status, 200);

		assert.equal((await send("/auth/password-reset", { method: "POST", body: { email: viewer.email } })).status, 202);
		// The 202 comes before the mail: it is sent after the answer (waitUntil, src/auth/password-reset.ts).
		const mail = await eventually("the reset mail in the outbox", async () =>
			((await send("/auth/outbox")).body.mail as { to: string; links: string[] }[]).find(
				(m) => m.to === viewer.email && m.links[0]?.includes("/reset-password/"),
			),
		);
		const token = mail.links[0]?.split("/").at(-1);
		assert.equal((await send(`/auth/password-reset/${token}`, { method: "POST", body: { password: "viewer password 2" } })).status, 204);
		assert.equal((await send("/v1/charts", { person: viewer })).status, 401);
		await signIn(viewer.email, "viewer password 2");

		// Each entry is written after its action's answer (waitUntil: src/auth/activity.ts, src/auth/sign-in.ts),
		// the sign-in's just now: wait for all of them, then say which never came.
		const expected = ["chart.created", "member.invited", "member.joined", "key.created", "member.removed", "sign_in.new_device"];
		let actions: string[] = [];
		await eventually("every action in the activity log", async () => {
			const activity = await send("/v1/activity?limit=100", { person: owner });
			actions = (activity.body.activity as { action: string }[]).map((entry) => entry.action);
			return expected.every((action) => actions.includes(action));
		}).catch(() => undefined);
		for (const action of expected) assert.ok(actions.includes(action), `${action} in ${actions.join(", ")}`);
	});
});
