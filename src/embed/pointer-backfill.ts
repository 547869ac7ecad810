/**
 * The published pointer of a chart published before pointers were written (or whose pointer
 * write failed after its publish committed): read once from D1, the truth, and stored, so every
 * later view reads R2 only. An id with no chart is remembered as such in this location's cache
 * for the pointer's TTL, so a reader asking for one again and again does not reach D1 each time.
 */
import type { HostServices } from "../host-services";
import type { PublishedFont, PublishedPointer } from "./published-pointer";
import { cachePointerHere, writePointer } from "./published-pointer";

export async function backfillPointer(services: HostServices, chartId: string): Promise<PublishedPointer | null> {
	// Loaded here, not with the embed host: most views never need it.
	const { selectPointerRows } = await import("../db/published-pointers");
	const { chart: row, fonts } = await selectPointerRows(services.d1, chartId);
	if (!row) {
		services.waitUntil(cachePointerHere(chartId, { chartVersion: -1, publishedVersion: null, fonts: [] }));
		return null;
	}
	const pointer: PublishedPointer = {
		chartVersion: row.version,
		publishedVersion: row.published,
		fonts: row.published === null ? [] : fonts.map((font): PublishedFont => ({ ...font })),
	};
	// A publish racing this one may store a later pointer first; then that one stands.
	await writePointer(services.blobs, chartId, pointer);
	return pointer;
}
