import { describe, expect, it } from "vitest";
import type { ErrorBody } from "../../harness/workerd/api";
import { callJson } from "../../harness/workerd/api";
import { makeAccount } from "../../harness/workerd/factories";

interface VersionList {
	versions: { version: number; action: string; authorAccountId: string; createdAt: string }[];
}

describe("chart versions", () => {
	it("records a version per write and serves each one", async () => {
		const { key, accountId } = await makeAccount();
		const created = await callJson<{ id: string }>(key, "POST", "/v1/charts", { body: { meta: { title: "One" } } });
		const id = created.body.id;
		await callJson(key, "PATCH", `/v1/charts/${id}`, { body: { kind: "pie", meta: { title: "Two" } } });
		await callJson(key, "PATCH", `/v1/charts/${id}`, { body: { meta: { title: "Three" } } });
		// A PATCH that changes nothing records nothing.
		const noop = await callJson<{ version: number }>(key, "PATCH", `/v1/charts/${id}`, { body: { meta: { title: "Three" } } });
		expect(noop.body.version).toBe(3);

		const list = await callJson<VersionList>(key, "GET", `/v1/charts/${id}/versions`);
		expect(list.status).toBe(200);
		expect(list.body.versions.map((v) => [v.version, v.action])).toEqual([
			[3, "update"],
			[2, "update"],
			[1, "create"],
		]);
		expect(list.body.versions.every((v) => v.authorAccountId === accountId)).toBe(true);

		const first = await callJson<{ version: number; action: string; chart: { name: string; kind: string; meta: { title: string } } }>(
			key,
			"GET",
			`/v1/charts/${id}/versions/1`,
		);
		expect(first.status).toBe(200);
		expect(first.body).toMatchObject({ version: 1, action: "create", chart: { name: "One", kind: "line", meta: { title: "One" } } });
	});

	it("restores an old version as a new version, keeping the folder", async () => {
		const { key } = await makeAccount();
		const folder = await callJson<{ id: string }>(key, "POST", "/v1/folders", { body: { name: "F" } });
		const created = await callJson<{ id: string }>(key, "POST", "/v1/charts", {
			body: { kind: "radar", meta: { title: "Original", w: 640 } },
		});
		const id = created.body.id;
		await callJson(key, "PATCH", `/v1/charts/${id}`, {
			body: { kind: "table", meta: { title: "Changed", w: null }, folderId: folder.body.id },
		});
		const restored = await callJson<{ name: string; kind: string; meta: Record<string, unknown>; folderId: string; version: number }>(
			key,
			"POST",
			`/v1/charts/${id}/versions/1/restore`,
		);
		expect(restored.status).toBe(200);
		expect(restored.headers.get("ETag")).toBe('"3"');
		expect(restored.body).toMatchObject({
			name: "Original",
			kind: "radar",
			meta: { title: "Original", w: 640 },
			folderId: folder.body.id,
			version: 3,
		});
		const list = await callJson<VersionList>(key, "GET", `/v1/charts/${id}/versions`);
		expect(list.body.versions[0]).toMatchObject({ version: 3, action: "restore" });
		// The restored-over version is still there.
		const second = await callJson<{ chart: { name: string } }>(key, "GET", `/v1/charts/${id}/versions/2`);
		expect(second.body.chart.name).toBe("Changed");
	});

	it("answers 404 for a version that does not exist or is not a number", async () => {
		const { key } = await makeAccount();
		const created = await callJson<{ id: string }>(key, "POST", "/v1/charts", { body: {} });
		for (const n of ["9", "0", "abc", "1.5"]) {
			const res = await callJson<ErrorBody>(key, "GET", `/v1/charts/${created.body.id}/versions/${n}`);
			expect(res.status, n).toBe(404);
			expect(res.body.error.code).toBe("not_found");
		}
		const restore = await callJson<ErrorBody>(key, "POST", `/v1/charts/${created.body.id}/versions/9/restore`);
		expect(restore.status).toBe(404);
	});

	it("honours If-Match on restore", async () => {
		const { key } = await makeAccount();
		const created = await callJson<{ id: string }>(key, "POST", "/v1/charts", { body: {} });
		await callJson(key, "PATCH", `/v1/charts/${created.body.id}`, { body: { meta: { title: "x" } } });
		const res = await callJson<ErrorBody>(key, "POST", `/v1/charts/${created.body.id}/versions/1/restore`, {
			headers: { "If-Match": '"1"' },
		});
		expect(res.status).toBe(412);
		expect(res.body.error.code).toBe("precondition_failed");
	});
});
