/**
 * Version summaries through the API: each version's `summary`, consecutive same-field autosaves by
 * one person listed as one item (every version still readable, the ETag still new per write),
 * restore and data summaries, and versions stored before summaries.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { callJson } from "../../harness/workerd/api";
import { makeAccount, makeTheme } from "../../harness/workerd/factories";

interface Listed {
	version: number;
	firstVersion: number;
	action: string;
	authorAccountId: string;
	summary: string;
}

async function versions(key: string, id: string): Promise<Listed[]> {
	const list = await callJson<{ versions: Listed[] }>(key, "GET", `/v1/charts/${id}/versions`);
	expect(list.status).toBe(200);
	return list.body.versions;
}

const csv = (text: string) => ({ rawBody: text, headers: { "Content-Type": "text/csv" } });

describe("version summaries", () => {
	it("says what each write changed: title, kind, theme, data, restore, publish", async () => {
		const { key, workspaceId } = await makeAccount();
		const brand = await makeTheme(workspaceId, { name: "Newsroom brand" });
		const created = await callJson<{ id: string }>(key, "POST", "/v1/charts", { body: { kind: "line", meta: { title: "Seats" } } });
		const id = created.body.id;
		expect((await callJson(key, "PUT", `/v1/charts/${id}/data`, csv("year,A,B\n2000,1,2\n2001,3,4\n"))).status).toBe(200);
		expect((await callJson(key, "PATCH", `/v1/charts/${id}`, { body: { kind: "horizontal-bar", meta: { theme: brand } } })).status).toBe(
			200,
		);
		expect((await callJson(key, "PUT", `/v1/charts/${id}/data`, csv("year,A,B,C\n2000,1,2,3\n2001,3,4,5\n2002,5,6,7\n"))).status).toBe(200);
		expect((await callJson(key, "POST", `/v1/charts/${id}/versions/2/restore`)).status).toBe(200);
		expect((await callJson(key, "POST", `/v1/charts/${id}/publish`)).status).toBe(200);

		const listed = await versions(key, id);
		expect(listed.map((v) => [v.version, v.action, v.summary])).toEqual([
			[6, "publish", "Published"],
			[
				5,
				"restore",
				"Restored version 2: Kind: horizontal-bar → line; Data: 3 → 2 rows, 4 → 3 columns, removed 'C'; Theme: Newsroom brand → the workspace default",
			],
			[4, "data", "Data: 2 → 3 rows, 3 → 4 columns, added 'C'"],
			[3, "update", "Kind: line → horizontal-bar; Theme: the workspace default → Newsroom brand"],
			[2, "data", "Data added (2 rows × 3 columns)"],
			[1, "create", "Created"],
		]);
		expect(listed.every((v) => v.firstVersion === v.version)).toBe(true);
		const one = await callJson<{ summary: string }>(key, "GET", `/v1/charts/${id}/versions/4`);
		expect(one.body.summary).toBe("Data: 2 → 3 rows, 3 → 4 columns, added 'C'");
	});

	it("lists a person's autosaves of one field within a minute as one item, each still a version with its own ETag", async () => {
		const { key, workspaceId } = await makeAccount();
		const teammate = await makeAccount({ workspaceId });
		const created = await callJson<{ id: string }>(key, "POST", "/v1/charts", { body: { meta: { title: "S" } } });
		const id = created.body.id;
		const etags: (string | null)[] = [];
		for (const title of ["Se", "Sea", "Seats"]) {
			const patched = await callJson(key, "PATCH", `/v1/charts/${id}`, { body: { meta: { title } } });
			expect(patched.status).toBe(200);
			etags.push(patched.headers.get("ETag"));
		}
		expect(etags).toEqual(['"2"', '"3"', '"4"']);
		// Another field, then another person: new items.
		await callJson(key, "PATCH", `/v1/charts/${id}`, { body: { meta: { subtitle: "2024" } } });
		await callJson(teammate.key, "PATCH", `/v1/charts/${id}`, { body: { meta: { subtitle: "2024 election" } } });

		const listed = await versions(key, id);
		expect(listed.map((v) => [v.version, v.firstVersion, v.summary])).toEqual([
			[6, 6, "Subtitle: '2024' → '2024 election'"],
			[5, 5, "Subtitle set to '2024'"],
			[4, 2, "Title: 'S' → 'Seats'"],
			[1, 1, "Created"],
		]);
		expect(listed[0]?.authorAccountId).toBe(teammate.accountId);
		// The folded versions are still there to read and restore.
		const middle = await callJson<{ chart: { meta: { title: string } } }>(key, "GET", `/v1/charts/${id}/versions/3`);
		expect(middle.body.chart.meta.title).toBe("Sea");

		// More than a minute after the item's first version: a new item.
		await env.DB.prepare("UPDATE chart_versions SET created_at = created_at - 120000 WHERE chart_id = ? AND version <= 6").bind(id).run();
		await callJson(teammate.key, "PATCH", `/v1/charts/${id}`, { body: { meta: { subtitle: "General election" } } });
		expect((await versions(key, id)).slice(0, 2).map((v) => [v.version, v.firstVersion])).toEqual([
			[7, 7],
			[6, 6],
		]);
	});

	it("names columns left out of the chart, and says the action for versions stored before summaries", async () => {
		const { key } = await makeAccount();
		const created = await callJson<{ id: string }>(key, "POST", "/v1/charts", { body: { kind: "line" } });
		const id = created.body.id;
		await callJson(key, "PUT", `/v1/charts/${id}/data`, csv("year,A,B\n2000,1,2\n"));
		await callJson(key, "PATCH", `/v1/charts/${id}`, { body: { meta: { seriesTransform: { B: { hidden: true } } } } });
		expect((await versions(key, id))[0]?.summary).toBe("Left 'B' out of the chart");

		await env.DB.prepare("UPDATE chart_versions SET summary = NULL, changes = NULL WHERE chart_id = ?").bind(id).run();
		expect((await versions(key, id)).map((v) => v.summary)).toEqual(["Edited settings", "Replaced the data", "Created"]);
	});

	it("names the cells an edit of the table changed, or counts them by column", async () => {
		const { key } = await makeAccount();
		const created = await callJson<{ id: string }>(key, "POST", "/v1/charts", {
			body: { kind: "line", data: "year,North,South\n2019,10,14\n2020,12,13\n2021,15,11\n2022,14,16\n" },
		});
		const id = created.body.id;
		const put = async (text: string) => expect((await callJson(key, "PUT", `/v1/charts/${id}/data`, csv(text))).status).toBe(200);
		await put("year,North,South\n2019,10,14\n2020,12.5,13\n2021,15,11\n2022,14,16\n");
		expect((await versions(key, id))[0]?.summary).toBe("Data: '2020', 'North': 12 → 12.5");
		await put("year,North,South\n2019,10,14\n2020,12.5,\n2021,15,11\n2022,14,16\n");
		expect((await versions(key, id))[0]?.summary).toBe("Data: '2020', 'South': 13 → empty");
		await put("year,North,South\n2019,11,15\n2020,13,\n2021,16,12\n2022,14,16\n");
		expect((await versions(key, id))[0]?.summary).toBe("Data: 5 cells edited in 'North', 'South'");
		// A new shape is said by its shape, as before.
		await put("year,North,South\n2019,11,15\n2020,13,\n");
		expect((await versions(key, id))[0]?.summary).toBe("Data: 4 → 2 rows");
	});

	it("names the series and the setting a style change changed", async () => {
		const { key } = await makeAccount();
		const created = await callJson<{ id: string }>(key, "POST", "/v1/charts", {
			body: { kind: "line", data: "year,North,South\n2019,10,14\n2020,12,13\n" },
		});
		const id = created.body.id;
		const patch = async (meta: Record<string, unknown>) =>
			expect((await callJson(key, "PATCH", `/v1/charts/${id}`, { body: { meta } })).status).toBe(200);
		await patch({ seriesStyle: { North: { color: "#0072b2" } } });
		await patch({ title: "Between" });
		await patch({ seriesStyle: { North: { color: "#ffe680", line: "dashed" }, South: { label: "The south" } } });
		const listed = await versions(key, id);
		expect(listed.map((v) => v.summary).slice(0, 3)).toEqual([
			"North: colour #0072b2 → #ffe680; North: line set to dashed; South: name set to 'The south'",
			"Title set to 'Between'",
			"North: colour set to #0072b2",
		]);
	});
});
