import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { ErrorBody } from "../../harness/workerd/api";
import { call, callJson } from "../../harness/workerd/api";
import { makeAccount } from "../../harness/workerd/factories";

async function newChart(key: string, body: unknown = {}): Promise<string> {
	const res = await callJson<{ id: string }>(key, "POST", "/v1/charts", { body });
	expect(res.status).toBe(201);
	return res.body.id;
}

describe("charts: body errors", () => {
	it.each([
		["an array", "[1,2]", "not an array"],
		["a string", '"hello"', "not a string"],
		["null", "null", "not null"],
		["a number", "42", "not a number"],
		["broken JSON", '{"kind": ', "not valid JSON"],
		["nothing", "", "empty"],
	])("refuses %s with 422 invalid_body", async (_what, rawBody, message) => {
		const { key } = await makeAccount();
		const res = await callJson<ErrorBody>(key, "POST", "/v1/charts", { rawBody, headers: { "Content-Type": "application/json" } });
		expect(res.status).toBe(422);
		expect(res.body.error.code).toBe("invalid_body");
		expect(res.body.error.message).toContain(message);
	});

	it("refuses a non-JSON content type with 415", async () => {
		const { key } = await makeAccount();
		const res = await callJson<ErrorBody>(key, "POST", "/v1/charts", {
			rawBody: "kind=line",
			headers: { "Content-Type": "application/x-www-form-urlencoded" },
		});
		expect(res.status).toBe(415);
		expect(res.body.error.code).toBe("unsupported_media_type");
		expect(res.body.error.message).toContain("application/json");
	});

	it("says how to send a spreadsheet that is not a UTF-8 CSV: Excel's own encoding, a workbook, tabs", async () => {
		const { key } = await makeAccount();
		const id = await newChart(key, { kind: "horizontal-bar" });
		const putData = (rawBody: string | Uint8Array, type = "text/csv") =>
			callJson<ErrorBody>(key, "PUT", `/v1/charts/${id}/data`, { rawBody, headers: { "Content-Type": type } });
		// Excel's plain "CSV" on Windows: Windows-1252, where ü is the one byte 0xFC.
		const windows1252 = Uint8Array.from([
			...new TextEncoder().encode("Stadt;Einwohner\nM"),
			0xfc,
			...new TextEncoder().encode("nchen;1488202\n"),
		]);
		const excelCsv = await putData(windows1252);
		expect([excelCsv.status, excelCsv.body.error.code]).toEqual([422, "invalid_body"]);
		expect(excelCsv.body.error.message).toMatch(
			/^Request body is not valid UTF-8 text\. Save the table as UTF-8 \(in Excel: Save As, "CSV UTF-8"/,
		);
		const workbook = await putData(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0xff, 0xfe]));
		expect(workbook.body.error.message).toContain("it is a zip file, such as an Excel workbook (.xlsx). Export the sheet as CSV");
		const tabs = await putData("Stadt\tEinwohner\nBerlin\t3755251\n", "text/tab-separated-values");
		expect([tabs.status, tabs.body.error.code]).toEqual([415, "unsupported_media_type"]);
		expect(tabs.body.error.message).toContain("Send tab-separated data as text/csv: tabs are read as the separator.");
		const asCsv = await putData("Stadt\tEinwohner\nBerlin\t3755251\n");
		expect(asCsv.status).toBe(200);
	});

	it("refuses a JSON body over 1 MiB with 413", async () => {
		const { key } = await makeAccount();
		const id = await newChart(key);
		const res = await callJson<ErrorBody>(key, "PATCH", `/v1/charts/${id}`, { body: { meta: { note: "x".repeat(1024 * 1024) } } });
		expect(res.status).toBe(413);
		expect(res.body.error.code).toBe("payload_too_large");
		expect(res.body.error.message).toContain("1 MiB");
	});

	it("refuses create data over 10 MiB with 413", async () => {
		const { key } = await makeAccount();
		const res = await callJson<ErrorBody>(key, "POST", "/v1/charts", { body: { data: `a,b\n${"1,2\n".repeat(2_700_000)}` } });
		expect(res.status).toBe(413);
		expect(res.body.error.code).toBe("payload_too_large");
	});

	it("refuses an unknown kind with 422 invalid_kind listing the kinds", async () => {
		const { key } = await makeAccount();
		const res = await callJson<ErrorBody>(key, "POST", "/v1/charts", { body: { kind: "donut" } });
		expect(res.status).toBe(422);
		expect(res.body.error.code).toBe("invalid_kind");
		expect(res.body.error.message).toContain("horizontal-bar");
		expect(res.body.error.details).toMatchObject({ path: "kind" });
	});

	it.each([
		[{ series: "GDP" }, "series"],
		[{ series: [{ stat: "x" }] }, "series[0]"],
		[{ series: [{ statistic: "" }] }, "series[0].statistic"],
		[{ series: [{ source: "gapminder" }] }, "series[0]"],
		[{ series: Array.from({ length: 51 }, (_, i) => ({ statistic: `s${i}` })) }, "series"],
	])("refuses malformed series %j with 422 invalid_series", async (body, path) => {
		const { key } = await makeAccount();
		const res = await callJson<ErrorBody>(key, "POST", "/v1/charts", { body });
		expect(res.status).toBe(422);
		expect(res.body.error.code).toBe("invalid_series");
		expect((res.body.error.details as { path: string }).path).toBe(path);
	});

	it("refuses series and data together", async () => {
		const { key } = await makeAccount();
		const res = await callJson<ErrorBody>(key, "POST", "/v1/charts", { body: { series: [{ statistic: "x" }], data: "a,b\n1,2" } });
		expect(res.status).toBe(422);
		expect(res.body.error.code).toBe("invalid_body");
		expect(res.body.error.message).toContain("not both");
	});

	it.each([
		[{ w: 50 }, "meta.w"],
		[{ h: 5000 }, "meta.h"],
		[{ mode: "sepia" }, "meta.mode"],
		[{ title: "t".repeat(301) }, "meta.title"],
		[{ title: 7 }, "meta.title"],
	])("refuses bad meta %j with 422 naming the field", async (meta, path) => {
		const { key } = await makeAccount();
		const res = await callJson<ErrorBody>(key, "POST", "/v1/charts", { body: { meta } });
		expect(res.status).toBe(422);
		expect(res.body.error.code).toBe("invalid_body");
		expect((res.body.error.details as { path: string }).path).toBe(path);
		expect(res.body.error.message.startsWith(path)).toBe(true);
	});

	it("refuses an unknown theme with 422 invalid_theme", async () => {
		const { key } = await makeAccount();
		const res = await callJson<ErrorBody>(key, "POST", "/v1/charts", { body: { meta: { theme: "th_nope" } } });
		expect(res.status).toBe(422);
		expect(res.body.error.code).toBe("invalid_theme");
		expect(res.body.error.message).toContain("GET /v1/themes");
	});

	it.each([
		[{ GDP: { ops: [{ fn: "sqrt" }] } }, "unknown fn"],
		[{ GDP: { ops: [{ fn: "divide", args: [0] }] } }, "divide by 0"],
		[{ GDP: { ops: [{ fn: "rollsum", args: [0] }] } }, "whole number"],
		[{ GDP: { ops: [{ fn: "rollmean", args: [1.5] }] } }, "whole number"],
		[{ GDP: { ops: [{ fn: "index100", args: [3] }] } }, "no args"],
		[{ GDP: { hiden: true } }, ""],
		[{ GDP: { hidden: "yes" } }, ""],
	])("refuses transform %j with 422 invalid_transform", async (seriesTransform, message) => {
		const { key } = await makeAccount();
		const res = await callJson<ErrorBody>(key, "POST", "/v1/charts", { body: { meta: { seriesTransform } } });
		expect(res.status).toBe(422);
		expect(res.body.error.code).toBe("invalid_transform");
		expect(res.body.error.message).toContain(message);
	});

	it("refuses transform keys that are not series once the chart has data", async () => {
		const { key } = await makeAccount();
		const id = await newChart(key);
		await env.DB.prepare("UPDATE charts SET has_data = 1, series_names = ? WHERE id = ?")
			.bind(JSON.stringify(["China", "AAPL"]), id)
			.run();
		const res = await callJson<ErrorBody>(key, "PATCH", `/v1/charts/${id}`, {
			body: { meta: { seriesTransform: { CHN: { hidden: true } } } },
		});
		expect(res.status).toBe(422);
		expect(res.body.error.code).toBe("invalid_transform");
		expect(res.body.error.message).toContain('"CHN"');
		expect(res.body.error.message).toContain('"China", "AAPL"');
		const ok = await callJson(key, "PATCH", `/v1/charts/${id}`, { body: { meta: { seriesTransform: { China: { hidden: true } } } } });
		expect(ok.status).toBe(200);
	});

	it("validates the merged meta: a patch cannot leave invalid settings", async () => {
		const { key } = await makeAccount();
		const id = await newChart(key, { meta: { w: 600 } });
		const res = await callJson<ErrorBody>(key, "PATCH", `/v1/charts/${id}`, { body: { meta: { w: 99 } } });
		expect(res.status).toBe(422);
		const stored = await callJson<{ meta: { w: number }; version: number }>(key, "GET", `/v1/charts/${id}`);
		expect(stored.body.meta.w).toBe(600);
		expect(stored.body.version).toBe(1);
	});

	it("refuses a folderId that is not a folder of the workspace", async () => {
		const { key } = await makeAccount();
		const other = await makeAccount();
		const foreign = await callJson<{ id: string }>(other.key, "POST", "/v1/folders", { body: { name: "Theirs" } });
		for (const folderId of ["fd_nope", foreign.body.id]) {
			const created = await callJson<ErrorBody>(key, "POST", "/v1/charts", { body: { folderId } });
			expect(created.status).toBe(422);
			expect(created.body.error.code).toBe("invalid_folder");
			const id = await newChart(key);
			const patched = await callJson<ErrorBody>(key, "PATCH", `/v1/charts/${id}`, { body: { folderId } });
			expect(patched.status).toBe(422);
			expect(patched.body.error.code).toBe("invalid_folder");
		}
	});
});

