/**
 * Storing a new chart at version 1, for every route that makes one (create and copy): the
 * insert is retried while its folder races with a folder delete, and a data blob shared with
 * other charts is confirmed after the row names it (D29).
 */
import { insertChart } from "../db/charts";
import type { Actor } from "../domain/caller";
import type { ChartRecord, ChartSnapshot } from "../domain/chart";
import type { Dataset } from "../domain/dataset";
import { newId } from "../domain/ids";
import { chartName } from "../domain/meta";
import type { Services } from "../request-services";
import { assertFolderUsable } from "./chart-writes";
import { confirmDatasetStored } from "./data-retention";
import { retryConditionalWrite } from "./retry";
import { noteForWrite, shapeOf } from "./version-notes";

const maxCreateAttempts = 3;

function newChartRecord(actor: Actor, snapshot: ChartSnapshot, now: number): ChartRecord {
	return {
		...snapshot,
		id: newId("ch"),
		workspaceId: actor.workspaceId,
		name: chartName(snapshot.meta),
		version: 1,
		publishedVersion: null,
		createdAt: now,
		updatedAt: now,
	};
}

/** Inserts the chart; `dataset` is its data when the snapshot names a blob, to put back if a delete took it. */
export function storeNewChart(
	services: Services,
	actor: Actor,
	snapshot: ChartSnapshot,
	dataset: Dataset | null,
	now: number,
): Promise<ChartRecord> {
	return retryConditionalWrite(
		async () => {
			const chart = newChartRecord(actor, snapshot, now);
			const inserted = await insertChart(services.d1, {
				id: chart.id,
				workspaceId: actor.workspaceId,
				authorAccountId: actor.accountId,
				name: chart.name,
				snapshot,
				now,
				...(await noteForWrite(services, actor, null, snapshot, { action: "create", dataShape: dataset ? shapeOf(dataset) : undefined })),
			});
			if (!inserted) {
				// The folder vanished between the check and the insert: say so precisely if it is gone for good.
				await assertFolderUsable(services, actor, snapshot.folderId);
				return null;
			}
			// A concurrent chart delete may have removed this shared blob before the row named it (D29).
			if (dataset) await confirmDatasetStored(services, snapshot.dataBlobKey, dataset);
			return chart;
		},
		{ budget: maxCreateAttempts, conflictMessage: "The chart could not be saved because its folder kept changing. Retry the request." },
	);
}
