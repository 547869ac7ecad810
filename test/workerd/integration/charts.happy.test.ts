import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { callJson } from "../../harness/workerd/api";
import { makeAccount, makeTheme, makeWorkspace } from "../../harness/workerd/factories";

interface Chart {
	id: string;
	name: string;
	kind: string;
	series: string[];
	meta: Record<string, unknown>;
	hasData: boolean;
	folderId: string | null;
	published: unknown;
	version: number;
	updatedAt: string;
}

describe("charts: happy paths", () => {
	it("creates a chart with the documented create response and defaults", async () => {
		const { key } = await makeAccount();
		const created = await callJson<Record<string, unknown>>(key, "POST", "/v1/charts", { body: {} });
		expect(created.status).toBe(201);
		expect(Object.keys(created.body).sort()).toEqual(["folderId", "hasData", "id", "kind", "name", "published"]);
		expect(created.body).toMatchObject({ kind: "line", name: "Untitled chart", hasData: false, folderId: null, published: null });
		expect(created.headers.get("ETag")).toBe('"1"');
		expect(created.headers.get("Location")).toBe(`/v1/charts/${created.body.id}`);
	});

	it("reads a chart back with series, meta and an ETag", async () => {
		const { key } = await makeAccount();
		const meta = {
			title: "GDP growth",
			subtitle: "Annual %",
			sourceText: "World Bank",
			mode: "dark",
			w: 800,
			h: 500,
			custom: { keep: [1, 2] },
		};
		const created = await callJson<{ id: string }>(key, "POST", "/v1/charts", { body: { kind: "horizontal-bar", meta } });
		const got = await callJson<Chart>(key, "GET", `/v1/charts/${created.body.id}`);
		expect(got.status).toBe(200);
		expect(got.headers.get("ETag")).toBe('"1"');
		expect(got.body).toMatchObject({
			id: created.body.id,
			name: "GDP growth",
			kind: "horizontal-bar",
			series: [],
			meta,
			hasData: false,
			folderId: null,
			published: null,
		});
		expect(got.body.updatedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
	});

	it("lists the workspace's charts in { charts: [...] }", async () => {
		const { key } = await makeAccount();
		const a = await callJson<{ id: string }>(key, "POST", "/v1/charts", { body: { meta: { title: "A" } } });
		const b = await callJson<{ id: string }>(key, "POST", "/v1/charts", { body: { kind: "pie", meta: { title: "B" } } });
		const list = await callJson<{ charts: Record<string, unknown>[] }>(key, "GET", "/v1/charts");
		expect(list.status).toBe(200);
		expect(list.body.charts).toHaveLength(2);
		const ids = list.body.charts.map((c) => c.id);
		expect(ids).toContain(a.body.id);
		expect(ids).toContain(b.body.id);
		const item = list.body.charts.find((c) => c.id === b.body.id);
		expect(Object.keys(item ?? {}).sort()).toEqual(["folderId", "id", "kind", "name", "published", "updatedAt"]);
		expect(item).toMatchObject({ name: "B", kind: "pie", folderId: null, published: null });
	});

	it("patches meta as a JSON merge patch and answers the full chart", async () => {
		const { key } = await makeAccount();
		const created = await callJson<{ id: string }>(key, "POST", "/v1/charts", {
			body: { meta: { title: "Before", subtitle: "keep me", nested: { a: 1, b: 2 } } },
		});
		const patched = await callJson<Chart>(key, "PATCH", `/v1/charts/${created.body.id}`, {
			body: { kind: "scatter", meta: { title: "After", nested: { b: null, c: 3 }, subtitle: null } },
		});
		expect(patched.status).toBe(200);
		expect(patched.headers.get("ETag")).toBe('"2"');
		expect(patched.body).toMatchObject({ name: "After", kind: "scatter", version: 2, meta: { title: "After", nested: { a: 1, c: 3 } } });
		expect(patched.body.meta).not.toHaveProperty("subtitle");
		const row = await env.DB.prepare("SELECT name, kind, version FROM charts WHERE id = ?").bind(created.body.id).first();
		expect(row).toEqual({ name: "After", kind: "scatter", version: 2 });
	});

	it("accepts a workspace theme and a built-in theme in meta.theme", async () => {
		const { key, workspaceId } = await makeAccount();
		const themeId = await makeTheme(workspaceId);
		const own = await callJson(key, "POST", "/v1/charts", { body: { meta: { theme: themeId } } });
		expect(own.status).toBe(201);
		const builtIn = await callJson(key, "POST", "/v1/charts", { body: { meta: { theme: "newsroom" } } });
		expect(builtIn.status).toBe(201);
	});

	it("deletes a chart and its history", async () => {
		const { key } = await makeAccount();
		const created = await callJson<{ id: string }>(key, "POST", "/v1/charts", { body: {} });
		await callJson(key, "PATCH", `/v1/charts/${created.body.id}`, { body: { meta: { title: "x" } } });
		const deleted = await callJson(key, "DELETE", `/v1/charts/${created.body.id}`);
		expect(deleted.body).toEqual({ deleted: true });
		expect(deleted.status).toBe(200);
		expect(deleted.body).toEqual({ deleted: true });
		expect((await callJson(key, "GET", `/v1/charts/${created.body.id}`)).status).toBe(404);
		const versions = await env.DB.prepare("SELECT COUNT(*) AS n FROM chart_versions WHERE chart_id = ?").bind(created.body.id).first("n");
		expect(versions).toBe(0);
	});

	it("lets a teammate list, update and delete the team's charts", async () => {
		const team = await makeWorkspace("team");
		const alice = await makeAccount({ workspaceId: team });
		const bob = await makeAccount({ workspaceId: team, plan: "professional" });
		const created = await callJson<{ id: string }>(alice.key, "POST", "/v1/charts", { body: { meta: { title: "Shared" } } });
		const list = await callJson<{ charts: { id: string }[] }>(bob.key, "GET", "/v1/charts");
		expect(list.body.charts.map((c) => c.id)).toEqual([created.body.id]);
		const patched = await callJson<Chart>(bob.key, "PATCH", `/v1/charts/${created.body.id}`, {
			body: { meta: { title: "Edited by Bob" } },
		});
		expect(patched.status).toBe(200);
		expect(patched.body.name).toBe("Edited by Bob");
		expect((await callJson(bob.key, "DELETE", `/v1/charts/${created.body.id}`)).status).toBe(200);
		expect((await callJson(alice.key, "GET", `/v1/charts/${created.body.id}`)).status).toBe(404);
	});

	it("parses own CSV sent as data and stores it as a content-addressed dataset", async () => {
		const { key } = await makeAccount();
		const csv = "year,a,b\n2020,1,2\n2021,3,4\n";
		const created = await callJson<{ id: string; hasData: boolean }>(key, "POST", "/v1/charts", { body: { data: csv } });
		expect(created.status).toBe(201);
		expect(created.body.hasData).toBe(true);
		const row = await env.DB.prepare("SELECT data_blob_key AS k FROM charts WHERE id = ?").bind(created.body.id).first<{ k: string }>();
		expect(row?.k).toMatch(/^data\/[0-9a-f]{64}\.json$/);
		const blob = await env.BLOBS.get(row?.k ?? "");
		expect(await blob?.json()).toEqual({
			columns: [
				{ name: "year", type: "number", values: [2020, 2021] },
				{ name: "a", type: "number", values: [1, 3] },
				{ name: "b", type: "number", values: [2, 4] },
			],
		});
	});
});
