/**
 * Drawn exports kept in R2 under their content key (DESIGN D37): `exports/<chart>/<key>.<ext>`.
 * The chart id in the path lets a chart's delete remove its files with one prefix listing;
 * the key makes every file immutable, so nothing is ever overwritten or invalidated. Old keys
 * are left to an R2 lifecycle rule on `exports/` (see README, "Caching of exports").
 */
import type { Services } from "./context";

export const exportCachePrefix = "exports/";

/** A cached file, with the `X-Render-Warnings` value its first render answered (or null). */
export interface CachedExport {
	body: ReadableStream;
	contentType: string;
	warnings: string | null;
}

export function cachedExportPath(chartId: string, key: string, extension: string): string {
	return `${exportCachePrefix}${chartId}/${key}.${extension}`;
}

export async function readCachedExport(services: Services, path: string): Promise<CachedExport | null> {
	const object = await services.blobs.get(path);
	if (!object) return null;
	return {
		body: object.body,
		contentType: object.httpMetadata?.contentType ?? "application/octet-stream",
		warnings: object.customMetadata?.warnings ?? null,
	};
}

/**
 * Keeps a freshly drawn file. A failed write is logged, not answered: the client's export
 * succeeded, and the next request simply draws again.
 */
export async function storeCachedExport(
	services: Services,
	path: string,
	file: { body: Uint8Array; contentType: string; warnings: string | null },
): Promise<void> {
	try {
		await services.blobs.put(path, file.body, {
			httpMetadata: { contentType: file.contentType },
			// The header value as first answered (ASCII, at most 1 KiB, D26): a hit repeats it exactly.
			customMetadata: file.warnings === null ? {} : { warnings: file.warnings },
		});
	} catch (error) {
		console.error(`storing the cached export ${path} failed`, error);
	}
}

/** Removes every cached export of a deleted chart. */
export async function deleteCachedExports(services: Services, chartId: string): Promise<void> {
	let cursor: string | undefined;
	do {
		const listed = await services.blobs.list({ prefix: `${exportCachePrefix}${chartId}/`, cursor });
		if (listed.objects.length > 0) await services.blobs.delete(listed.objects.map((o) => o.key));
		cursor = listed.truncated ? listed.cursor : undefined;
	} while (cursor);
}
