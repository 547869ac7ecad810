/**
 * Teams (docs/teams.md): every route's rule for every role, invitations, removal, password reset
 * and the activity log, through the Worker's fetch as a browser or a script would call it.
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it, vi } from "vitest";
import { allRoutes } from "../../../src/api/routes";
import type { Role } from "../../../src/domain/roles";
import { leastRoleForSessionRoute, roleAtLeast, roleScopes } from "../../../src/domain/roles";
import worker from "../../../src/index";
import { base, callJson } from "../../harness/workerd/api";
import { makeAccount, makeWorkspace } from "../../harness/workerd/factories";
import { connectMcp } from "../../harness/workerd/mcp-client";
import type { TestSession } from "../../harness/workerd/session";
import { callWithSession, signIn } from "../../harness/workerd/session";

const password = "correct horse battery staple";

async function member(workspaceId: string, role: Role) {
	const account = await makeAccount({ workspaceId, password, plan: "business" });
	await env.DB.prepare("UPDATE accounts SET role = ? WHERE id = ?").bind(role, account.accountId).run();
	return account;
}

async function team() {
	const workspaceId = await makeWorkspace("team");
	const owner = await member(workspaceId, "owner");
	return { workspaceId, owner, ownerSession: await signIn(owner.email, password) };
}

/** The Worker with the local outbox on, as `npm start` runs it; waits for what it does after answering. */
async function withOutbox(method: string, path: string, body?: unknown): Promise<Response> {
	const ctx = createExecutionContext();
	const request = new Request(`${base}${path}`, {
		method,
		headers: body === undefined ? {} : { "Content-Type": "application/json" },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const response = await worker.fetch(request, { ...env, MAIL_OUTBOX: "local" } as unknown as Env, ctx);
	await waitOnExecutionContext(ctx);
	return response;
}

async function latestMailTo(email: string): Promise<{ subject: string; links: string[] } | undefined> {
	const response = await withOutbox("GET", "/auth/outbox");
	const { mail } = (await response.json()) as { mail: { to: string; subject: string; links: string[] }[] };
	return mail.find((item) => item.to === email);
}

function samplePath(path: string): string {
	return path.replace(/:[A-Za-z]+/g, "x");
}

/** Whether a role may call a route, by the declared rule: its scope, or the console route's least role. */
function allowed(role: Role, route: (typeof allRoutes)[number]): boolean {
	if (route.access === "public" || route.access === "key") return true;
	if (route.access === "session") return roleAtLeast(role, leastRoleForSessionRoute(route.method, route.path));
	return roleScopes[role].includes(route.access);
}

describe("every route enforces the role", () => {
	const roles: Role[] = ["viewer", "editor", "admin"];
	for (const role of roles) {
		it(`refuses ${role} sessions every route its role lacks (403 before anything is read)`, async () => {
			const { workspaceId } = await team();
			const account = await member(workspaceId, role);
			const session = await signIn(account.email, password);
			const refused = allRoutes.filter((route) => !allowed(role, route));
			if (role === "viewer") expect(refused.length).toBeGreaterThan(10);
			for (const route of refused) {
				const answer = await callWithSession(session, route.method, samplePath(route.path));
				expect(answer.status, `${route.method} ${route.path}`).toBe(403);
				expect(answer.body.error?.code, `${route.method} ${route.path}`).toBe("forbidden");
			}
		});
	}

	it("holds a viewer's chart:write key to reads, rate limit first", async () => {
		const { workspaceId } = await team();
		const viewer = await member(workspaceId, "viewer");
		const write = await callJson<{ error: { code: string; message: string } }>(viewer.key, "POST", "/v1/charts", {
			body: { kind: "line" },
		});
		expect(write.status).toBe(403);
		expect(write.body.error.code).toBe("forbidden");
		expect(write.body.error.message).toContain("viewer");
		expect(write.headers.get("RateLimit-Limit")).not.toBeNull();
		const read = await callJson(viewer.key, "GET", "/v1/charts");
		expect(read.status).toBe(200);
	});

	it("holds a viewer's key to reads through MCP too: a write tool answers the API's refusal", async () => {
		const { workspaceId } = await team();
		const viewer = await member(workspaceId, "viewer");
		const client = await connectMcp(viewer.key);
		const created = (await client.callTool({ name: "create_chart", arguments: { data: "party,seats\nA,3\n" } })) as CallToolResult;
		expect(created.isError).toBe(true);
		expect(textOf(created)).toMatch(/^forbidden: .*viewer/);
		const members = (await client.callTool({ name: "list_members", arguments: {} })) as CallToolResult;
		expect(members.isError).toBeFalsy();
		expect(textOf(members)).toContain("viewer");
		const stored = await env.DB.prepare("SELECT COUNT(*) AS n FROM charts WHERE workspace_id = ?").bind(workspaceId).first<{ n: number }>();
		expect(stored?.n).toBe(0);
	});

	it("refuses a key scope beyond the role when a viewer makes a key", async () => {
		const { workspaceId } = await team();
		const viewer = await member(workspaceId, "viewer");
		const session = await signIn(viewer.email, password);
		const refused = await callWithSession(session, "POST", "/console/api/keys", { body: { name: "w", scopes: ["chart:write"] } });
		expect(refused.status).toBe(403);
		const made = await callWithSession(session, "POST", "/console/api/keys", { body: { name: "r", scopes: ["chart:read"] } });
		expect(made.status).toBe(201);
	});

	it("answers the session's role and workspace name", async () => {
		const { ownerSession } = await team();
		const answer = await callWithSession(ownerSession, "GET", "/auth/session");
		expect(answer.status).toBe(200);
		expect(answer.body.role).toBe("owner");
		expect(String(answer.body.workspaceName)).toMatch(/^Workspace ws_/);
	});
});

describe("invitations", () => {
	it("invites by link, the invitee joins with a new password and sees the team's charts", async () => {
		const { workspaceId, owner, ownerSession } = await team();
		const chart = await callJson<{ id: string }>(owner.key, "POST", "/v1/charts", { body: { kind: "line", meta: { title: "Turnout" } } });
		expect(chart.status).toBe(201);
		const email = `intern-${crypto.randomUUID()}@example.test`;
		const invited = await callWithSession(ownerSession, "POST", "/v1/team/invitations", { body: { email, role: "viewer" } });
		expect(invited.status).toBe(201);
		expect(invited.body.mailed).toBe(false);
		const inviteUrl = String(invited.body.inviteUrl);
		expect(inviteUrl).toMatch(/^http:\/\/localhost:8787\/invite\/[A-Za-z0-9_-]{43}$/);
		const token = inviteUrl.split("/").at(-1) ?? "";

		const pending = await callWithSession(ownerSession, "GET", "/v1/team/invitations");
		expect(pending.body.invitations).toEqual([
			expect.objectContaining({ id: invited.body.id, email, role: "viewer", invitedBy: owner.email }),
		]);
		const stored = await env.DB.prepare("SELECT token_hash FROM invitations WHERE id = ?")
			.bind(invited.body.id)
			.first<{ token_hash: string }>();
		expect(stored?.token_hash).not.toContain(token);

		const view = await callJson<Record<string, unknown>>(null, "GET", `/auth/invitations/${token}`);
		expect(view.status).toBe(200);
		expect(view.body).toMatchObject({ email, role: "viewer", accountExists: false, invitedBy: owner.email });

		const short = await callJson(null, "POST", `/auth/invitations/${token}/accept`, { body: { password: "short" } });
		expect(short.status).toBe(422);
		const accepted = await callJson<Record<string, unknown>>(null, "POST", `/auth/invitations/${token}/accept`, {
			body: { password: "a new viewer password" },
		});
		expect(accepted.status).toBe(200);
		expect(accepted.body).toMatchObject({ workspaceId, role: "viewer", email });
		expect(accepted.headers.get("Set-Cookie")).toContain("charts_session=");

		const again = await callJson<{ error: { code: string; message: string } }>(null, "POST", `/auth/invitations/${token}/accept`, {
			body: { password: "a new viewer password" },
		});
		expect(again.status).toBe(404);
		expect(again.body.error.message).toContain("new invitation");

		const viewer = await signIn(email, "a new viewer password");
		const list = await callWithSession(viewer, "GET", "/v1/charts");
		expect((list.body.charts as { id: string }[]).map((c) => c.id)).toContain(chart.body.id);
		const edit = await callWithSession(viewer, "PATCH", `/v1/charts/${chart.body.id}`, { body: { meta: { title: "Hacked" } } });
		expect(edit.status).toBe(403);

		const members = await callWithSession(ownerSession, "GET", "/v1/team/members");
		expect((members.body.members as { email: string; role: string }[]).map((m) => [m.email, m.role])).toEqual([
			[owner.email, "owner"],
			[email, "viewer"],
		]);
	});

	it("lets an existing account join only with its own password, and only when it leaves nothing behind", async () => {
		const { ownerSession } = await team();
		const lone = await makeAccount({ password, plan: "free" });
		const busy = await makeAccount({ password, plan: "business" });
		await callJson(busy.key, "POST", "/v1/charts", { body: { kind: "line" } });
		const tokenFor = async (email: string) => {
			const invited = await callWithSession(ownerSession, "POST", "/v1/team/invitations", { body: { email, role: "editor" } });
			return String(invited.body.inviteUrl).split("/").at(-1) ?? "";
		};
		const loneToken = await tokenFor(lone.email);
		const wrong = await callJson(null, "POST", `/auth/invitations/${loneToken}/accept`, { body: { password: "not the password" } });
		expect(wrong.status).toBe(401);
		const joined = await callJson<Record<string, unknown>>(null, "POST", `/auth/invitations/${loneToken}/accept`, { body: { password } });
		expect(joined.status).toBe(200);
		expect(joined.body.role).toBe("editor");

		const busyToken = await tokenFor(busy.email);
		const refused = await callJson<{ error: { code: string; message: string } }>(null, "POST", `/auth/invitations/${busyToken}/accept`, {
			body: { password },
		});
		expect(refused.status).toBe(409);
		expect(refused.body.error.message).toContain("1 chart");
	});

	it("revokes an invitation and refuses invitations from editors", async () => {
		const { workspaceId, ownerSession } = await team();
		const invited = await callWithSession(ownerSession, "POST", "/v1/team/invitations", {
			body: { email: `x-${crypto.randomUUID()}@example.test`, role: "editor" },
		});
		const token = String(invited.body.inviteUrl).split("/").at(-1) ?? "";
		expect((await callWithSession(ownerSession, "DELETE", `/v1/team/invitations/${invited.body.id}`)).status).toBe(204);
		expect((await callJson(null, "GET", `/auth/invitations/${token}`)).status).toBe(404);
		expect((await callWithSession(ownerSession, "DELETE", `/v1/team/invitations/${invited.body.id}`)).status).toBe(404);
		const editor = await member(workspaceId, "editor");
		const editorSession = await signIn(editor.email, password);
		const byEditor = await callWithSession(editorSession, "POST", "/v1/team/invitations", {
			body: { email: "y@example.test", role: "viewer" },
		});
		expect(byEditor.status).toBe(403);
	});
});

describe("members", () => {
	it("removing a member ends their session and keys at once and keeps their charts", async () => {
		const { workspaceId, ownerSession } = await team();
		const editor = await member(workspaceId, "editor");
		const editorSession = await signIn(editor.email, password);
		const chart = await callJson<{ id: string }>(editor.key, "POST", "/v1/charts", { body: { kind: "line" } });
		expect((await callJson(editor.key, "GET", "/v1/charts")).status).toBe(200);

		expect((await callWithSession(ownerSession, "DELETE", `/v1/team/members/${editor.accountId}`)).status).toBe(204);
		expect((await callJson(editor.key, "GET", "/v1/charts")).status).toBe(401);
		expect((await callWithSession(editorSession, "GET", "/v1/charts")).status).toBe(401);
		const kept = await callWithSession(ownerSession, "GET", `/v1/charts/${chart.body.id}`);
		expect(kept.status).toBe(200);
		const moved = await env.DB.prepare("SELECT workspace_id, role, plan FROM accounts WHERE id = ?").bind(editor.accountId).first();
		expect(moved).toMatchObject({ role: "owner", plan: "free" });
		expect(moved?.workspace_id).not.toBe(workspaceId);
	});

	it("keeps exactly one owner: no leaving, no removal, ownership handed on", async () => {
		const { workspaceId, owner, ownerSession } = await team();
		const admin = await member(workspaceId, "admin");
		const adminSession = await signIn(admin.email, password);
		const leave = await callWithSession(ownerSession, "DELETE", `/v1/team/members/${owner.accountId}`);
		expect(leave.status).toBe(409);
		expect(leave.body.error?.message).toContain("hand ownership on");
		expect((await callWithSession(adminSession, "DELETE", `/v1/team/members/${owner.accountId}`)).status).toBe(409);
		expect((await callWithSession(adminSession, "PATCH", `/v1/team/members/${owner.accountId}`, { body: { role: "viewer" } })).status).toBe(
			403,
		);
		expect((await callWithSession(adminSession, "PATCH", `/v1/team/members/${admin.accountId}`, { body: { role: "owner" } })).status).toBe(
			403,
		);
		const handed = await callWithSession(ownerSession, "PATCH", `/v1/team/members/${admin.accountId}`, { body: { role: "owner" } });
		expect(handed.status).toBe(200);
		expect(handed.body.role).toBe("owner");
		const roles = await env.DB.prepare("SELECT id, role FROM accounts WHERE workspace_id = ? ORDER BY role").bind(workspaceId).all();
		expect(roles.results).toEqual(
			expect.arrayContaining([
				{ id: owner.accountId, role: "admin" },
				{ id: admin.accountId, role: "owner" },
			]),
		);
		expect((await callWithSession(ownerSession, "DELETE", `/v1/team/members/${owner.accountId}`)).status).toBe(204);
	});

	it("applies a changed role to a remembered key on its next request", async () => {
		const { workspaceId, ownerSession } = await team();
		const editor = await member(workspaceId, "editor");
		expect((await callJson(editor.key, "POST", "/v1/charts", { body: { kind: "line" } })).status).toBe(201);
		await callWithSession(ownerSession, "PATCH", `/v1/team/members/${editor.accountId}`, { body: { role: "viewer" } });
		expect((await callJson(editor.key, "POST", "/v1/charts", { body: { kind: "line" } })).status).toBe(403);
	});
});

describe("password reset", () => {
	it("mails a single-use link that sets the password and ends every session; never says whether the email exists", async () => {
		const account = await makeAccount({ password, plan: "free" });
		const session: TestSession = await signIn(account.email, password);
		const unknown = await withOutbox("POST", "/auth/password-reset", { email: `nobody-${crypto.randomUUID()}@example.test` });
		const known = await withOutbox("POST", "/auth/password-reset", { email: account.email.toUpperCase() });
		expect(unknown.status).toBe(202);
		expect(known.status).toBe(202);
		expect(await unknown.json()).toEqual(await known.json());

		const mail = await latestMailTo(account.email);
		const link = mail?.links[0] ?? "";
		expect(link).toMatch(/\/reset-password\/[A-Za-z0-9_-]{43}$/);
		const token = link.split("/").at(-1) ?? "";
		const reset = await callJson(null, "POST", `/auth/password-reset/${token}`, { body: { password: "a brand new password" } });
		expect(reset.status).toBe(204);
		expect((await callWithSession(session, "GET", "/auth/session")).status).toBe(401);
		expect((await callJson(null, "POST", `/auth/password-reset/${token}`, { body: { password: "another new password" } })).status).toBe(
			404,
		);
		await signIn(account.email, "a brand new password");
	});

	it("keeps the outbox off unless MAIL_OUTBOX is local, and sign-up closed by default", async () => {
		expect((await callJson(null, "GET", "/auth/outbox")).status).toBe(404);
		expect((await callJson(null, "GET", "/auth/options")).body).toEqual({ signUp: "closed", outbox: false });
		const signUp = await callJson(null, "POST", "/auth/sign-up", { body: { email: "new@example.test", password: "long enough password" } });
		expect(signUp.status).toBe(403);
	});
});

/** Actions are recorded after their answer: waits until the workspace's log holds `count` entries. */
async function settled(workspaceId: string, count: number): Promise<void> {
	await vi.waitFor(async () => {
		const row = await env.DB.prepare("SELECT count(*) AS n FROM activity WHERE workspace_id = ?").bind(workspaceId).first<{ n: number }>();
		expect(row?.n).toBeGreaterThanOrEqual(count);
	});
}

describe("activity", () => {
	it("lists chart, member and key actions newest first, paged and filtered", async () => {
		const { workspaceId, ownerSession } = await team();
		const editor = await member(workspaceId, "editor");
		const chart = await callJson<{ id: string }>(editor.key, "POST", "/v1/charts", {
			body: { kind: "line", data: "year,rent\n2024,810\n2025,845\n", meta: { title: "Rents" } },
		});
		await settled(workspaceId, 2);
		expect((await callJson(editor.key, "POST", `/v1/charts/${chart.body.id}/publish`)).status).toBe(200);
		await settled(workspaceId, 3);
		await callJson(editor.key, "DELETE", `/v1/charts/${chart.body.id}`);
		await settled(workspaceId, 4);
		await callWithSession(ownerSession, "PATCH", `/v1/team/members/${editor.accountId}`, { body: { role: "viewer" } });
		const key = await callWithSession(ownerSession, "POST", "/console/api/keys", { body: { name: "CI", scopes: ["chart:read"] } });
		expect(key.status).toBe(201);
		await settled(workspaceId, 6);

		const page = await callWithSession(ownerSession, "GET", "/v1/activity?limit=3");
		expect(page.status).toBe(200);
		const actions = (page.body.activity as { action: string }[]).map((entry) => entry.action);
		expect(actions).toEqual(["key.created", "member.role_changed", "chart.deleted"]);
		const older = await callWithSession(ownerSession, "GET", `/v1/activity?cursor=${page.body.nextCursor}`);
		expect(
			(older.body.activity as { action: string; target: { name: string } | null }[]).map((e) => [e.action, e.target?.name ?? null]),
		).toEqual([
			["chart.published", "Rents"],
			["chart.created", "Rents"],
			// The owner's sign-in at the start, from a browser the account had not used.
			["sign_in.new_device", null],
		]);
		const byEditor = await callWithSession(ownerSession, "GET", `/v1/activity?accountId=${editor.accountId}&action=chart.deleted`);
		expect(byEditor.body.activity).toEqual([
			expect.objectContaining({
				actor: { accountId: editor.accountId, email: editor.email },
				target: { type: "chart", id: chart.body.id, name: "Rents" },
			}),
		]);
		const bad = await callWithSession(ownerSession, "GET", "/v1/activity?cursor=abc");
		expect(bad.status).toBe(422);
	});
});

function textOf(result: CallToolResult): string {
	return result.content.map((part) => (part.type === "text" ? part.text : "")).join("");
}
