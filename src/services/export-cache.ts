/**
 * Drawn exports kept in R2 under their content key (docs/design.md#d37): `exports/<chart>/<key>.<ext>`.
 * The chart id in the path lets a chart's delete remove its files with one prefix listing;
 * the key makes every file immutable, so nothing is ever overwritten or invalidated. Old keys
 * are left to an R2 lifecycle rule on `exports/` (see docs/rendering.md, "Caching of exports").
 *
 * Small files are also kept in the isolate's memory in front of R2 (a hit should cost
 * about what `GET /v1/charts/{id}` does, and an R2 read was most of the difference). The memory
 * is keyed by the same immutable path, so it can never hold a stale file either; a deleted
 * chart's entries are dropped by its delete, and every other isolate's are unreachable because
 * the export route reads the chart (404 once deleted) before it looks in any cache.
 */

import type { Services } from "../request-services";
import { ByteLru } from "./byte-lru";

export const exportCachePrefix = "exports/";

/** A cached file, with the `X-Render-Warnings` value its first render answered (or null). */
export interface CachedExport {
	/** Bytes when the file is (or now is) kept in memory; a stream from R2 when it is too large to keep. */
	body: ReadableStream | Uint8Array;
	contentType: string;
	warnings: string | null;
	/** "gzip" when the body is stored compressed (text: SVG), see `src/http/content-encoding.ts`. */
	encoding: "gzip" | null;
}

/** A file kept in memory: its bytes and what its response carries, exactly as R2 holds them. */
export interface RememberedExport {
	body: Uint8Array;
	contentType: string;
	warnings: string | null;
	encoding: "gzip" | null;
}

/**
 * 512 KiB covers every 800×500 drawing of the bench (PNG at scale 2 included) while a few large
 * PNGs cannot crowd out dozens of small files; 12 MiB in all stays a small share of an isolate's
 * 128 MB beside the fonts (16 MiB) and datasets (4 MiB) kept per isolate.
 */
export const rememberedExportLimits = { maxEntryBytes: 512 * 1024, budgetBytes: 12 * 1024 * 1024 };

/** Per isolate; exported for tests, which check what it holds. */
export const rememberedExports = new ByteLru<RememberedExport>(rememberedExportLimits, (file) => file.body.byteLength);

export function cachedExportPath(chartId: string, key: string, extension: string): string {
	return `${exportCachePrefix}${chartId}/${key}.${extension}`;
}

/** The cached file at `path`: from memory, else from R2 (then kept in memory when small enough). */
export async function readCachedExport(services: Services, path: string): Promise<CachedExport | null> {
	const remembered = rememberedExports.get(path);
	if (remembered) return remembered;
	const object = await services.blobs.get(path);
	if (!object) return null;
	const contentType = object.httpMetadata?.contentType ?? "application/octet-stream";
	const warnings = object.customMetadata?.warnings ?? null;
	const encoding: CachedExport["encoding"] = object.httpMetadata?.contentEncoding === "gzip" ? "gzip" : null;
	if (object.size > rememberedExportLimits.maxEntryBytes) return { body: object.body, contentType, warnings, encoding };
	const file = { body: new Uint8Array(await object.arrayBuffer()), contentType, warnings, encoding };
	rememberedExports.set(path, file);
	return file;
}

/**
 * Keeps a freshly drawn file. A failed write is logged, not answered: the client's export
 * succeeded, and the next request simply draws again.
 */
export async function storeCachedExport(services: Services, path: string, file: RememberedExport): Promise<void> {
	// Kept in memory first: the bytes are the answer whether or not R2 takes them.
	rememberedExports.set(path, file);
	try {
		await services.blobs.put(path, file.body, {
			httpMetadata: { contentType: file.contentType, ...(file.encoding ? { contentEncoding: file.encoding } : {}) },
			// The header value as first answered (ASCII, at most 1 KiB, D26): a hit repeats it exactly.
			customMetadata: file.warnings === null ? {} : { warnings: file.warnings },
		});
	} catch (error) {
		console.error(`storing the cached export ${path} failed`, error);
	}
}

/** Removes every cached export of a deleted chart. */
export async function deleteCachedExports(services: Services, chartId: string): Promise<void> {
	rememberedExports.deletePrefix(`${exportCachePrefix}${chartId}/`);
	let cursor: string | undefined;
	do {
		const listed = await services.blobs.list({ prefix: `${exportCachePrefix}${chartId}/`, cursor });
		if (listed.objects.length > 0) await services.blobs.delete(listed.objects.map((o) => o.key));
		cursor = listed.truncated ? listed.cursor : undefined;
	} while (cursor);
}
