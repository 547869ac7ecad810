import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { ErrorBody } from "../../harness/workerd/api";
import { callJson } from "../../harness/workerd/api";
import { makeAccount } from "../../harness/workerd/factories";

interface Folder {
	id: string;
	name: string;
	parentId: string | null;
	workspaceId: string;
}

async function folder(key: string, name: string, parentId?: string): Promise<Folder> {
	const res = await callJson<Folder>(key, "POST", "/v1/folders", { body: { name, parentId } });
	expect(res.status).toBe(201);
	return res.body;
}

async function chartIn(key: string, folderId: string | null): Promise<string> {
	const res = await callJson<{ id: string; folderId: string | null }>(key, "POST", "/v1/charts", { body: { folderId } });
	expect(res.status).toBe(201);
	expect(res.body.folderId).toBe(folderId);
	return res.body.id;
}

describe("folders: happy paths", () => {
	it("creates, reads, lists, renames and moves folders", async () => {
		const { key, workspaceId } = await makeAccount();
		const top = await folder(key, "  Elections  ");
		expect(top).toMatchObject({ name: "Elections", parentId: null, workspaceId });
		const child = await folder(key, "2026", top.id);
		expect(child.parentId).toBe(top.id);
		expect(child.workspaceId).toBe(workspaceId);

		const got = await callJson<Folder>(key, "GET", `/v1/folders/${child.id}`);
		expect(got.body).toMatchObject({ id: child.id, name: "2026", parentId: top.id });

		const list = await callJson<{ folders: Folder[] }>(key, "GET", "/v1/folders");
		expect(list.body.folders.map((f) => f.id)).toEqual([top.id, child.id]);

		const renamed = await callJson<Folder>(key, "PATCH", `/v1/folders/${child.id}`, { body: { name: "Midterms 2026" } });
		expect(renamed.status).toBe(200);
		expect(renamed.body).toMatchObject({ name: "Midterms 2026", parentId: top.id });

		const moved = await callJson<Folder>(key, "PATCH", `/v1/folders/${child.id}`, { body: { parentId: null } });
		expect(moved.body).toMatchObject({ name: "Midterms 2026", parentId: null });
		const row = await env.DB.prepare("SELECT name, parent_id FROM folders WHERE id = ?").bind(child.id).first();
		expect(row).toEqual({ name: "Midterms 2026", parent_id: null });
	});

	it("files a chart in a folder and unfiles it with PATCH folderId", async () => {
		const { key } = await makeAccount();
		const f = await folder(key, "Drafts");
		const id = await chartIn(key, null);
		const filed = await callJson<{ folderId: string }>(key, "PATCH", `/v1/charts/${id}`, { body: { folderId: f.id } });
		expect(filed.status).toBe(200);
		expect(filed.body.folderId).toBe(f.id);
		const listed = await callJson<{ charts: { id: string; folderId: string }[] }>(key, "GET", "/v1/charts");
		expect(listed.body.charts.find((c) => c.id === id)?.folderId).toBe(f.id);
		const unfiled = await callJson<{ folderId: null }>(key, "PATCH", `/v1/charts/${id}`, { body: { folderId: null } });
		expect(unfiled.body.folderId).toBeNull();
	});

	it("deleting a folder moves its charts and subfolders up one level and loses nothing", async () => {
		const { key } = await makeAccount();
		const root = await folder(key, "Root");
		const middle = await folder(key, "Middle", root.id);
		const leafA = await folder(key, "Leaf A", middle.id);
		const leafB = await folder(key, "Leaf B", middle.id);
		const inMiddle = [await chartIn(key, middle.id), await chartIn(key, middle.id)];
		const inLeaf = await chartIn(key, leafA.id);
		const atRoot = await chartIn(key, root.id);

		const deleted = await callJson(key, "DELETE", `/v1/folders/${middle.id}`);
		expect(deleted.status).toBe(200);
		expect(deleted.body).toEqual({ deleted: true });

		expect((await callJson(key, "GET", `/v1/folders/${middle.id}`)).status).toBe(404);
		const folders = await callJson<{ folders: Folder[] }>(key, "GET", "/v1/folders");
		const parents = Object.fromEntries(folders.body.folders.map((f) => [f.id, f.parentId]));
		expect(parents).toEqual({ [root.id]: null, [leafA.id]: root.id, [leafB.id]: root.id });

		const charts = await callJson<{ charts: { id: string; folderId: string | null }[] }>(key, "GET", "/v1/charts");
		const filed = Object.fromEntries(charts.body.charts.map((c) => [c.id, c.folderId]));
		expect(filed).toEqual({ [inMiddle[0] as string]: root.id, [inMiddle[1] as string]: root.id, [inLeaf]: leafA.id, [atRoot]: root.id });

		// A moved chart gets a new version, so its ETag follows its folder.
		const moved = await callJson<{ version: number }>(key, "GET", `/v1/charts/${inMiddle[0]}`);
		expect(moved.body.version).toBe(2);
		expect(moved.headers.get("ETag")).toBe('"2"');
		const versions = await callJson<{ versions: { action: string }[] }>(key, "GET", `/v1/charts/${inMiddle[0]}/versions`);
		expect(versions.body.versions[0]?.action).toBe("move");
	});

	it("deleting a top-level folder moves its content to the top level", async () => {
		const { key } = await makeAccount();
		const top = await folder(key, "Top");
		const sub = await folder(key, "Sub", top.id);
		const chart = await chartIn(key, top.id);
		await callJson(key, "DELETE", `/v1/folders/${top.id}`);
		expect((await callJson<Folder>(key, "GET", `/v1/folders/${sub.id}`)).body.parentId).toBeNull();
		expect((await callJson<{ folderId: null }>(key, "GET", `/v1/charts/${chart}`)).body.folderId).toBeNull();
	});

	it("a teammate sees and changes the team's folders", async () => {
		const alice = await makeAccount();
		const bob = await makeAccount({ workspaceId: alice.workspaceId });
		const f = await folder(alice.key, "Team");
		const list = await callJson<{ folders: Folder[] }>(bob.key, "GET", "/v1/folders");
		expect(list.body.folders.map((x) => x.id)).toEqual([f.id]);
		expect((await callJson(bob.key, "PATCH", `/v1/folders/${f.id}`, { body: { name: "Renamed" } })).status).toBe(200);
	});
});

