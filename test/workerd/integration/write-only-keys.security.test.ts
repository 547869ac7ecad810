/**
 * A key with `chart:write` but not `chart:read`: every chart write answers it
 * `{ id, version, updatedAt }` only, never the chart, and an idempotent replay stored for a
 * reading caller is never served to it.
 */
import { describe, expect, it } from "vitest";
import { ChartCreated, ChartOrReceipt } from "../../../src/api/schemas";
import type { ErrorBody } from "../../harness/workerd/api";
import { call, callJson } from "../../harness/workerd/api";
import { makeAccount, makeKey } from "../../harness/workerd/factories";

const secret = "Quarterly figures nobody may read";
const receiptFields = ["id", "updatedAt", "version"];

async function chartWithWriter() {
	const owner = await makeAccount();
	const writer = (await makeKey(owner.accountId, ["chart:write"])).key;
	const created = await callJson<{ id: string }>(owner.key, "POST", "/v1/charts", {
		body: { kind: "pie", data: "name,share\nSecret A,1\nSecret B,2\n", meta: { title: secret } },
	});
	expect(created.status).toBe(201);
	return { owner, writer, id: created.body.id };
}

function expectReceipt(res: { status: number; body: unknown; headers: Headers }, id: string, version: number) {
	expect(Object.keys(res.body as object).sort()).toEqual(receiptFields);
	expect(res.body).toEqual({ id, version, updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) });
	expect(JSON.stringify(res.body)).not.toContain("Secret");
	expect(res.headers.get("ETag")).toBe(`"${version}"`);
	// The documented answer, as the OpenAPI document declares it.
	expect(ChartOrReceipt.safeParse(res.body).success).toBe(true);
}

describe("a chart:write-only key", () => {
	it("gets only { id, version, updatedAt } from PATCH, PUT data, restore and unpublish", async () => {
		const { writer, id } = await chartWithWriter();
		const patchedNothing = await callJson(writer, "PATCH", `/v1/charts/${id}`, { body: {} });
		expect(patchedNothing.status).toBe(200);
		expectReceipt(patchedNothing, id, 1);

		const patched = await callJson(writer, "PATCH", `/v1/charts/${id}`, { body: { meta: { subtitle: "new" } } });
		expect(patched.status).toBe(200);
		expectReceipt(patched, id, 2);

		const data = await callJson(writer, "PUT", `/v1/charts/${id}/data`, {
			rawBody: "name,share\nSecret C,3\nSecret D,4\n",
			headers: { "Content-Type": "text/csv" },
		});
		expect(data.status).toBe(200);
		expectReceipt(data, id, 3);

		const restored = await callJson(writer, "POST", `/v1/charts/${id}/versions/1/restore`);
		expect(restored.status).toBe(200);
		expectReceipt(restored, id, 4);

		const unpublished = await callJson(writer, "DELETE", `/v1/charts/${id}/publish`);
		expect(unpublished.status).toBe(200);
		expectReceipt(unpublished, id, 4);
	});

	it("gets only { id, version, updatedAt } from a copy, which would show the source's name", async () => {
		const { writer, id } = await chartWithWriter();
		const copy = await callJson<{ id: string }>(writer, "POST", `/v1/charts/${id}/copy`);
		expect(copy.status).toBe(201);
		expect(copy.body.id).not.toBe(id);
		expectReceipt(copy, copy.body.id, 1);
		expect(copy.headers.get("Location")).toBe(`/v1/charts/${copy.body.id}`);
	});

	it("still gets the documented create answer, which shows only what it sent", async () => {
		const { writer } = await chartWithWriter();
		const created = await callJson(writer, "POST", "/v1/charts", { body: { kind: "pie", meta: { title: "Mine" } } });
		expect(created.status).toBe(201);
		expect(ChartCreated.parse(created.body)).toMatchObject({ name: "Mine", kind: "pie" });
	});

	it("while a key with chart:read still gets the full chart", async () => {
		const { owner, id } = await chartWithWriter();
		const reader = (await makeKey(owner.accountId, ["chart:read", "chart:write"])).key;
		const res = await callJson<{ meta: { title: string } }>(reader, "PATCH", `/v1/charts/${id}`, { body: {} });
		expect(res.status).toBe(200);
		expect(res.body.meta.title).toBe(secret);
	});
});

describe("idempotent replays", () => {
	it("never serve a reading caller's stored answer to a write-only key, and never run the request twice", async () => {
		const { owner, writer, id } = await chartWithWriter();
		const headers = { "Idempotency-Key": `restore-${crypto.randomUUID()}` };
		const first = await callJson<{ meta: { title: string }; version: number }>(owner.key, "POST", `/v1/charts/${id}/versions/1/restore`, {
			headers,
		});
		expect(first.status).toBe(200);
		expect(first.body.meta.title).toBe(secret);

		const replayed = await callJson<ErrorBody>(writer, "POST", `/v1/charts/${id}/versions/1/restore`, { headers });
		expect(replayed.status).toBe(422);
		expect(replayed.body.error.code).toBe("idempotency_key_reused");
		expect(JSON.stringify(replayed.body)).not.toContain("Secret");
		expect(replayed.headers.get("Idempotent-Replayed")).toBeNull();
		const versions = await callJson<{ versions: unknown[] }>(owner.key, "GET", `/v1/charts/${id}/versions`);
		expect(versions.body.versions).toHaveLength(2);
	});

	it("replay a write-only key's own receipt to it, and refuse the key to a reading caller", async () => {
		const { owner, writer, id } = await chartWithWriter();
		const headers = { "Idempotency-Key": `copy-${crypto.randomUUID()}` };
		const first = await callJson<{ id: string }>(writer, "POST", `/v1/charts/${id}/copy`, { headers });
		expect(first.status).toBe(201);
		const again = await callJson<{ id: string }>(writer, "POST", `/v1/charts/${id}/copy`, { headers });
		expect(again.status).toBe(201);
		expect(again.headers.get("Idempotent-Replayed")).toBe("true");
		expectReceipt(again, first.body.id, 1);
		const reader = await call(owner.key, "POST", `/v1/charts/${id}/copy`, { headers });
		expect(reader.status).toBe(422);
		const list = await callJson<{ charts: unknown[] }>(owner.key, "GET", "/v1/charts");
		expect(list.body.charts).toHaveLength(2);
	});
});

describe("the OpenAPI document", () => {
	it("declares the short answer on every write that can give it", async () => {
		const doc = await callJson<{ paths: Record<string, Record<string, { responses: Record<string, unknown> }>> }>(
			null,
			"GET",
			"/v1/openapi.json",
		);
		const writes: [string, string, string][] = [
			["/v1/charts/{id}", "patch", "200"],
			["/v1/charts/{id}/data", "put", "200"],
			["/v1/charts/{id}/versions/{n}/restore", "post", "200"],
			["/v1/charts/{id}/copy", "post", "201"],
			["/v1/charts/{id}/publish", "delete", "200"],
		];
		for (const [path, method, status] of writes) {
			const answer = JSON.stringify(doc.body.paths[path]?.[method]?.responses[status]);
			expect(answer, `${method} ${path}`).toContain("#/components/schemas/ChartWriteReceipt");
		}
	});
});
