import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { ErrorBody } from "../helpers/api";
import { callJson } from "../helpers/api";
import { makeAccount } from "../helpers/factories";

async function chartCount(workspaceId: string): Promise<number> {
	return (await env.DB.prepare("SELECT COUNT(*) AS n FROM charts WHERE workspace_id = ?").bind(workspaceId).first<number>("n")) ?? -1;
}

describe("Idempotency-Key", () => {
	it("replays the first answer for the same key and body, creating one chart", async () => {
		const { key, workspaceId } = await makeAccount();
		const headers = { "Idempotency-Key": "create-chart-1" };
		const first = await callJson<{ id: string }>(key, "POST", "/v1/charts", { body: { meta: { title: "Once" } }, headers });
		const second = await callJson<{ id: string }>(key, "POST", "/v1/charts", { body: { meta: { title: "Once" } }, headers });
		expect(first.status).toBe(201);
		expect(second.status).toBe(201);
		expect(second.body).toEqual(first.body);
		expect(second.headers.get("Idempotent-Replayed")).toBe("true");
		expect(second.headers.get("Location")).toBe(first.headers.get("Location"));
		expect(first.headers.get("Idempotent-Replayed")).toBeNull();
		expect(await chartCount(workspaceId)).toBe(1);
	});

	it("refuses the same key with another body", async () => {
		const { key, workspaceId } = await makeAccount();
		const headers = { "Idempotency-Key": "k-2" };
		await callJson(key, "POST", "/v1/charts", { body: { meta: { title: "A" } }, headers });
		const res = await callJson<ErrorBody>(key, "POST", "/v1/charts", { body: { meta: { title: "B" } }, headers });
		expect(res.status).toBe(422);
		expect(res.body.error.code).toBe("idempotency_key_reused");
		expect(await chartCount(workspaceId)).toBe(1);
	});

	it("keeps keys apart per account and works on folders", async () => {
		const a = await makeAccount();
		const b = await makeAccount();
		const headers = { "Idempotency-Key": "shared-name" };
		const fa = await callJson<{ id: string }>(a.key, "POST", "/v1/folders", { body: { name: "X" }, headers });
		const fb = await callJson<{ id: string }>(b.key, "POST", "/v1/folders", { body: { name: "X" }, headers });
		expect(fa.status).toBe(201);
		expect(fb.status).toBe(201);
		expect(fa.body.id).not.toBe(fb.body.id);
		expect(fb.headers.get("Idempotent-Replayed")).toBeNull();
	});

	it("does not store answers to bodies that failed validation", async () => {
		const { key } = await makeAccount();
		const headers = { "Idempotency-Key": "fix-and-retry" };
		const bad = await callJson<ErrorBody>(key, "POST", "/v1/charts", { body: { kind: "nope" }, headers });
		expect(bad.status).toBe(422);
		const good = await callJson(key, "POST", "/v1/charts", { body: { kind: "pie" }, headers });
		expect(good.status).toBe(201);
	});

	it("refuses a malformed key", async () => {
		const { key } = await makeAccount();
		const res = await callJson<ErrorBody>(key, "POST", "/v1/charts", { body: {}, headers: { "Idempotency-Key": "x".repeat(256) } });
		expect(res.status).toBe(422);
		expect(res.body.error.message).toContain("Idempotency-Key");
	});

	it("lets an expired key be used again after 24 hours", async () => {
		const { key, accountId, workspaceId } = await makeAccount();
		const headers = { "Idempotency-Key": "old" };
		await callJson(key, "POST", "/v1/charts", { body: { meta: { title: "A" } }, headers });
		await env.DB.prepare("UPDATE idempotency_records SET created_at = created_at - 86400001 WHERE account_id = ?").bind(accountId).run();
		const again = await callJson(key, "POST", "/v1/charts", { body: { meta: { title: "B" } }, headers });
		expect(again.status).toBe(201);
		expect(await chartCount(workspaceId)).toBe(2);
	});
});