describe("folders: errors", () => {
	it("refuses a missing or empty name", async () => {
		const { key } = await makeAccount();
		for (const body of [{}, { name: "   " }, { name: 3 }, { name: "n".repeat(301) }]) {
			const res = await callJson<ErrorBody>(key, "POST", "/v1/folders", { body });
			expect(res.status).toBe(422);
			expect(res.body.error.code).toBe("invalid_body");
			expect((res.body.error.details as { path: string }).path).toBe("name");
		}
	});

	it("refuses an unknown parent", async () => {
		const { key } = await makeAccount();
		const res = await callJson<ErrorBody>(key, "POST", "/v1/folders", { body: { name: "x", parentId: "fd_nope" } });
		expect(res.status).toBe(422);
		expect(res.body.error.code).toBe("invalid_parent");
		expect(res.body.error.message).toContain("fd_nope");
	});

	it("refuses to make a folder its own parent or move it beneath itself", async () => {
		const { key } = await makeAccount();
		const a = await folder(key, "A");
		const b = await folder(key, "B", a.id);
		const c = await folder(key, "C", b.id);
		const self = await callJson<ErrorBody>(key, "PATCH", `/v1/folders/${a.id}`, { body: { parentId: a.id } });
		expect(self.status).toBe(422);
		expect(self.body.error.code).toBe("invalid_parent");
		expect(self.body.error.message).toContain("own parent");
		const cycle = await callJson<ErrorBody>(key, "PATCH", `/v1/folders/${a.id}`, { body: { parentId: c.id } });
		expect(cycle.status).toBe(422);
		expect(cycle.body.error.code).toBe("invalid_parent");
		expect(cycle.body.error.message).toContain("beneath itself");
		const row = await env.DB.prepare("SELECT parent_id FROM folders WHERE id = ?").bind(a.id).first("parent_id");
		expect(row).toBeNull();
	});

	it("never lets two concurrent moves make a cycle", async () => {
		const { key } = await makeAccount();
		const a = await folder(key, "A");
		const b = await folder(key, "B");
		const [ab, ba] = await Promise.all([
			callJson(key, "PATCH", `/v1/folders/${a.id}`, { body: { parentId: b.id } }),
			callJson(key, "PATCH", `/v1/folders/${b.id}`, { body: { parentId: a.id } }),
		]);
		expect([ab.status, ba.status].sort()).toEqual([200, 422]);
		const rows = await env.DB.prepare("SELECT id, parent_id FROM folders WHERE id IN (?, ?)")
			.bind(a.id, b.id)
			.all<{ parent_id: string | null }>();
		expect(rows.results.filter((r) => r.parent_id === null)).toHaveLength(1);
	});

	it("answers 404 for unknown folders", async () => {
		const { key } = await makeAccount();
		for (const method of ["GET", "PATCH", "DELETE"]) {
			const res = await callJson<ErrorBody>(key, method, "/v1/folders/fd_nope", { body: method === "PATCH" ? { name: "x" } : undefined });
			expect(res.status).toBe(404);
			expect(res.body.error.code).toBe("not_found");
		}
	});
});
