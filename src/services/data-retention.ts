/**
 * Data retention (docs/design.md#d29): when a chart is deleted, its published snapshots and cached
 * exports (D37) go, and so does every data blob that no remaining chart or version names.
 *
 * Blobs are content-addressed and shared, so "no one names it" must hold even against a writer
 * that is storing the same content right now. The writer finds the blob (or puts it), then
 * commits a row naming it; a deleter could remove the blob between those two steps. Two checks
 * close that gap, one on each side:
 *   - the deleter, after removing a blob, checks the references again and puts the blob back
 *     (it read the bytes first) if a row names it by then;
 *   - the writer, after its row commits, checks that the blob exists and puts it again if not
 *     (`confirmDatasetStored`).
 * Whichever of the two runs last sees the other's step: if the writer's row committed before
 * the deleter's second check, the deleter restores the blob; if after, the blob was already gone
 * when the writer checks, and the writer restores it. R2 and D1 are strongly consistent, so a
 * named blob is never lost and an unnamed one never stays. Chosen over a grace period, which
 * would either leave unreferenced blobs behind or need a sweeper to come back for them.
 */
import { deleteActivityBefore } from "../db/activity";
import { referencedBlobKeys } from "../db/charts";
import type { Dataset } from "../domain/dataset";
import type { Services } from "../request-services";
import { storeDataset } from "./chart-data";
import { deleteCachedExports } from "./export-cache";
import { deleteSnapshots } from "./snapshot-store";

/** Removes each of `keys` that nothing names any more; answers the keys it removed. */
export async function deleteUnreferencedBlobs(services: Services, keys: readonly string[]): Promise<string[]> {
	const named = await referencedBlobKeys(services.d1, keys);
	const removed: string[] = [];
	for (const key of keys) {
		if (named.has(key)) continue;
		const object = await services.blobs.get(key);
		if (!object) continue;
		const body = await object.arrayBuffer();
		await services.blobs.delete(key);
		if ((await referencedBlobKeys(services.d1, [key])).has(key)) {
			// A writer committed a row naming this content meanwhile: it must find its data.
			await services.blobs.put(key, body, { httpMetadata: object.httpMetadata });
		} else {
			removed.push(key);
		}
	}
	return removed;
}

/** What a committed data write does last: make sure the blob its row names exists. */
export async function confirmDatasetStored(services: Services, key: string | null, dataset: Dataset): Promise<void> {
	if (key !== null && !(await services.blobs.head(key))) await storeDataset(services, dataset);
}

/**
 * Everything a deleted chart leaves in R2. Failures are logged, not answered: the chart is
 * already gone, so the client's DELETE succeeded whatever happens to its files.
 */
export async function removeDeletedChartFiles(services: Services, chartId: string, blobKeys: readonly string[]): Promise<void> {
	const results = await Promise.allSettled([
		deleteSnapshots(services, chartId),
		deleteCachedExports(services, chartId),
		deleteUnreferencedBlobs(services, blobKeys),
	]);
	for (const result of results) {
		if (result.status === "rejected") console.error(`cleaning up the files of deleted chart ${chartId} failed`, result.reason);
	}
}

/** The activity log keeps a year (docs/teams.md). */
export const activityRetentionMs = 365 * 24 * 60 * 60 * 1000;

/** Drops activity older than a year; cheap (an index on the time), so it can ride on frequent work. */
export function pruneActivity(services: Services, now: number): Promise<void> {
	return deleteActivityBefore(services.db, now - activityRetentionMs);
}
