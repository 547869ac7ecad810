/**
 * `POST /v1/charts/{id}/copy`: the copy has the source's kind, meta, data and folder unless the
 * body overrides them; the source is untouched; another workspace's chart is 404.
 */
import { describe, expect, it } from "vitest";
import type { ErrorBody } from "../../harness/workerd/api";
import { call, callJson } from "../../harness/workerd/api";
import { makeAccount } from "../../harness/workerd/factories";
import { loadLibrary } from "../../harness/workerd/library";

interface FullChart {
	id: string;
	name: string;
	kind: string;
	series: string[];
	meta: Record<string, unknown>;
	hasData: boolean;
	folderId: string | null;
	published: unknown;
	version: number;
	seriesReferences: unknown[];
}

const csv = "party,seats 2022,seats 2026\nGreens,12,19\nLabour,41,38\n";

async function source(key: string, folderId: string | null = null): Promise<string> {
	const res = await callJson<{ id: string }>(key, "POST", "/v1/charts", {
		body: { kind: "horizontal-bar", data: csv, folderId, meta: { title: "Seats", subtitle: "2026", mode: "dark", notes: "kept" } },
	});
	expect(res.status).toBe(201);
	return res.body.id;
}

async function read(key: string, id: string): Promise<FullChart> {
	const res = await callJson<FullChart>(key, "GET", `/v1/charts/${id}`);
	expect(res.status).toBe(200);
	return res.body;
}

describe("POST /v1/charts/{id}/copy", () => {
	it("without a body copies kind, meta, data and folder into a new chart at version 1", async () => {
		const { key } = await makeAccount();
		const folder = await callJson<{ id: string }>(key, "POST", "/v1/folders", { body: { name: "Elections" } });
		const id = await source(key, folder.body.id);
		await call(key, "POST", `/v1/charts/${id}/publish`).then((r) => r.body?.cancel());
		const copied = await call(key, "POST", `/v1/charts/${id}/copy`);
		expect(copied.status).toBe(201);
		const created = (await copied.json()) as { id: string };
		expect(copied.headers.get("Location")).toBe(`/v1/charts/${created.id}`);
		const copy = await read(key, created.id);
		const original = await read(key, id);
		expect(copy.id).not.toBe(id);
		expect(copy).toMatchObject({
			kind: "horizontal-bar",
			name: "Seats",
			folderId: folder.body.id,
			hasData: true,
			published: null,
			version: 1,
		});
		expect(copy.meta).toEqual(original.meta);
		expect(copy.series).toEqual(["seats 2022", "seats 2026"]);
		const exported = await call(key, "GET", `/v1/charts/${created.id}/export/csv`);
		expect(await exported.text()).toBe(`${csv}`);
		expect(original.version).toBe(2);
	});

	it("merges meta as a merge patch, replaces the data with a CSV and files the copy elsewhere", async () => {
		const { key } = await makeAccount();
		const id = await source(key);
		const copied = await callJson<{ id: string; name: string; folderId: string | null }>(key, "POST", `/v1/charts/${id}/copy`, {
			body: { meta: { title: "Seats in Oslo", notes: null }, data: "party,seats\nGreens,3\nLabour,7\n", folderId: null },
		});
		expect(copied.status).toBe(201);
		expect(copied.body.name).toBe("Seats in Oslo");
		const copy = await read(key, copied.body.id);
		expect(copy.meta).toEqual({ title: "Seats in Oslo", subtitle: "2026", mode: "dark" });
		expect(copy.series).toEqual(["seats"]);
		expect((await read(key, id)).meta).toMatchObject({ title: "Seats", notes: "kept" });
	});

	it("replaces the data with library series for a line chart, keeping its settings", async () => {
		await loadLibrary();
		const { key } = await makeAccount();
		const created = await callJson<{ id: string }>(key, "POST", "/v1/charts", {
			body: { series: [{ statistic: "gapminder.life_expect.china" }], meta: { title: "Life expectancy" } },
		});
		const copied = await callJson<{ id: string }>(key, "POST", `/v1/charts/${created.body.id}/copy`, {
			body: { series: [{ source: "gapminder", select: { country: "India", indicator: "life_expect" } }] },
		});
		expect(copied.status).toBe(201);
		const copy = await read(key, copied.body.id);
		expect(copy.series).toEqual(["India"]);
		expect(copy.meta).toEqual({ title: "Life expectancy" });
	});

	it("refuses what it cannot copy: another workspace's chart, a foreign folder, data and series together, a transform of a series the new data lacks", async () => {
		const { key } = await makeAccount();
		const other = await makeAccount();
		const id = await source(key);
		const theirs = await source(other.key);
		expect((await callJson<ErrorBody>(key, "POST", `/v1/charts/${theirs}/copy`)).status).toBe(404);
		const folder = await callJson<{ id: string }>(other.key, "POST", "/v1/folders", { body: { name: "Theirs" } });
		const foreign = await callJson<ErrorBody>(key, "POST", `/v1/charts/${id}/copy`, { body: { folderId: folder.body.id } });
		expect([foreign.status, foreign.body.error.code]).toEqual([422, "invalid_folder"]);
		const both = await callJson<ErrorBody>(key, "POST", `/v1/charts/${id}/copy`, { body: { data: csv, series: [] } });
		expect([both.status, both.body.error.code]).toEqual([422, "invalid_body"]);
		const transform = await callJson<ErrorBody>(key, "POST", `/v1/charts/${id}/copy`, {
			body: { meta: { seriesTransform: { "seats 2026": { hidden: true } } }, data: "party,votes\nGreens,3\n" },
		});
		expect([transform.status, transform.body.error.code]).toEqual([422, "invalid_transform"]);
		const list = await callJson<{ charts: unknown[] }>(key, "GET", "/v1/charts");
		expect(list.body.charts).toHaveLength(1);
	});
});
