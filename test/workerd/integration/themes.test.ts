import { describe, expect, it } from "vitest";
import { callJson } from "../../harness/workerd/api";
import { makeAccount, makeTheme } from "../../harness/workerd/factories";

interface ThemeList {
	themes: { id: string; name: string; is_default: boolean; builtIn: boolean }[];
}

describe("GET /v1/themes", () => {
	it("lists the built-ins with Classic as the only default", async () => {
		const { key } = await makeAccount();
		const res = await callJson<ThemeList>(key, "GET", "/v1/themes");
		expect(res.status).toBe(200);
		expect(res.body.themes.map((t) => t.id)).toEqual(["classic", "newsroom", "contrast", "minimal"]);
		expect(res.body.themes.filter((t) => t.is_default).map((t) => t.id)).toEqual(["classic"]);
		expect(res.body.themes.every((t) => t.builtIn)).toBe(true);
	});

	it("lists the workspace's themes first, and its default replaces Classic", async () => {
		const { key, workspaceId } = await makeAccount();
		const plain = await makeTheme(workspaceId, { name: "Plain" });
		const brand = await makeTheme(workspaceId, { name: "Brand", isDefault: true });
		const res = await callJson<ThemeList>(key, "GET", "/v1/themes");
		expect(res.body.themes.slice(0, 2)).toEqual([
			{ id: plain, name: "Plain", is_default: false, builtIn: false },
			{ id: brand, name: "Brand", is_default: true, builtIn: false },
		]);
		expect(res.body.themes.filter((t) => t.is_default).map((t) => t.id)).toEqual([brand]);
	});
});
