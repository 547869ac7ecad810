/**
 * Ids are ids: a path parameter that is not of its kind's shape names nothing and answers 404
 * `not_found` before any handler sees it, and no id can make a request reach another route. A
 * URL folds `.`, `..` and `%2E` away before the Worker sees it (`new Request` here, workerd on a
 * real server), leaving a path that ends in "/": that is a 404 too, never the list it would match.
 * The MCP tools check ids in their input schemas and again where they build the API's path.
 */
import { env } from "cloudflare:workers";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, it } from "vitest";
import { allRoutes } from "../../../src/api/routes";
import type { ApiHandler } from "../../../src/http/router";
import { ApiBridge, ToolFailure } from "../../../src/mcp/api-bridge";
import type { Services } from "../../../src/request-services";
import type { ErrorBody } from "../../harness/workerd/api";
import { callJson } from "../../harness/workerd/api";
import { makeAccount } from "../../harness/workerd/factories";
import { closeMcpClients, connectMcp } from "../../harness/workerd/mcp-client";
import { callWithSession, signIn } from "../../harness/workerd/session";

const password = "ids test password";

/** Values a path can carry intact (no dot segments) that are not chart ids. */
const notChartIds = ["ch_a.b", "ch_", `ch_${"x".repeat(65)}`, "fd_abc", "chart", "ch_a%20b", "ch_a%2F..", "%2e%2e%2fx", "ch_%E2%9C%93"];

function samplePath(path: string, id: string): string {
	return path.replace(":id", id).replace(":n", "1").replace(":format", "png");
}

function bodyFor(type: string): { body?: unknown; rawBody?: string; headers?: Record<string, string> } {
	if (type === "json") return { body: {} };
	if (type === "csv" || type === "binary") return { rawBody: "a,b\nx,1\n", headers: { "Content-Type": "text/csv" } };
	return {};
}

async function plantChart(workspaceId: string, id: string): Promise<void> {
	await env.DB.prepare(
		`INSERT INTO charts (id, workspace_id, author_account_id, name, kind, meta, data_blob_key, has_data, version, created_at, updated_at)
		 VALUES (?, ?, 'ac_planted', 'Planted', 'line', '{}', NULL, 0, 1, 0, 0)`,
	)
		.bind(id, workspaceId)
		.run();
}

describe("API: a path id not of its kind's shape", () => {
	const keyedWithIds = allRoutes.filter((route) => route.path.includes(":id") && route.access !== "session");

	it("covers every chart and folder route", () => {
		expect(keyedWithIds.length).toBeGreaterThanOrEqual(16);
	});

	for (const route of keyedWithIds) {
		it(`${route.method} ${route.path} answers 404 not_found naming the shape`, async () => {
			const { key } = await makeAccount();
			const kind = route.path.startsWith("/v1/folders") ? "folder" : "chart";
			for (const id of kind === "folder" ? ["fd_a.b", "ch_abc", "fd_", "%2e%2e%2fx"] : notChartIds) {
				const res = await callJson<ErrorBody>(key, route.method, samplePath(route.path, id), bodyFor(route.body.type));
				expect(res.status, id).toBe(404);
				expect(res.body.error.code, id).toBe("not_found");
				expect(res.body.error.message, id).toMatch(new RegExp(`^No such ${kind}\\. ".*" is not a ${kind} id: a ${kind} id is `));
			}
		});
	}

	it("never reaches the handler: a chart stored under an id of another shape cannot be read, changed or deleted", async () => {
		const { key, workspaceId } = await makeAccount();
		await plantChart(workspaceId, "ch_a.b");
		for (const [method, path, options] of [
			["GET", "/v1/charts/ch_a.b", {}],
			["PATCH", "/v1/charts/ch_a.b", { body: { meta: { title: "x" } } }],
			["DELETE", "/v1/charts/ch_a.b", {}],
		] as const) {
			const res = await callJson<ErrorBody>(key, method, path, options);
			expect(res.status, `${method} ${path}`).toBe(404);
			expect(res.body.error.message).toBe(
				'No such chart. "ch_a.b" is not a chart id: a chart id is ch_ followed by 1–64 letters, digits, _ or -.',
			);
		}
		const stored = await env.DB.prepare("SELECT name FROM charts WHERE id = ?").bind("ch_a.b").first<string>("name");
		expect(stored).toBe("Planted");
	});

	it("is checked where the resource's 404 is: after the key, the scope and the body", async () => {
		const noKey = await callJson<ErrorBody>(null, "GET", "/v1/charts/ch_a.b");
		expect(noKey.status).toBe(401);
		const reader = await makeAccount({ scopes: ["chart:read"] });
		const unscoped = await callJson<ErrorBody>(reader.key, "DELETE", "/v1/charts/ch_a.b");
		expect(unscoped.status).toBe(403);
		const { key } = await makeAccount();
		const badBody = await callJson<ErrorBody>(key, "PATCH", "/v1/charts/ch_a.b", {
			rawBody: "[",
			headers: { "Content-Type": "application/json" },
		});
		expect(badBody.status).toBe(422);
	});

	it("takes ids of the shape, made ones and hand-made ones alike", async () => {
		const { key, workspaceId } = await makeAccount();
		const made = await callJson<{ id: string }>(key, "POST", "/v1/charts", { body: {} });
		expect((await callJson(key, "GET", `/v1/charts/${made.body.id}`)).status).toBe(200);
		await plantChart(workspaceId, "ch_hand-made_1");
		expect((await callJson(key, "GET", "/v1/charts/ch_hand-made_1")).status).toBe(200);
		expect((await callJson<ErrorBody>(key, "GET", "/v1/charts/ch_missing")).body.error.message).toMatch(/^No chart ch_missing/);
	});
});

