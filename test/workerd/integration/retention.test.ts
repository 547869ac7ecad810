/**
 * docs/design.md#d29: deleting a chart removes its snapshots and every data blob nothing else names;
 * nothing a remaining chart or version names is ever removed.
 */
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { parseCsv } from "../../../src/domain/csv-parse";
import type { Services } from "../../../src/request-services";
import { buildServices } from "../../../src/request-services";
import { storeDataset } from "../../../src/services/chart-data";
import { confirmDatasetStored, deleteUnreferencedBlobs } from "../../../src/services/data-retention";
import { call, callJson } from "../../harness/workerd/api";
import { makeAccount } from "../../harness/workerd/factories";

const csv = (rows: string) => `x,A\n${rows}`;

async function createChart(key: string, data: string): Promise<string> {
	const created = await callJson<{ id: string }>(key, "POST", "/v1/charts", { body: { data } });
	expect(created.status).toBe(201);
	return created.body.id;
}

async function putData(key: string, id: string, data: string): Promise<void> {
	const res = await call(key, "PUT", `/v1/charts/${id}/data`, { rawBody: data, headers: { "Content-Type": "text/csv" } });
	expect(res.status).toBe(200);
}

async function blobKeyOf(id: string): Promise<string> {
	const key = await env.DB.prepare("SELECT data_blob_key AS k FROM charts WHERE id = ?").bind(id).first<string>("k");
	expect(key).toMatch(/^data\/[0-9a-f]{64}\.json$/);
	return key as string;
}

async function exists(key: string): Promise<boolean> {
	return (await env.BLOBS.head(key)) !== null;
}

async function deleteChart(key: string, id: string): Promise<void> {
	expect((await call(key, "DELETE", `/v1/charts/${id}`)).status).toBe(200);
}

describe("deleting a chart (D29)", () => {
	it("keeps a blob another chart shares, and removes it and the snapshots with the last chart", async () => {
		const { key } = await makeAccount();
		const data = csv(`a,${Math.random()}\nb,2\n`);
		const first = await createChart(key, data);
		const second = await createChart(key, data);
		const shared = await blobKeyOf(first);
		expect(await blobKeyOf(second)).toBe(shared);
		expect((await call(key, "POST", `/v1/charts/${second}/publish`)).status).toBe(200);
		expect((await env.BLOBS.list({ prefix: `embeds/${second}/` })).objects.length).toBeGreaterThan(0);

		await deleteChart(key, first);
		expect(await exists(shared)).toBe(true);
		const stillReadable = await call(key, "GET", `/v1/charts/${second}/export/csv`);
		expect(stillReadable.status).toBe(200);

		await deleteChart(key, second);
		expect(await exists(shared)).toBe(false);
		expect((await env.BLOBS.list({ prefix: `embeds/${second}/` })).objects).toEqual([]);
	});

	it("removes every blob of a chart's history: three data versions, three blobs gone", async () => {
		const { key } = await makeAccount();
		const id = await createChart(key, csv(`a,${Math.random()}\n`));
		const keys = [await blobKeyOf(id)];
		for (const n of [2, 3]) {
			await putData(key, id, csv(`a,${Math.random()}\nb,${n}\n`));
			keys.push(await blobKeyOf(id));
		}
		expect(new Set(keys).size).toBe(3);
		for (const k of keys) expect(await exists(k)).toBe(true);
		await deleteChart(key, id);
		for (const k of keys) expect(await exists(k), k).toBe(false);
	});

	it("never removes a blob that a remaining chart's old version names, in any workspace", async () => {
		const owner = await makeAccount();
		const other = await makeAccount();
		const data = csv(`a,${Math.random()}\n`);
		// The other workspace's chart had this data once; its current data is different.
		const keeper = await createChart(other.key, data);
		const oldKey = await blobKeyOf(keeper);
		await putData(other.key, keeper, csv(`a,${Math.random()}\n`));
		const doomed = await createChart(owner.key, data);
		expect(await blobKeyOf(doomed)).toBe(oldKey);
		await deleteChart(owner.key, doomed);
		expect(await exists(oldKey)).toBe(true);
		// Restoring that old version still finds its data.
		const restored = await call(other.key, "POST", `/v1/charts/${keeper}/versions/1/restore`);
		expect(restored.status).toBe(200);
		expect((await call(other.key, "GET", `/v1/charts/${keeper}/export/csv`)).status).toBe(200);
	});
});

describe("racing a delete against a write of the same content", () => {
	function services(overrides: Partial<Services>): Services {
		return { ...buildServices(env, createExecutionContext()), ...overrides };
	}

	/** The real bucket, with some methods replaced to interleave a racing request. */
	function bucketWith(overrides: Partial<Pick<R2Bucket, "head" | "delete">>): R2Bucket {
		const real = env.BLOBS;
		return {
			get: (key: string) => real.get(key),
			put: (key: string, value: ArrayBuffer | string, options?: R2PutOptions) => real.put(key, value, options),
			head: (key: string) => real.head(key),
			delete: (keys: string | string[]) => real.delete(keys),
			list: (options?: R2ListOptions) => real.list(options),
			...overrides,
		} as unknown as R2Bucket;
	}

	it("the deleter puts the blob back when a row names it after the blob was removed", async () => {
		const { key, workspaceId } = await makeAccount();
		const id = await createChart(key, csv(`a,${Math.random()}\n`));
		const blob = await blobKeyOf(id);
		await env.DB.prepare("DELETE FROM charts WHERE id = ?").bind(id).run();
		// A concurrent create names the same content just after the deleter removed the blob.
		const racingBlobs = bucketWith({
			delete: async (keys) => {
				await env.BLOBS.delete(keys);
				expect(await createChartRow(workspaceId, blob)).toBe(true);
			},
		});
		expect(await deleteUnreferencedBlobs(services({ blobs: racingBlobs }), [blob])).toEqual([]);
		expect(await exists(blob)).toBe(true);
	});

	it("the writer puts the blob back when it vanished before its row committed", async () => {
		const { key } = await makeAccount();
		const data = csv(`a,${Math.random()}\n`);
		const first = await createChart(key, data);
		const blob = await blobKeyOf(first);
		// The writer finds the blob, then a deleter removes it before the writer's row commits.
		let removed = false;
		const racingBlobs = bucketWith({
			head: async (k) => {
				const found = await env.BLOBS.head(k);
				if (found && !removed) {
					removed = true;
					await env.BLOBS.delete(k);
				}
				return found;
			},
		});
		const racing = services({ blobs: racingBlobs });
		const dataset = parseCsv(data);
		expect(await storeDataset(racing, dataset)).toBe(blob);
		expect(await exists(blob)).toBe(false);
		await confirmDatasetStored(racing, blob, dataset);
		expect(await exists(blob)).toBe(true);
	});
});

async function createChartRow(workspaceId: string, blobKey: string): Promise<boolean> {
	const id = `ch_race_${crypto.randomUUID()}`;
	const result = await env.DB.prepare(
		`INSERT INTO charts (id, workspace_id, author_account_id, name, kind, meta, data_blob_key, has_data, version, created_at, updated_at)
		 VALUES (?, ?, 'ac_race', 'Race', 'line', '{}', ?, 1, 1, 0, 0)`,
	)
		.bind(id, workspaceId, blobKey)
		.run();
	// D1 counts the search index trigger's writes too (migration 0013), so more than one change is still one row.
	return result.meta.changes > 0;
}
