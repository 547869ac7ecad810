/**
 * Publish's snapshot through the export cache (docs/design.md#d37): republishing an
 * unchanged chart copies its cached files, drawing nothing and taking no export slot; any change
 * to what the page shows (meta, data) draws afresh; deleting the chart removes the cached files.
 */
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { layoutExamples } from "../../../src/domain/layout-examples";
import type { ErrorBody } from "../../harness/workerd/api";
import { call, callJson } from "../../harness/workerd/api";
import { withGateFull } from "../../harness/workerd/export-gate";
import { makeAccount } from "../../harness/workerd/factories";

const publish = (key: string, id: string) => callJson<{ embedUrl: string } & ErrorBody>(key, "POST", `/v1/charts/${id}/publish`);
const page = async (url: string) => (await exports.default.fetch(new Request(url))).text();
const cachedSnapshotFiles = async (id: string) =>
	(await env.BLOBS.list({ prefix: `exports/${id}/` })).objects.map((o) => o.key).filter((k) => k.includes(".snapshot/"));

async function makeChart(key: string, meta: Record<string, unknown> = { title: "Cached page" }): Promise<string> {
	const created = await callJson<{ id: string }>(key, "POST", "/v1/charts", { body: { data: layoutExamples.line.csv, meta } });
	expect(created.status).toBe(201);
	return created.body.id;
}

describe("publishing through the export cache", () => {
	it("republishes an unchanged chart from the cache while every export slot is busy", async () => {
		const { key } = await makeAccount();
		const id = await makeChart(key, { title: "Cached page", embed: { dataLink: true } });
		const first = await publish(key, id);
		expect(first.status).toBe(200);
		const files = await cachedSnapshotFiles(id);
		expect(files.map((file) => file.split(".snapshot/")[1]).sort()).toEqual([
			"chart.svg",
			"data.csv",
			"data.json",
			"index.html",
			"preview.png",
			"tips.json",
		]);
		const before = await page(first.body.embedUrl);

		const again = await withGateFull(() => publish(key, id));
		expect(again.status).toBe(200);
		// A new version is published, from copied files: the page is the same, byte for byte.
		const row = await env.DB.prepare("SELECT version, published_version AS published FROM charts WHERE id = ?")
			.bind(id)
			.first<{ version: number; published: number }>();
		expect(row?.published).toBe(row?.version);
		expect(await env.BLOBS.head(`embeds/${id}/v${row?.published}/index.html`)).not.toBeNull();
		expect(await page(again.body.embedUrl)).toBe(before);
		const csv = await exports.default.fetch(new Request(`${again.body.embedUrl}data.csv`));
		expect(csv.status).toBe(200);
		expect(await cachedSnapshotFiles(id)).toEqual(files);
	});

	it("draws afresh when the page would change: a new title is refused while the slots are busy, then published", async () => {
		const { key } = await makeAccount();
		const id = await makeChart(key);
		expect((await publish(key, id)).status).toBe(200);
		expect((await call(key, "PATCH", `/v1/charts/${id}`, { body: { meta: { title: "New title" } } })).status).toBe(200);
		const busy = await withGateFull(() => publish(key, id));
		expect(busy.status).toBe(503);
		expect(busy.body.error.code).toBe("export_busy");
		const published = await publish(key, id);
		expect(published.status).toBe(200);
		expect(await page(published.body.embedUrl)).toContain("<title>New title</title>");
	});

	it("draws afresh when the data changes", async () => {
		const { key } = await makeAccount();
		const id = await makeChart(key);
		expect((await publish(key, id)).status).toBe(200);
		const put = await call(key, "PUT", `/v1/charts/${id}/data`, {
			rawBody: layoutExamples.line.csv.replace("74.9", "75.9"),
			headers: { "Content-Type": "text/csv" },
		});
		expect(put.status).toBe(200);
		expect((await withGateFull(() => publish(key, id))).status).toBe(503);
	});

	it("draws afresh when a cached snapshot lost a file, so the published version is whole", async () => {
		const { key } = await makeAccount();
		const id = await makeChart(key);
		const first = await publish(key, id);
		expect(first.status).toBe(200);
		const svg = (await cachedSnapshotFiles(id)).find((file) => file.endsWith(".snapshot/chart.svg"));
		expect(svg).toBeDefined();
		await env.BLOBS.delete(svg ?? "");
		const again = await publish(key, id);
		expect(again.status).toBe(200);
		const drawn = await exports.default.fetch(new Request(`${again.body.embedUrl}chart.svg`));
		expect(drawn.status).toBe(200);
		expect(await drawn.text()).toContain("<svg");
	});

	it("removes the cached snapshot with the chart", async () => {
		const { key } = await makeAccount();
		const id = await makeChart(key);
		expect((await publish(key, id)).status).toBe(200);
		expect((await cachedSnapshotFiles(id)).length).toBeGreaterThan(0);
		expect((await call(key, "DELETE", `/v1/charts/${id}`)).status).toBe(200);
		expect(await cachedSnapshotFiles(id)).toEqual([]);
	});
});