describe("API: dot segments", () => {
	it.each([
		["GET", "/v1/charts/."],
		["GET", "/v1/charts/%2E"],
		["GET", "/v1/charts/%2e"],
		["GET", "/v1/folders/."],
		["GET", "/v1/folders/%2E"],
		["GET", "/v1/charts/ch_x/.."],
		["GET", "/v1/charts/ch_x/%2e%2e"],
		["POST", "/v1/charts/."],
		["GET", "/v1/charts/"],
	])("%s %s is 404 not_found, not the list its normalised path would match", async (method, path) => {
		const { key } = await makeAccount();
		const res = await callJson<ErrorBody>(key, method, path, method === "POST" ? { body: {} } : {});
		expect(res.status).toBe(404);
		expect(res.body.error.code).toBe("not_found");
		expect(res.body.error.message).toContain('API paths never end in "/"');
	});

	it.each([
		["/v1/charts/./export/png", "/v1/charts/export/png"],
		["/v1/charts/%2e/export/png", "/v1/charts/export/png"],
		["/v1/charts/..", "/v1/"],
		["/v1/charts/%2e%2e", "/v1/"],
	])("GET %s is folded to %s, which names no route", async (path, folded) => {
		const { key } = await makeAccount();
		const res = await callJson<ErrorBody>(key, "GET", path);
		expect(res.status).toBe(404);
		expect(res.body.error.message).toContain(`No route GET ${folded}`);
	});

	it("creates nothing through a dot segment that ends in a slash", async () => {
		const { key, workspaceId } = await makeAccount();
		const res = await callJson<ErrorBody>(key, "POST", "/v1/folders/.", { body: { name: "Dots" } });
		expect(res.status).toBe(404);
		const count = await env.DB.prepare("SELECT COUNT(*) AS n FROM folders WHERE workspace_id = ?").bind(workspaceId).first<number>("n");
		expect(count).toBe(0);
	});
});

describe("console routes: themes, fonts and keys by id", () => {
	it("answers an id not of its kind's shape 404, and takes built-in theme names", async () => {
		const account = await makeAccount({ password });
		const session = await signIn(account.email, password);
		expect((await callWithSession(session, "GET", "/console/api/themes/classic")).status).toBe(200);
		const missing = await callWithSession(session, "GET", "/console/api/themes/th_missing");
		expect(missing.body.error?.message).toBe("This workspace has no theme th_missing.");
		for (const [method, path, kind] of [
			["GET", "/console/api/themes/th_a.b", "theme"],
			["GET", "/console/api/themes/Classic", "theme"],
			["DELETE", "/console/api/fonts/fn_a.b", "font"],
			["GET", "/console/api/fonts/th_abc/file", "font"],
			["DELETE", "/console/api/keys/key_a.b", "key"],
			["GET", "/console/api/charts/ch_a.b/preview", "chart"],
		] as const) {
			const res = await callWithSession(session, method, path);
			expect(res.status, path).toBe(404);
			expect(res.body.error?.message, path).toMatch(new RegExp(`^No such ${kind}\\. `));
		}
	});
});

