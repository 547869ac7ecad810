import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../../src/db/client";
import { idempotencyWindowMs, purgeExpiredIdempotencyRecords } from "../../../src/db/idempotency";
import { layoutExamples } from "../../../src/domain/layout-examples";
import type { ErrorBody } from "../../harness/workerd/api";
import { call, callJson } from "../../harness/workerd/api";
import { makeAccount } from "../../harness/workerd/factories";

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

describe("Idempotency-Key stores only answers that did their work (D27)", () => {
	const csv = layoutExamples["horizontal-bar"].csv;

	it("a publish refused for a stale If-Match (412) runs again with the right If-Match and the same key", async () => {
		const { key } = await makeAccount();
		const created = await callJson<{ id: string }>(key, "POST", "/v1/charts", { body: { kind: "horizontal-bar", data: csv } });
		const headers = { "Idempotency-Key": "publish-after-412" };
		const stale = await callJson<ErrorBody>(key, "POST", `/v1/charts/${created.body.id}/publish`, {
			headers: { ...headers, "If-Match": '"7"' },
		});
		expect(stale.status).toBe(412);
		const fixed = await callJson<{ embedUrl: string }>(key, "POST", `/v1/charts/${created.body.id}/publish`, {
			headers: { ...headers, "If-Match": '"1"' },
		});
		expect(fixed.status).toBe(200);
		expect(fixed.headers.get("Idempotent-Replayed")).toBeNull();
		expect(fixed.body.embedUrl).toContain(created.body.id);
		// The success is what is stored and replayed from now on.
		const replay = await callJson<{ embedUrl: string }>(key, "POST", `/v1/charts/${created.body.id}/publish`, { headers });
		expect(replay.status).toBe(200);
		expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
		expect(replay.body).toEqual(fixed.body);
	});

	it("a publish before data (422) runs again once data is loaded, with the same key", async () => {
		const { key } = await makeAccount();
		const created = await callJson<{ id: string }>(key, "POST", "/v1/charts", { body: { kind: "horizontal-bar" } });
		const headers = { "Idempotency-Key": "publish-after-422" };
		const early = await callJson<ErrorBody>(key, "POST", `/v1/charts/${created.body.id}/publish`, { headers });
		expect(early.status).toBe(422);
		expect(early.body.error.code).toBe("invalid_data");
		const data = await call(key, "PUT", `/v1/charts/${created.body.id}/data`, { rawBody: csv, headers: { "Content-Type": "text/csv" } });
		expect(data.status).toBe(200);
		const later = await callJson<{ embedUrl: string }>(key, "POST", `/v1/charts/${created.body.id}/publish`, { headers });
		expect(later.status).toBe(200);
		expect(later.headers.get("Idempotent-Replayed")).toBeNull();
		expect(later.body.embedUrl).toContain(created.body.id);
	});

	it("a restore of a version that does not exist yet (404) runs again once it exists, with the same key", async () => {
		const { key } = await makeAccount();
		const created = await callJson<{ id: string }>(key, "POST", "/v1/charts", { body: { meta: { title: "v1" } } });
		const id = created.body.id;
		const headers = { "Idempotency-Key": "restore-after-404" };
		const missing = await callJson<ErrorBody>(key, "POST", `/v1/charts/${id}/versions/3/restore`, { headers });
		expect(missing.status).toBe(404);
		await callJson(key, "PATCH", `/v1/charts/${id}`, { body: { meta: { title: "v2" } } });
		await callJson(key, "PATCH", `/v1/charts/${id}`, { body: { meta: { title: "v3" } } });
		await callJson(key, "PATCH", `/v1/charts/${id}`, { body: { meta: { title: "v4" } } });
		const restored = await callJson<{ name: string; version: number }>(key, "POST", `/v1/charts/${id}/versions/3/restore`, { headers });
		expect(restored.status).toBe(200);
		expect(restored.headers.get("Idempotent-Replayed")).toBeNull();
		expect(restored.body).toMatchObject({ name: "v3", version: 5 });
	});

	it("stores nothing for a 404 or 422: no record is left behind", async () => {
		const { key, accountId } = await makeAccount();
		await callJson(key, "POST", "/v1/charts/ch_nope/publish", { headers: { "Idempotency-Key": "nothing-stored" } });
		const left = await env.DB.prepare("SELECT COUNT(*) AS n FROM idempotency_records WHERE account_id = ?")
			.bind(accountId)
			.first<number>("n");
		expect(left).toBe(0);
	});
});

describe("purging expired idempotency records", () => {
	async function insertRecord(accountId: string, key: string, createdAt: number): Promise<void> {
		await env.DB.prepare(
			"INSERT INTO idempotency_records (account_id, key, request_hash, status, response, created_at) VALUES (?, ?, 'h', 201, '{}', ?)",
		)
			.bind(accountId, key, createdAt)
			.run();
	}
	async function keysOf(accountId: string): Promise<string[]> {
		const rows = await env.DB.prepare("SELECT key FROM idempotency_records WHERE account_id = ? ORDER BY key")
			.bind(accountId)
			.all<{ key: string }>();
		return rows.results.map((r) => r.key);
	}

	it("removes records older than 24 hours, at most the batch size a call, and keeps younger ones", async () => {
		const accountId = `purge-${crypto.randomUUID()}`;
		// Far in the future, so only this test's records are old relative to `now`.
		const now = Date.now() + 1000 * idempotencyWindowMs;
		await insertRecord(accountId, "old-1", now - idempotencyWindowMs - 3);
		await insertRecord(accountId, "old-2", now - idempotencyWindowMs - 2);
		await insertRecord(accountId, "old-3", now - idempotencyWindowMs - 1);
		await insertRecord(accountId, "young", now - idempotencyWindowMs + 1);
		const db = openDatabase(env.DB);
		// Every other test's record is old at this `now` too: purge them first, a bounded batch at a time.
		while ((await purgeExpiredIdempotencyRecords(db, now - idempotencyWindowMs, 1000)) > 0) {}
		expect(await purgeExpiredIdempotencyRecords(db, now, 2)).toBe(2);
		expect(await keysOf(accountId)).toEqual(["old-3", "young"]);
		expect(await purgeExpiredIdempotencyRecords(db, now, 2)).toBe(1);
		expect(await keysOf(accountId)).toEqual(["young"]);
	});

	it("a reservation purges other accounts' expired records", async () => {
		const stale = `purge-${crypto.randomUUID()}`;
		await insertRecord(stale, "ancient", Date.now() - idempotencyWindowMs - 60_000);
		const { key } = await makeAccount();
		await callJson(key, "POST", "/v1/folders", { body: { name: "F" }, headers: { "Idempotency-Key": "triggers-purge" } });
		expect(await keysOf(stale)).toEqual([]);
	});
});
