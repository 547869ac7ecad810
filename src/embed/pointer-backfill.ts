/**
 * The published pointer of a chart published before pointers were written (or whose pointer
 * write failed after its publish committed): read once from D1, the truth, and stored, so every
 * later view reads R2 only. An id with no chart is remembered as such in this location's cache
 * for the pointer's TTL, so a reader asking for one again and again does not reach D1 each time.
 */
import type { HostServices } from "../host-services";
import type { PublishedFont, PublishedPointer } from "./published-pointer";
import { cachePointerHere, writePointer } from "./published-pointer";

interface ChartRow {
	version: number;
	published: number | null;
}

interface FontRow {
	id: string;
	format: "ttf" | "otf";
	r2Key: string;
}

export async function backfillPointer(services: HostServices, chartId: string): Promise<PublishedPointer | null> {
	const [charts, fonts] = await services.d1.batch<ChartRow | FontRow>([
		services.d1.prepare("SELECT version, published_version AS published FROM charts WHERE id = ?").bind(chartId),
		services.d1
			.prepare(
				`SELECT f.id AS id, f.format AS format, f.r2_key AS r2Key FROM published_fonts p
				 JOIN charts c ON c.id = p.chart_id AND c.published_version = p.version
				 JOIN fonts f ON f.id = p.font_id AND f.workspace_id = c.workspace_id
				 WHERE p.chart_id = ?`,
			)
			.bind(chartId),
	]);
	const row = charts?.results[0] as ChartRow | undefined;
	if (!row) {
		services.waitUntil(cachePointerHere(chartId, { chartVersion: -1, publishedVersion: null, fonts: [] }));
		return null;
	}
	const pointer: PublishedPointer = {
		chartVersion: row.version,
		publishedVersion: row.published,
		fonts: row.published === null ? [] : ((fonts?.results ?? []) as FontRow[]).map((font): PublishedFont => ({ ...font })),
	};
	// A publish racing this one may store a later pointer first; then that one stands.
	await writePointer(services.blobs, chartId, pointer);
	return pointer;
}
