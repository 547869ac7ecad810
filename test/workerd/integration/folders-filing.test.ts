/**
 * Filing is not editing: moving a chart between folders, or deleting the
 * folder it is in, gives it a new version (its ETag follows its folder) but leaves the list's
 * `updatedAt` as it was, so "edited …" and the Updated sort show the last real edit. A move
 * together with a real change is an edit.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { callJson } from "../../harness/workerd/api";
import { makeAccount } from "../../harness/workerd/factories";

interface ListItem {
	id: string;
	updatedAt: string;
	folderId: string | null;
}

async function listed(key: string): Promise<ListItem[]> {
	const res = await callJson<{ charts: ListItem[] }>(key, "GET", "/v1/charts");
	expect(res.status).toBe(200);
	return res.body.charts;
}

/** Sets a chart's `updated_at` into the past, so a write "now" would show. */
async function editedLongAgo(id: string, at: number): Promise<void> {
	await env.DB.prepare("UPDATE charts SET updated_at = ?1 WHERE id = ?2").bind(at, id).run();
}

async function newFolder(key: string, name: string): Promise<string> {
	const res = await callJson<{ id: string }>(key, "POST", "/v1/folders", { body: { name } });
	expect(res.status).toBe(201);
	return res.body.id;
}

async function newChart(key: string, folderId: string | null, title: string): Promise<string> {
	const res = await callJson<{ id: string }>(key, "POST", "/v1/charts", { body: { folderId, meta: { title } } });
	expect(res.status).toBe(201);
	return res.body.id;
}

describe("filing a chart is not editing it", () => {
	const longAgo = Date.UTC(2026, 0, 5, 9, 30);

	it("keeps updatedAt and the Updated order when a chart moves to another folder, with a new version", async () => {
		const { key } = await makeAccount();
		const target = await newFolder(key, "Archive");
		const older = await newChart(key, null, "Older");
		const newer = await newChart(key, null, "Newer");
		await editedLongAgo(older, longAgo);
		await editedLongAgo(newer, longAgo + 60_000);

		const moved = await callJson<{ version: number }>(key, "PATCH", `/v1/charts/${older}`, { body: { folderId: target } });
		expect(moved.status).toBe(200);
		expect(moved.headers.get("ETag")).toBe('"2"');

		const charts = await listed(key);
		expect(charts.map((chart) => chart.id)).toEqual([newer, older]);
		expect(charts.find((chart) => chart.id === older)).toMatchObject({ folderId: target, updatedAt: new Date(longAgo).toISOString() });
		const versions = await callJson<{ versions: { action: string }[] }>(key, "GET", `/v1/charts/${older}/versions`);
		expect(versions.body.versions[0]?.action).toBe("move");
	});

	it("keeps updatedAt of every chart in a deleted folder", async () => {
		const { key } = await makeAccount();
		const folder = await newFolder(key, "Elections");
		const inside = await newChart(key, folder, "Seats");
		await editedLongAgo(inside, longAgo);

		expect((await callJson(key, "DELETE", `/v1/folders/${folder}`)).status).toBe(200);
		const charts = await listed(key);
		expect(charts.find((chart) => chart.id === inside)).toMatchObject({ folderId: null, updatedAt: new Date(longAgo).toISOString() });
		const chart = await callJson<{ version: number }>(key, "GET", `/v1/charts/${inside}`);
		expect(chart.headers.get("ETag")).toBe('"2"');
	});

	it("counts a move together with a change of the chart as an edit", async () => {
		const { key } = await makeAccount();
		const target = await newFolder(key, "Economy");
		const id = await newChart(key, null, "Prices");
		await editedLongAgo(id, longAgo);
		const res = await callJson(key, "PATCH", `/v1/charts/${id}`, { body: { folderId: target, meta: { title: "Prices, again" } } });
		expect(res.status).toBe(200);
		const item = (await listed(key)).find((chart) => chart.id === id);
		expect(Date.parse(item?.updatedAt ?? "")).toBeGreaterThan(longAgo);
		const versions = await callJson<{ versions: { action: string }[] }>(key, "GET", `/v1/charts/${id}/versions`);
		expect(versions.body.versions[0]?.action).toBe("update");
	});
});
