/**
 * The export cache (docs/design.md#d37): a repeat export is answered from R2 without an export slot,
 * with the ETag of the render that made it; If-None-Match answers 304; every input a reader
 * could see in the file changes the key; a deleted chart's cached files go with it.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { layoutExamples } from "../../../src/domain/layout-examples";
import { builtInThemes } from "../../../src/domain/themes";
import { rememberedExports } from "../../../src/services/export-cache";
import { call, callJson } from "../../harness/workerd/api";
import { withGateFull } from "../../harness/workerd/export-gate";
import { makeAccount, makeTheme } from "../../harness/workerd/factories";
import { loadLibrary } from "../../harness/workerd/library";

beforeAll(loadLibrary);

interface Exported {
	status: number;
	etag: string | null;
	bytes: Uint8Array;
	headers: Headers;
}

async function exportFile(key: string, id: string, file: string, headers: Record<string, string> = {}): Promise<Exported> {
	const res = await call(key, "GET", `/v1/charts/${id}/export/${file}`, { headers });
	return { status: res.status, etag: res.headers.get("ETag"), bytes: new Uint8Array(await res.arrayBuffer()), headers: res.headers };
}

async function makeChart(key: string, body: Record<string, unknown> = {}): Promise<string> {
	const res = await callJson<{ id: string }>(key, "POST", "/v1/charts", { body: { data: layoutExamples.line.csv, ...body } });
	expect(res.status).toBe(201);
	return res.body.id;
}

async function cachedFiles(id: string): Promise<string[]> {
	return (await env.BLOBS.list({ prefix: `exports/${id}/` })).objects.map((o) => o.key);
}

describe("a repeat export is a cache hit", () => {
	for (const file of ["png?scale=1", "svg", "pdf"]) {
		it(`${file.slice(0, 3).toUpperCase()}: the repeat succeeds while every export slot is busy, with the same ETag and bytes`, async () => {
			const { key } = await makeAccount();
			const id = await makeChart(key, { meta: { title: "Cached" } });
			const first = await exportFile(key, id, file);
			expect(first.status).toBe(200);
			expect(first.etag).toMatch(/^"[0-9a-f]{64}"$/);
			expect(first.headers.get("Cache-Control")).toBe("private, no-cache");

			const [repeat, other] = await withGateFull(async () => [
				await exportFile(key, id, file),
				// The gate really is full: an export not drawn before is refused.
				await exportFile(key, id, `${file}${file.includes("?") ? "&" : "?"}mode=dark`),
			]);
			expect(other.status).toBe(503);
			expect(repeat.status).toBe(200);
			expect(repeat.etag).toBe(first.etag);
			expect(repeat.headers.get("Content-Type")).toBe(first.headers.get("Content-Type"));
			expect(repeat.headers.get("Content-Disposition")).toBe(`attachment; filename="cached.${file.slice(0, 3)}"`);
			expect(repeat.bytes).toEqual(first.bytes);
			expect(await cachedFiles(id)).toHaveLength(1);
		});
	}

	it("If-None-Match with the ETag answers 304 with no body, even while every slot is busy", async () => {
		const { key } = await makeAccount();
		const id = await makeChart(key);
		const first = await exportFile(key, id, "svg");
		const etag = first.etag ?? "";
		const [notModified, listed, weak, stale] = await withGateFull(async () => [
			await exportFile(key, id, "svg", { "If-None-Match": etag }),
			await exportFile(key, id, "svg", { "If-None-Match": `"0000", ${etag}` }),
			await exportFile(key, id, "svg", { "If-None-Match": `W/${etag}` }),
			await exportFile(key, id, "svg", { "If-None-Match": '"not-the-key"' }),
		]);
		for (const answer of [notModified, listed, weak]) {
			expect(answer.status).toBe(304);
			expect(answer.bytes).toHaveLength(0);
			expect(answer.etag).toBe(etag);
		}
		// Another ETag gets the file (from the cache, as the gate is full).
		expect(stale.status).toBe(200);
		expect(stale.bytes).toEqual(first.bytes);
	});

	it("keeps the render warnings of the miss on a hit", async () => {
		const { key } = await makeAccount();
		const id = await makeChart(key, { meta: { title: "人口 chart" } });
		const first = await exportFile(key, id, "png?scale=1");
		const warnings = first.headers.get("X-Render-Warnings");
		expect(decodeURIComponent(warnings ?? "")).toBe("no bundled font draws U+4EBA, U+53E3");
		const repeat = await withGateFull(() => exportFile(key, id, "png?scale=1"));
		expect(repeat.status).toBe(200);
		expect(repeat.headers.get("X-Render-Warnings")).toBe(warnings);
	});

	it("options are keyed after defaults: PNG's scale 2 is the default, SVG ignores scale", async () => {
		const { key } = await makeAccount();
		const id = await makeChart(key);
		const png = await exportFile(key, id, "png");
		expect((await exportFile(key, id, "png?scale=2")).etag).toBe(png.etag);
		const svg = await exportFile(key, id, "svg");
		expect((await exportFile(key, id, "svg?scale=3")).etag).toBe(svg.etag);
		expect(await cachedFiles(id)).toHaveLength(2);
	});
});

describe("the key changes with everything the file shows", () => {
	/** Exports the SVG before and after `change`, and checks that the second is a new file. */
	async function expectNewFile(key: string, id: string, change: () => Promise<void>, file = "svg"): Promise<void> {
		const before = await exportFile(key, id, file);
		expect(before.status).toBe(200);
		const filesBefore = await cachedFiles(id);
		await change();
		const after = await exportFile(key, id, file);
		expect(after.status).toBe(200);
		expect(after.etag).not.toBe(before.etag);
		expect(await cachedFiles(id)).toHaveLength(filesBefore.length + 1);
	}

	it("when the data changes (PUT data), even with the same series", async () => {
		const { key } = await makeAccount();
		const id = await makeChart(key);
		await expectNewFile(key, id, async () => {
			// One value differs from the chart's data; the columns, hence the series names, are the same.
			const put = await call(key, "PUT", `/v1/charts/${id}/data`, {
				rawBody: layoutExamples.line.csv.replace("74.9", "75.9"),
				headers: { "Content-Type": "text/csv" },
			});
			expect(put.status).toBe(200);
		});
	});

	it("when meta changes (PATCH title)", async () => {
		const { key } = await makeAccount();
		const id = await makeChart(key, { meta: { title: "Before" } });
		await expectNewFile(key, id, async () => {
			expect((await call(key, "PATCH", `/v1/charts/${id}`, { body: { meta: { title: "After" } } })).status).toBe(200);
		});
	});

	it("when the workspace's default theme is redefined", async () => {
		const { key, workspaceId } = await makeAccount();
		const themeId = await makeTheme(workspaceId, { isDefault: true });
		const classic = builtInThemes[0]?.definition;
		const define = (palette: string[]) =>
			env.DB.prepare("UPDATE themes SET definition = ? WHERE id = ?")
				.bind(
					JSON.stringify({ ...classic, name: "Brand", colors: { ...classic?.colors, light: { ...classic?.colors.light, palette } } }),
					themeId,
				)
				.run();
		await define(["#111111", "#222222", "#333333"]);
		const id = await makeChart(key);
		await expectNewFile(key, id, async () => {
			await define(["#aa0000", "#00aa00", "#0000aa"]);
		});
		expect(new TextDecoder().decode((await exportFile(key, id, "svg")).bytes)).toContain("#aa0000");
	});

	it("when export options change (scale, mode)", async () => {
		const { key } = await makeAccount();
		const id = await makeChart(key);
		const scale1 = await exportFile(key, id, "png?scale=1");
		const scale3 = await exportFile(key, id, "png?scale=3");
		const light = await exportFile(key, id, "svg");
		const dark = await exportFile(key, id, "svg?mode=dark");
		expect(new Set([scale1.etag, scale3.etag, light.etag, dark.etag]).size).toBe(4);
		expect(await cachedFiles(id)).toHaveLength(4);
	});

	it("when a library value of a statistics-backed chart changes", async () => {
		const { key } = await makeAccount();
		const id = await makeChart(key, { data: undefined, series: [{ statistic: "stocks.aapl" }] });
		await expectNewFile(key, id, async () => {
			const changed = await env.DB.prepare(
				"UPDATE library_observations SET value = value + 1000 WHERE statistic_id = 'stocks.aapl' AND period = (SELECT MAX(period) FROM library_observations WHERE statistic_id = 'stocks.aapl')",
			).run();
			expect(changed.meta.changes).toBe(1);
		});
	});
});

