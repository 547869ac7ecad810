/**
 * Writing and removing published snapshots in R2 (`src/embed/snapshot-files.ts` says where each
 * file goes). A version's files are written before the chart row names that version, so a
 * reader never meets a published version without its files.
 */

import { deleteFontMarkers } from "../embed/published-pointer";
import type { SnapshotFile, SnapshotFiles } from "../embed/snapshot-files";
import { snapshotFiles, snapshotKey, snapshotsPrefix } from "../embed/snapshot-files";
import type { Services } from "../request-services";

/** Stores `files` as the snapshot of `version`. */
export async function storeSnapshot(services: Services, chartId: string, version: number, files: SnapshotFiles): Promise<void> {
	await Promise.all(
		Object.entries(files).map(([file, body]) =>
			services.blobs.put(snapshotKey(chartId, version, file as SnapshotFile), body, {
				httpMetadata: { contentType: snapshotFiles[file as SnapshotFile].contentType },
			}),
		),
	);
}

/** Removes every snapshot of a deleted chart, its published pointer and its fonts' markers. */
export async function deleteSnapshots(services: Services, chartId: string): Promise<void> {
	await deleteFontMarkers(services.blobs, chartId);
	let cursor: string | undefined;
	do {
		const listed = await services.blobs.list({ prefix: snapshotsPrefix(chartId), cursor });
		if (listed.objects.length > 0) await services.blobs.delete(listed.objects.map((o) => o.key));
		cursor = listed.truncated ? listed.cursor : undefined;
	} while (cursor);
}
