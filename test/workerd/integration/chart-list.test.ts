/**
 * `GET /v1/charts?search=&folderId=&sort=&limit=&cursor=`: the list narrowed by name, notes and
 * folder, ordered by update or name; without parameters it is the whole workspace, newest first;
 * with `limit`, one page with a cursor to the next; always with an ETag that answers 304 while
 * nothing changed.
 */
import { describe, expect, it } from "vitest";
import type { ErrorBody } from "../../harness/workerd/api";
import { call, callJson } from "../../harness/workerd/api";
import { makeAccount } from "../../harness/workerd/factories";

interface Listed {
	charts: { id: string; name: string; folderId: string | null }[];
	nextCursor?: string | null;
	total?: number;
	folderCounts?: Record<string, number>;
}

async function chart(key: string, title: string, folderId: string | null = null, notes?: string): Promise<string> {
	const meta = notes === undefined ? { title } : { title, notes };
	const res = await callJson<{ id: string }>(key, "POST", "/v1/charts", { body: { meta, folderId } });
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

	it("searches notes too, and a chart renamed or deleted is found by its new name only", async () => {
		const { key } = await makeAccount();
		const wages = await chart(key, "Wages by region", null, "Source: national statistics office, seasonally adjusted");
		await chart(key, "Rents", null, "Median asking rents");
		expect(await names(key, "?search=seasonally")).toEqual(["Wages by region"]);
		expect(await names(key, "?search=ed")).toEqual(["Rents", "Wages by region"]);
		const renamed = await callJson(key, "PATCH", `/v1/charts/${wages}`, { body: { meta: { title: "Pay by region" } } });
		expect(renamed.status).toBe(200);
		expect(await names(key, "?search=wages")).toEqual([]);
		expect(await names(key, "?search=pay by")).toEqual(["Pay by region"]);
		expect((await callJson(key, "DELETE", `/v1/charts/${wages}`)).status).toBe(200);
		expect(await names(key, "?search=region")).toEqual([]);
	});

	it("answers pages that together are the whole list, in either order, with total and counts per folder", async () => {
		const { key } = await makeAccount();
		const folder = await callJson<{ id: string }>(key, "POST", "/v1/folders", { body: { name: "Economy" } });
		for (let i = 1; i <= 7; i++) await chart(key, `Series ${i}`, i % 2 === 0 ? folder.body.id : null);
		for (const sort of ["updated", "name"]) {
			const whole = await names(key, `?sort=${sort}`);
			const paged: string[] = [];
			let cursor: string | null | undefined = null;
			let pages = 0;
			do {
				const res: { status: number; body: Listed } = await callJson<Listed>(
					key,
					"GET",
					`/v1/charts?sort=${sort}&limit=3${cursor ? `&cursor=${cursor}` : ""}`,
				);
				expect(res.status).toBe(200);
				expect(res.body.charts.length).toBeLessThanOrEqual(3);
				expect(res.body.total).toBe(7);
				expect(res.body.folderCounts).toEqual({ root: 4, [folder.body.id]: 3 });
				paged.push(...res.body.charts.map((c) => c.name));
				cursor = res.body.nextCursor;
				pages++;
			} while (cursor);
			expect(pages).toBe(3);
			expect(paged).toEqual(whole);
		}
		const searched = await callJson<Listed>(key, "GET", `/v1/charts?search=series&folderId=${folder.body.id}&limit=2`);
		expect(searched.body.total).toBe(3);
		expect(searched.body.folderCounts).toEqual({ root: 4, [folder.body.id]: 3 });
		expect(searched.body.charts.map((c) => c.name)).toEqual(["Series 6", "Series 4"]);
		const whole = await callJson<Listed>(key, "GET", "/v1/charts");
		expect(Object.keys(whole.body)).toEqual(["charts"]);
	});

	it("neither repeats nor skips a chart when one is added between pages", async () => {
		const { key } = await makeAccount();
		for (let i = 1; i <= 4; i++) await chart(key, `Poll ${i}`);
		const first = await callJson<Listed>(key, "GET", "/v1/charts?limit=2");
		await chart(key, "Poll 5");
		const second = await callJson<Listed>(key, "GET", `/v1/charts?limit=2&cursor=${first.body.nextCursor}`);
		expect([...first.body.charts, ...second.body.charts].map((c) => c.name)).toEqual(["Poll 4", "Poll 3", "Poll 2", "Poll 1"]);
		expect(second.body.nextCursor).toBeNull();
	});

	it("answers 304 to its own ETag until a chart changes", async () => {
		const { key } = await makeAccount();
		const id = await chart(key, "Turnout");
		const first = await call(key, "GET", "/v1/charts");
		const etag = first.headers.get("ETag");
		expect(etag).toMatch(/^W\/"[0-9a-f]+"$/);
		expect(first.headers.get("Cache-Control")).toBe("private, no-cache");
		const again = await call(key, "GET", "/v1/charts", { headers: { "If-None-Match": etag ?? "" } });
		expect(again.status).toBe(304);
		expect(await again.text()).toBe("");
		const otherQuery = await call(key, "GET", "/v1/charts?sort=name", { headers: { "If-None-Match": etag ?? "" } });
		expect(otherQuery.status).toBe(200);
		expect((await callJson(key, "PATCH", `/v1/charts/${id}`, { body: { meta: { title: "Turnout 2026" } } })).status).toBe(200);
		const changed = await call(key, "GET", "/v1/charts", { headers: { "If-None-Match": etag ?? "" } });
		expect(changed.status).toBe(200);
		expect(changed.headers.get("ETag")).not.toBe(etag);
		expect(((await changed.json()) as Listed).charts.map((c) => c.name)).toEqual(["Turnout 2026"]);
	});

	it("refuses a limit out of range, a cursor without limit, a cursor of another sort and a made-up cursor", async () => {
		const { key } = await makeAccount();
		await chart(key, "One");
		await chart(key, "Two");
		const page = await callJson<Listed>(key, "GET", "/v1/charts?limit=1");
		const refusals: [string, string][] = [
			["?limit=0", "from 1 to 1000"],
			["?limit=1001", "from 1 to 1000"],
			["?limit=ten", "from 1 to 1000"],
			[`?cursor=${page.body.nextCursor}`, "cursor needs limit"],
			[`?limit=1&sort=name&cursor=${page.body.nextCursor}`, "sort=updated"],
			["?limit=1&cursor=not-a-cursor", "nextCursor of an earlier page"],
		];
		for (const [query, words] of refusals) {
			const res = await callJson<ErrorBody>(key, "GET", `/v1/charts${query}`);
			expect(res.status, query).toBe(422);
			expect(res.body.error.code, query).toBe("invalid_query");
			expect(res.body.error.message, query).toContain(words);
		}
	});
});