describe("MCP: ids in tool arguments", () => {
	afterEach(closeMcpClients);

	function textOf(result: CallToolResult): string {
		const first = result.content[0];
		return first?.type === "text" ? first.text : "";
	}

	it("refuses . and .. and any id not of a chart id's shape as a tool error naming the field, never the list", async () => {
		const { key } = await makeAccount();
		const client = await connectMcp(key);
		const cases: [string, Record<string, unknown>][] = [
			["get_chart", { id: "." }],
			["get_chart", { id: ".." }],
			["get_chart", { id: "%2E" }],
			["get_chart", { id: "ch_x/../.." }],
			["update_chart", { id: ".", meta: { title: "x" } }],
			["copy_chart", { id: ".." }],
			["publish_chart", { id: "." }],
			["delete_chart", { id: "." }],
			["export_chart", { id: ".", format: "csv" }],
			["check_chart_colors", { id: "." }],
			["create_chart", { folderId: "." }],
		];
		for (const [name, args] of cases) {
			const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
			const label = `${name} ${JSON.stringify(args)}`;
			expect(result.isError, label).toBe(true);
			expect(textOf(result), label).toMatch(/^invalid_body: (id|folderId): /);
			expect(textOf(result), label).toMatch(
				/is not a (chart|folder) id: a (chart|folder) id is (ch|fd)_ followed by 1–64 letters, digits, _ or -\./,
			);
			expect(textOf(result), label).not.toContain("internal_error");
		}
	});

	it("reads a chart's data resource only by a chart id", async () => {
		const { key } = await makeAccount();
		const client = await connectMcp(key);
		// ".", ".." and "%2E" are folded out of the URI before it is sent: it then names no resource at all.
		for (const id of [".", "..", "%2E"]) {
			await expect(client.readResource({ uri: `charts://charts/${id}/data` }), id).rejects.toThrow(
				/Resource charts:\/\/charts\/data not found/,
			);
		}
		for (const id of ["ch_a.b", "fd_abc", "x"]) {
			await expect(client.readResource({ uri: `charts://charts/${id}/data` }), id).rejects.toThrow(
				/not_found: id: ".*" is not a chart id: a chart id is ch_ followed by/,
			);
		}
	});

	it("the bridge refuses an id not of its shape in one sentence naming the argument, and sends nothing", async () => {
		let sent = 0;
		const api: ApiHandler = async () => {
			sent += 1;
			return Response.json({ charts: [] });
		};
		const bridge = new ApiBridge(api, "Bearer cs_x", {} as Services, "request-1", "http://localhost:8787/mcp");
		for (const [path, params, argument] of [
			["/v1/charts/:id", { id: "." }, "id"],
			["/v1/charts/:id/export/:format", { id: "..", format: "png" }, "id"],
			["/v1/charts/:id/export/:format", { id: "ch_1", format: ".." }, "format"],
			["/v1/sources/:source/dimensions/:dimension", { source: "gapminder", dimension: "." }, "dimension"],
		] as const) {
			const failure = await bridge.send({ method: "GET", path, params }).catch((error: unknown) => error);
			expect(failure).toBeInstanceOf(ToolFailure);
			expect(failure).toMatchObject({ code: "not_found", status: 404 });
			expect((failure as ToolFailure).message).toMatch(new RegExp(`^${argument}: "[.]+" (is not a chart id|names nothing)`));
		}
		expect(
			(await bridge.send({ method: "GET", path: "/v1/charts/:id", params: { id: "." } }).catch((e: ToolFailure) => e.message)) as string,
		).toBe('id: "." is not a chart id: a chart id is ch_ followed by 1–64 letters, digits, _ or -.');
		expect(sent).toBe(0);
		await bridge.send({ method: "GET", path: "/v1/sources/:source/dimensions/:dimension", params: { source: "a b", dimension: "c/d" } });
		expect(sent).toBe(1);
		expect(bridge.url("/v1/sources/:source/dimensions/:dimension", { source: "a b", dimension: "c/d" })).toBe(
			"http://localhost:8787/v1/sources/a%20b/dimensions/c%2Fd",
		);
	});
});