describe("charts: unknown ids and preconditions", () => {
	it.each([
		["GET", ""],
		["PATCH", ""],
		["DELETE", ""],
		["GET", "/versions"],
		["GET", "/versions/1"],
		["POST", "/versions/1/restore"],
	])("answers %s /v1/charts/{unknown}%s with 404", async (method, suffix) => {
		const { key } = await makeAccount();
		const res = await callJson<ErrorBody>(key, method, `/v1/charts/ch_unknown${suffix}`, { body: method === "PATCH" ? {} : undefined });
		expect(res.status).toBe(404);
		expect(res.body.error.code).toBe("not_found");
	});

	it("honours If-Match on PATCH and DELETE with 412", async () => {
		const { key } = await makeAccount();
		const id = await newChart(key);
		await callJson(key, "PATCH", `/v1/charts/${id}`, { body: { meta: { title: "v2" } } });
		const stale = await callJson<ErrorBody>(key, "PATCH", `/v1/charts/${id}`, {
			body: { meta: { title: "lost" } },
			headers: { "If-Match": '"1"' },
		});
		expect(stale.status).toBe(412);
		expect(stale.body.error.code).toBe("precondition_failed");
		expect(stale.body.error.message).toContain("version 2");
		const staleDelete = await callJson<ErrorBody>(key, "DELETE", `/v1/charts/${id}`, { headers: { "If-Match": '"1"' } });
		expect(staleDelete.status).toBe(412);
		const current = await callJson<{ name: string }>(key, "GET", `/v1/charts/${id}`);
		expect(current.body.name).toBe("v2");
		const fresh = await callJson(key, "PATCH", `/v1/charts/${id}`, {
			body: { meta: { title: "v3" } },
			headers: { "If-Match": current.headers.get("ETag") ?? "" },
		});
		expect(fresh.status).toBe(200);
		expect(fresh.headers.get("ETag")).toBe('"3"');
		expect((await call(key, "DELETE", `/v1/charts/${id}`, { headers: { "If-Match": 'W/"3"' } })).status).toBe(200);
	});

	it("keeps every concurrent PATCH: each gets its own version", async () => {
		const { key } = await makeAccount();
		const id = await newChart(key);
		const results = await Promise.all(
			Array.from({ length: 8 }, (_, i) => callJson(key, "PATCH", `/v1/charts/${id}`, { body: { meta: { [`field${i}`]: i } } })),
		);
		expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
		const chart = await callJson<{ meta: Record<string, number>; version: number }>(key, "GET", `/v1/charts/${id}`);
		expect(chart.body.version).toBe(9);
		for (let i = 0; i < 8; i++) expect(chart.body.meta[`field${i}`]).toBe(i);
	});
});
