import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { ErrorBody } from "../../harness/workerd/api";
import { callJson } from "../../harness/workerd/api";
import { makeAccount } from "../../harness/workerd/factories";

async function snapshot(table: "charts" | "folders", id: string) {
	return env.DB.prepare(`SELECT * FROM ${table} WHERE id = ?`).bind(id).first();
}

describe("workspace isolation", () => {
	it("another workspace's key gets 404 on every chart route and changes nothing", async () => {
		const owner = await makeAccount();
		const stranger = await makeAccount();
		const chart = await callJson<{ id: string }>(owner.key, "POST", "/v1/charts", { body: { meta: { title: "Private" } } });
		const id = chart.body.id;
		const before = await snapshot("charts", id);
		const attempts: [string, string, unknown][] = [
			["GET", `/v1/charts/${id}`, undefined],
			["PATCH", `/v1/charts/${id}`, { meta: { title: "Hijacked" } }],
			["DELETE", `/v1/charts/${id}`, undefined],
			["GET", `/v1/charts/${id}/versions`, undefined],
			["GET", `/v1/charts/${id}/versions/1`, undefined],
			["POST", `/v1/charts/${id}/versions/1/restore`, undefined],
		];
		for (const [method, path, body] of attempts) {
			const res = await callJson<ErrorBody>(stranger.key, method, path, { body });
			expect(res.status, `${method} ${path}`).toBe(404);
			expect(res.body.error.code).toBe("not_found");
			expect(res.body.error.message).not.toContain("Private");
		}
		const list = await callJson<{ charts: unknown[] }>(stranger.key, "GET", "/v1/charts");
		expect(list.body.charts).toEqual([]);
		expect(await snapshot("charts", id)).toEqual(before);
	});

	it("another workspace's key gets 404 on every folder route and changes nothing", async () => {
		const owner = await makeAccount();
		const stranger = await makeAccount();
		const folder = await callJson<{ id: string }>(owner.key, "POST", "/v1/folders", { body: { name: "Private" } });
		const id = folder.body.id;
		const before = await snapshot("folders", id);
		for (const [method, body] of [
			["GET", undefined],
			["PATCH", { name: "Hijacked" }],
			["DELETE", undefined],
		] as const) {
			const res = await callJson<ErrorBody>(stranger.key, method, `/v1/folders/${id}`, { body });
			expect(res.status, method).toBe(404);
			expect(res.body.error.code).toBe("not_found");
		}
		const list = await callJson<{ folders: unknown[] }>(stranger.key, "GET", "/v1/folders");
		expect(list.body.folders).toEqual([]);
		// Nor can a stranger nest under it or file a chart in it.
		const nested = await callJson<ErrorBody>(stranger.key, "POST", "/v1/folders", { body: { name: "Child", parentId: id } });
		expect(nested.status).toBe(422);
		expect(nested.body.error.code).toBe("invalid_parent");
		expect(await snapshot("folders", id)).toEqual(before);
	});

	it("another workspace's themes cannot be used or seen", async () => {
		const owner = await makeAccount();
		const stranger = await makeAccount();
		const themeId = `th_${crypto.randomUUID()}`;
		await env.DB.prepare(
			"INSERT INTO themes (id, workspace_id, name, definition, is_default, created_at) VALUES (?, ?, 'Owner brand', '{}', 1, 0)",
		)
			.bind(themeId, owner.workspaceId)
			.run();
		const themes = await callJson<{ themes: { id: string }[] }>(stranger.key, "GET", "/v1/themes");
		expect(themes.body.themes.map((t) => t.id)).not.toContain(themeId);
		const res = await callJson<ErrorBody>(stranger.key, "POST", "/v1/charts", { body: { meta: { theme: themeId } } });
		expect(res.status).toBe(422);
		expect(res.body.error.code).toBe("invalid_theme");
	});
});