describe("deleting a chart", () => {
	it("removes its cached exports and leaves other charts' alone", async () => {
		const { key } = await makeAccount();
		const id = await makeChart(key);
		const kept = await makeChart(key);
		for (const file of ["svg", "png?scale=1", "pdf"]) expect((await exportFile(key, id, file)).status).toBe(200);
		expect((await exportFile(key, kept, "svg")).status).toBe(200);
		expect(await cachedFiles(id)).toHaveLength(3);
		expect((await call(key, "DELETE", `/v1/charts/${id}`)).status).toBe(200);
		expect(await cachedFiles(id)).toEqual([]);
		expect(await cachedFiles(kept)).toHaveLength(1);
	});
});

describe("the isolate's memory in front of R2", () => {
	async function removeFromR2(id: string): Promise<void> {
		const files = await cachedFiles(id);
		expect(files.length).toBeGreaterThan(0);
		await env.BLOBS.delete(files);
	}

	for (const file of ["png?scale=1", "svg", "pdf"]) {
		it(`${file.slice(0, 3).toUpperCase()}: a hit from memory answers what the R2 hit did, and still answers once R2's copy is gone`, async () => {
			const { key } = await makeAccount();
			const id = await makeChart(key, { meta: { title: "人口 remembered" } });
			const miss = await exportFile(key, id, file);
			expect(miss.status).toBe(200);
			const path = (await cachedFiles(id))[0] ?? "";
			// Forgotten by the isolate, so the next hit is read from R2 (and kept again).
			rememberedExports.delete(path);
			const fromR2 = await withGateFull(() => exportFile(key, id, file));
			expect(rememberedExports.get(path)).toBeDefined();
			await removeFromR2(id);
			const fromMemory = await withGateFull(() => exportFile(key, id, file));
			for (const answer of [fromR2, fromMemory]) {
				expect(answer.status).toBe(200);
				expect(answer.bytes).toEqual(miss.bytes);
				for (const header of ["ETag", "Content-Type", "Content-Disposition", "Cache-Control", "X-Render-Warnings"]) {
					expect(answer.headers.get(header), header).toBe(miss.headers.get(header));
				}
			}
			// PNG cannot draw the CJK title with the bundled fonts: its warning must survive both layers.
			if (file.startsWith("png")) expect(fromMemory.headers.get("X-Render-Warnings")).not.toBeNull();
			const notModified = await withGateFull(() => exportFile(key, id, file, { "If-None-Match": miss.etag ?? "" }));
			expect(notModified.status).toBe(304);
		});
	}

	it("a miss keeps its file in memory, so a repeat answers even without R2's copy", async () => {
		const { key } = await makeAccount();
		const id = await makeChart(key);
		const miss = await exportFile(key, id, "svg");
		await removeFromR2(id);
		const repeat = await withGateFull(() => exportFile(key, id, "svg"));
		expect(repeat.status).toBe(200);
		expect(repeat.bytes).toEqual(miss.bytes);
		expect(repeat.etag).toBe(miss.etag);
	});

	it("a deleted chart's files are dropped from memory, and its exports answer 404", async () => {
		const { key } = await makeAccount();
		const id = await makeChart(key);
		const kept = await makeChart(key);
		for (const file of ["svg", "png?scale=1"]) expect((await exportFile(key, id, file)).status).toBe(200);
		expect((await exportFile(key, kept, "svg")).status).toBe(200);
		const paths = await cachedFiles(id);
		const keptPath = (await cachedFiles(kept))[0] ?? "";
		for (const path of paths) expect(rememberedExports.get(path)).toBeDefined();
		expect((await call(key, "DELETE", `/v1/charts/${id}`)).status).toBe(200);
		for (const path of paths) expect(rememberedExports.get(path)).toBeUndefined();
		expect(rememberedExports.get(keptPath)).toBeDefined();
		expect((await exportFile(key, id, "svg")).status).toBe(404);
	});

	it("a deleted chart answers 404 even from an isolate that still holds its files", async () => {
		const { key } = await makeAccount();
		const id = await makeChart(key);
		const miss = await exportFile(key, id, "svg");
		const path = (await cachedFiles(id))[0] ?? "";
		const remembered = rememberedExports.get(path);
		expect(remembered).toBeDefined();
		expect((await call(key, "DELETE", `/v1/charts/${id}`)).status).toBe(200);
		// Another isolate did the delete: this one still holds the file.
		if (remembered) rememberedExports.set(path, remembered);
		const after = await exportFile(key, id, "svg", { "If-None-Match": miss.etag ?? "" });
		expect(after.status).toBe(404);
		expect((await exportFile(key, id, "svg")).status).toBe(404);
	});
});

