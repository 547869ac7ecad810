/**
 * Reading a published snapshot's files and pointer for the embed host, with no database: a
 * snapshot's files never change under their version (`snapshot-files.ts`), so each is kept in the
 * Cache API once read from R2 and served from there afterwards; the pointer that names the version
 * is read through `published-pointer.ts`. Charts published before pointers existed get theirs
 * from D1 once, on their first view (`pointer-backfill.ts`).
 */
import type { HostServices } from "../host-services";
import { backfillPointer } from "./pointer-backfill";
import type { PublishedPointer } from "./published-pointer";
import { readPointer } from "./published-pointer";
import type { SnapshotFile } from "./snapshot-files";
import { snapshotKey } from "./snapshot-files";

/** A day: the entry can never go stale (the version is in its key); this only bounds what a location keeps. */
const fileCacheSeconds = 86_400;

function fileCacheKey(key: string): string {
	return `https://embed-cache.internal/${key}`;
}

/** What readers see of `chartId`, null for no chart at all. */
export async function publishedPointerOf(services: HostServices, chartId: string): Promise<PublishedPointer | null> {
	return (await readPointer(services.blobs, chartId, services.waitUntil)) ?? backfillPointer(services, chartId);
}

/** The bytes of one file of a published snapshot, or null when R2 has none. */
export async function readSnapshotFile(
	services: HostServices,
	chartId: string,
	version: number,
	file: SnapshotFile,
): Promise<Uint8Array | null> {
	const key = snapshotKey(chartId, version, file);
	const cache = typeof caches === "undefined" ? null : caches.default;
	const cached = await cache?.match(fileCacheKey(key));
	if (cached) return new Uint8Array(await cached.arrayBuffer());
	const object = await services.blobs.get(key);
	if (!object) return null;
	const bytes = new Uint8Array(await object.arrayBuffer());
	if (cache) {
		services.waitUntil(cache.put(fileCacheKey(key), new Response(bytes, { headers: { "Cache-Control": `max-age=${fileCacheSeconds}` } })));
	}
	return bytes;
}
