/**
 * The chart list's counts and ETag come from a small table the triggers keep
 * (migrations/0014_chart_list_counts.sql), not from reading every chart: they must follow every
 * way a chart comes, goes or changes folder, and a write to a field the list does not show
 * must leave the ETag alone.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, callJson } from "../../harness/workerd/api";
import { makeAccount } from "../../harness/workerd/factories";

interface Page {
	charts: { id: string; name: string }[];
	total: number;
	folderCounts: Record<string, number>;
}

async function firstPage(key: string, query = ""): Promise<Page> {
	const res = await callJson<Page>(key, "GET", `/v1/charts?limit=2${query}`);
	expect(res.status).toBe(200);
	return res.body;
}

async function folder(key: string, name: string, parentId: string | null = null): Promise<string> {
	const res = await callJson<{ id: string }>(key, "POST", "/v1/folders", { body: { name, parentId } });
	expect(res.status).toBe(201);
	return res.body.id;
}

async function chart(key: string, title: string, folderId: string | null): Promise<string> {
	const res = await callJson<{ id: string }>(key, "POST", "/v1/charts", { body: { meta: { title }, folderId } });
	expect(res.status).toBe(201);
	return res.body.id;
}

describe("GET /v1/charts counts kept beside the charts", () => {
	it("follows new charts, moves, deleted charts and deleted folders, per workspace", async () => {
		const { key } = await makeAccount();
		const other = await makeAccount();
		await chart(other.key, "Someone else's", null);
		const elections = await folder(key, "Elections");
		const results = await folder(key, "Results", elections);
		const seats = await chart(key, "Seats", results);
		const turnout = await chart(key, "Turnout", results);
		await chart(key, "Polls", elections);
		const loose = await chart(key, "Loose", null);

		expect(await firstPage(key)).toMatchObject({ total: 4, folderCounts: { root: 1, [elections]: 1, [results]: 2 } });
		expect((await firstPage(key, `&folderId=${results}`)).total).toBe(2);
		expect((await firstPage(key, "&folderId=root")).total).toBe(1);

		expect((await callJson(key, "PATCH", `/v1/charts/${seats}`, { body: { folderId: null } })).status).toBe(200);
		expect((await firstPage(key)).folderCounts).toEqual({ root: 2, [elections]: 1, [results]: 1 });

		expect((await callJson(key, "DELETE", `/v1/charts/${loose}`)).status).toBe(200);
		expect((await callJson(key, "DELETE", `/v1/charts/${turnout}`)).status).toBe(200);
		// A folder's count that falls to nothing leaves it out, as a folder with no chart always was.
		expect(await firstPage(key)).toMatchObject({ total: 2, folderCounts: { root: 1, [elections]: 1 } });

		// Deleting a folder files its charts in its parent.
		await chart(key, "Majority", results);
		expect((await callJson(key, "DELETE", `/v1/folders/${results}`)).status).toBe(200);
		expect(await firstPage(key)).toMatchObject({ total: 3, folderCounts: { root: 1, [elections]: 2 } });
		expect((await firstPage(other.key)).folderCounts).toEqual({ root: 1 });

		// What the table holds is what the charts say.
		const stored = await env.DB.prepare(
			`SELECT (SELECT count(*) FROM charts WHERE workspace_id = w.id) AS charts,
			   (SELECT sum(charts) FROM chart_list_counts WHERE workspace_id = w.id) AS kept
			 FROM workspaces w WHERE w.id = (SELECT workspace_id FROM charts WHERE id = ?)`,
		)
			.bind(seats)
			.first<{ charts: number; kept: number }>();
		expect(stored).toEqual({ charts: 3, kept: 3 });
	});

	it("changes the ETag on a move, and not on a write to a field the list does not show", async () => {
		const { key } = await makeAccount();
		const economy = await folder(key, "Economy");
		const id = await chart(key, "Wages", null);
		const etagOf = async () => (await call(key, "GET", "/v1/charts")).headers.get("ETag");
		const before = await etagOf();
		await env.DB.prepare("UPDATE charts SET link_claimed_until = 1 WHERE id = ?").bind(id).run();
		expect(await etagOf()).toBe(before);
		expect((await callJson(key, "PATCH", `/v1/charts/${id}`, { body: { folderId: economy } })).status).toBe(200);
		const moved = await call(key, "GET", "/v1/charts", { headers: { "If-None-Match": before ?? "" } });
		expect(moved.status).toBe(200);
		expect(moved.headers.get("ETag")).not.toBe(before);
	});
});