/**
 * A client's fetch undoes `Content-Encoding: gzip` as a browser does, so an answer sent gzipped
 * reads as the SVG itself; had the stored bytes been compressed again, it would read as gzip.
 */
describe("SVG is stored gzipped and sent as stored to a client that accepts gzip", () => {
	async function gunzip(bytes: Uint8Array): Promise<Uint8Array> {
		const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream("gzip"));
		return new Uint8Array(await new Response(stream).arrayBuffer());
	}

	it("a miss and its hits, from memory and from R2, answer the same SVG with or without gzip", async () => {
		const { key } = await makeAccount();
		const id = await makeChart(key, { meta: { title: "Compressed" } });
		const gzipped = { "Accept-Encoding": "br, gzip;q=0.8" };
		const plainMiss = await exportFile(key, id, "svg");
		expect(plainMiss.status).toBe(200);
		expect(plainMiss.headers.get("Content-Encoding")).toBeNull();
		expect(plainMiss.headers.get("Vary")).toBe("Accept-Encoding");
		expect(new TextDecoder().decode(plainMiss.bytes)).toMatch(/^<svg/);
		const path = (await cachedFiles(id))[0] ?? "";
		const stored = await env.BLOBS.get(path);
		expect(stored?.httpMetadata?.contentEncoding).toBe("gzip");
		expect(await gunzip(new Uint8Array((await stored?.arrayBuffer()) ?? new ArrayBuffer(0)))).toEqual(plainMiss.bytes);

		rememberedExports.delete(path);
		const answers = await withGateFull(async () => ({
			gzipFromR2: await exportFile(key, id, "svg", gzipped),
			gzipFromMemory: await exportFile(key, id, "svg", gzipped),
			plainFromMemory: await exportFile(key, id, "svg"),
			refusedGzip: await exportFile(key, id, "svg", { "Accept-Encoding": "gzip;q=0, identity" }),
			notModified: await exportFile(key, id, "svg", { "Accept-Encoding": "gzip", "If-None-Match": plainMiss.etag ?? "" }),
		}));
		const { notModified } = answers;
		expect(notModified.status).toBe(304);
		expect(notModified.headers.get("Vary")).toBe("Accept-Encoding");
		expect(notModified.headers.get("Content-Encoding")).toBeNull();
		const { notModified: _, ...full } = answers;
		for (const [name, answer] of Object.entries(full)) {
			expect(answer.status, name).toBe(200);
			expect(answer.etag, name).toBe(plainMiss.etag);
			expect(answer.headers.get("Vary"), name).toBe("Accept-Encoding");
			const sentGzipped = name.startsWith("gzip");
			expect(answer.headers.get("Content-Encoding"), name).toBe(sentGzipped ? "gzip" : null);
			expect(answer.bytes, name).toEqual(plainMiss.bytes);
		}
	});

	it("a miss asked with gzip answers the stored bytes; PNG and PDF are never gzipped", async () => {
		const { key } = await makeAccount();
		const id = await makeChart(key);
		const svg = await exportFile(key, id, "svg", { "Accept-Encoding": "gzip" });
		expect(svg.headers.get("Content-Encoding")).toBe("gzip");
		expect(svg.headers.get("Vary")).toBe("Accept-Encoding");
		const stored = await env.BLOBS.get((await cachedFiles(id))[0] ?? "");
		const svgText = new TextDecoder().decode(svg.bytes);
		expect(svgText).toMatch(/^<svg/);
		expect(await gunzip(new Uint8Array((await stored?.arrayBuffer()) ?? new ArrayBuffer(0)))).toEqual(svg.bytes);
		for (const file of ["png?scale=1", "pdf"]) {
			const answer = await exportFile(key, id, file, { "Accept-Encoding": "gzip" });
			expect(answer.status, file).toBe(200);
			expect(answer.headers.get("Content-Encoding"), file).toBeNull();
			expect(answer.headers.get("Vary"), file).toBeNull();
		}
	});
});
