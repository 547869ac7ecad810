/**
 * `GET /v1/charts?search=&folderId=&sort=`: the list narrowed by name and folder, ordered by
 * update or name; without parameters it is the whole workspace, newest first.
 */
import { describe, expect, it } from "vitest";
import type { ErrorBody } from "../helpers/api";
import { callJson } from "../helpers/api";
import { makeAccount } from "../helpers/factories";

interface Listed {
	charts: { id: string; name: string; folderId: string | null }[];
}

async function chart(key: string, title: string, folderId: string | null = null): Promise<string> {
	const res = await callJson<{ id: string }>(key, "POST", "/v1/charts", { body: { meta: { title }, folderId } });
	expect(res.status).toBe(201);
	return res.body.id;
}

async function names(key: string, query: string): Promise<string[]> {
	const res = await callJson<Listed>(key, "GET", `/v1/charts${query}`);
	expect(res.status).toBe(200);
	return res.body.charts.map((c) => c.name);
}

describe("GET /v1/charts filters", () => {
	it("searches names ignoring case in any script, filters by folder or root, sorts by name or update", async () => {
		const { key } = await makeAccount();
		const folder = await callJson<{ id: string }>(key, "POST", "/v1/folders", { body: { name: "Elections" } });
		await chart(key, "Seats by party", folder.body.id);
		await chart(key, "Über die Wahl", folder.body.id);
		await chart(key, "Inflation 2026");
		await chart(key, "chart 10");
		await chart(key, "chart 9");

		expect(await names(key, "")).toEqual(["chart 9", "chart 10", "Inflation 2026", "Über die Wahl", "Seats by party"]);
		expect(await names(key, "?search=%C3%BCBER")).toEqual(["Über die Wahl"]);
		expect(await names(key, "?search=CHART")).toEqual(["chart 9", "chart 10"]);
		expect(await names(key, "?search=")).toHaveLength(5);
		expect(await names(key, `?folderId=${folder.body.id}`)).toEqual(["Über die Wahl", "Seats by party"]);
		expect(await names(key, "?folderId=root&sort=name")).toEqual(["chart 9", "chart 10", "Inflation 2026"]);
		expect(await names(key, "?sort=name")).toEqual(["chart 9", "chart 10", "Inflation 2026", "Seats by party", "Über die Wahl"]);
		expect(await names(key, `?search=a&folderId=${folder.body.id}&sort=name`)).toEqual(["Seats by party", "Über die Wahl"]);
	});

	it("refuses a folder that is not the workspace's and a sort it does not know", async () => {
		const { key } = await makeAccount();
		const other = await makeAccount();
		const theirs = await callJson<{ id: string }>(other.key, "POST", "/v1/folders", { body: { name: "Theirs" } });
		const folder = await callJson<ErrorBody>(key, "GET", `/v1/charts?folderId=${theirs.body.id}`);
		expect(folder.status).toBe(422);
		expect(folder.body.error.code).toBe("invalid_folder");
		const sort = await callJson<ErrorBody>(key, "GET", "/v1/charts?sort=size");
		expect(sort.status).toBe(422);
		expect(sort.body.error.code).toBe("invalid_query");
		expect(sort.body.error.message).toContain('"updated" or "name"');
	});
});
