/**
 * Chart routes (docs/contract.md#section-4-1): create, list, read, update, delete.
 */

import { ApiError } from "../api-error";
import { deleteChart } from "../db/charts";
import { maxCsvBytes, maxJsonBytes } from "../domain/body-limits";
import type { ChartSnapshot } from "../domain/chart";
import { applyChartPatch, sameSnapshot } from "../domain/chart";
import { parseCsv } from "../domain/csv-parse";
import { defaultKind } from "../domain/kinds";
import { unknownSettingWarnings } from "../domain/meta-warnings";
import type { SeriesReference } from "../domain/series";
import { tooLarge } from "../http/body";
import { json } from "../http/respond";
import { defineRoute } from "../http/route";
import { storeNewChart } from "../services/chart-create";
import { dataForKind, dataFromDataset, dataFromReferences, noData } from "../services/chart-data";
import {
	assertExpectedVersion,
	assertFolderUsable,
	loadChart,
	readingOf,
	readsDifferently,
	validateMeta,
	writeChart,
} from "../services/chart-writes";
import { confirmDatasetStored, removeDeletedChartFiles } from "../services/data-retention";
import { retryConditionalWrite } from "../services/retry";
import { shapeOf } from "../services/version-notes";
import { chartResponse, chartWriteResponse, createdChartResource, createdChartResponse, expectedVersionOf } from "./chart-resource";
import { Chart, ChartCreated, ChartOrReceipt, CreateChartBody, Deleted, PatchChartBody } from "./schemas";

const tag = "Charts";
const maxDeleteAttempts = 5;

export const createChartRoute = defineRoute({
	method: "POST",
	path: "/v1/charts",
	tag,
	summary: "Create a chart",
	description:
		"Data comes from `series` (library statistics) or from `data` (your own CSV), not both. The JSON body may be up to 11 MiB when it carries `data` (the CSV itself at most 10 MiB).",
	access: "chart:write",
	idempotent: true,
	body: { type: "json", schema: CreateChartBody, maxBytes: maxCsvBytes + maxJsonBytes },
	responses: { 201: { description: "The new chart", schema: ChartCreated } },
	errors: ["invalid_kind", "invalid_series", "invalid_data", "invalid_folder", "invalid_theme", "invalid_transform"],
	async handler({ body, services, caller, now }) {
		if (body.series !== undefined && body.series.length > 0 && body.data !== undefined) {
			throw new ApiError("invalid_body", "Give either series (library statistics) or data (your CSV), not both.", { path: "series" });
		}
		if (body.data !== undefined && new TextEncoder().encode(body.data).byteLength > maxCsvBytes) {
			throw new ApiError("payload_too_large", "data: the CSV is larger than the 10 MiB limit.", { path: "data", limitBytes: maxCsvBytes });
		}
		const folderId = body.folderId ?? null;
		await assertFolderUsable(services, caller, folderId);
		const kind = body.kind ?? defaultKind;
		const dataset = body.data !== undefined ? parseCsv(body.data) : null;
		const data = dataset
			? await dataFromDataset(services, kind, dataset, readingOf(body.meta))
			: await dataFromReferences(services, kind, body.series ?? []);
		const meta = await validateMeta(services, caller, body.meta ?? {}, data);
		const snapshot: ChartSnapshot = { kind, meta, seriesRefs: body.series ?? [], folderId, ...data };
		const chart = await storeNewChart(services, caller, snapshot, dataset, now);
		return createdChartResponse(createdChartResource(chart, services.config.embedBase), unknownSettingWarnings(body.meta));
	},
});

export const getChartRoute = defineRoute({
	method: "GET",
	path: "/v1/charts/:id",
	readOnly: true,
	tag,
	summary: "Read a chart",
	description: 'Answers with `ETag: "<version>"`; send it back as `If-Match` to make a write conditional.',
	access: "chart:read",
	body: { type: "none" },
	responses: { 200: { description: "The chart", schema: Chart } },
	errors: ["not_found"],
	async handler({ services, caller, params }) {
		return chartResponse(await loadChart(services, caller, params.id as string), services);
	},
});

export const patchChartRoute = defineRoute({
	method: "PATCH",
	path: "/v1/charts/:id",
	tag,
	summary: "Update a chart",
	description:
		"Any of `kind`, `series` or `data` (CSV, up to 10 MiB; it ends a link, as `PUT …/data` does; `null` removes the data, while an empty `series` leaves a chart's own table as it is), `meta` (a JSON merge patch: objects merge, null removes a key) and `folderId`, in one version: new data is read with the patched `meta.columns`. Honours `If-Match`. Answers the full chart; a key without `chart:read` gets only `{ id, version, updatedAt }`.",
	access: "chart:write",
	body: { type: "json", schema: PatchChartBody, maxBytes: maxCsvBytes + maxJsonBytes },
	responses: {
		200: { description: "The updated chart, or `{ id, version, updatedAt }` for a key without `chart:read`", schema: ChartOrReceipt },
	},
	errors: [
		"not_found",
		"invalid_kind",
		"invalid_series",
		"invalid_data",
		"invalid_folder",
		"invalid_theme",
		"invalid_transform",
		"precondition_failed",
		"conflict",
	],
	async handler({ body, services, caller, params, request, now }) {
		if (body.series !== undefined && body.data !== undefined) {
			throw new ApiError("invalid_body", "Give either series (library statistics) or data (your CSV), not both.", { path: "series" });
		}
		if (typeof body.data === "string" && new TextEncoder().encode(body.data).byteLength > maxCsvBytes) {
			throw new ApiError("payload_too_large", "data: the CSV is larger than the 10 MiB limit.", { path: "data", limitBytes: maxCsvBytes });
		}
		// Only new data makes room past the JSON limit: settings alone stay within 1 MiB.
		if (typeof body.data !== "string" && new TextEncoder().encode(JSON.stringify(body)).byteLength > maxJsonBytes)
			throw tooLarge(maxJsonBytes);
		// Parsed once: a write that loses a race reads it again for the fresh kind and settings only.
		const dataset = typeof body.data === "string" ? parseCsv(body.data) : null;
		const removesData = body.data === null;
		const chart = await writeChart(services, caller, params.id as string, expectedVersionOf(request), now, async (current) => {
			const { next, meta } = applyChartPatch(current, {
				kind: body.kind,
				seriesRefs: seriesPatch(body.series, current),
				metaPatch: body.meta,
				folderId: body.folderId,
			});
			if (next.folderId !== current.folderId) await assertFolderUsable(services, caller, next.folderId);
			// New references are resolved for the new kind; a new kind alone re-checks the data it has.
			if (dataset) Object.assign(next, { seriesRefs: [] }, await dataFromDataset(services, next.kind, dataset, readingOf(meta)));
			else if (removesData) Object.assign(next, { seriesRefs: [] }, noData);
			else if (seriesPatch(body.series, current) !== undefined)
				Object.assign(next, await dataFromReferences(services, next.kind, next.seriesRefs));
			else if (next.kind !== current.kind || readsDifferently(current.meta, meta))
				Object.assign(next, await dataForKind(services, current, next.kind, readingOf(meta)));
			const snapshot = { ...next, meta: await validateMeta(services, caller, meta, next, current.meta.theme) };
			if (sameSnapshot(snapshot, current)) return null;
			if (dataset) return { next: snapshot, action: "data", dataShape: shapeOf(dataset), link: { end: true } };
			// New series (or none) replace the chart's data, a link's included: the link ends in the same write.
			const replacesData = removesData || seriesPatch(body.series, current) !== undefined;
			return replacesData ? { next: snapshot, action: "update", link: { end: true } } : { next: snapshot, action: "update" };
		});
		// A concurrent chart delete may have removed this shared blob before the row named it (D29).
		if (dataset) await confirmDatasetStored(services, chart.dataBlobKey, dataset);
		return chartWriteResponse(chart, services, caller, unknownSettingWarnings(body.meta));
	},
});

/**
 * The series a PATCH sets. An empty list on a chart with its own table changes nothing: a client
 * that sends back the `series` it read must not remove the data (`data: null` does that).
 */
function seriesPatch(series: SeriesReference[] | undefined, current: ChartSnapshot): SeriesReference[] | undefined {
	return series !== undefined && series.length === 0 && current.seriesRefs.length === 0 ? undefined : series;
}

export const deleteChartRoute = defineRoute({
	method: "DELETE",
	path: "/v1/charts/:id",
	tag,
	summary: "Delete a chart",
	description: "Removes the chart and its version history. Honours `If-Match`.",
	access: "chart:write",
	body: { type: "none" },
	responses: { 200: { description: "Deleted", schema: Deleted } },
	errors: ["not_found", "precondition_failed", "conflict"],
	async handler({ services, caller, params, request }) {
		const id = params.id as string;
		const expectedVersion = expectedVersionOf(request);
		return retryConditionalWrite(
			async () => {
				const current = await loadChart(services, caller, id);
				assertExpectedVersion(expectedVersion, current.version);
				const result = await deleteChart(services.d1, caller.workspaceId, id, current.version);
				if (!result.deleted) return null;
				// The embed is down at once (the row is gone). Its snapshots and the data blobs nothing
				// else names go before the answer (D29), so a client that saw 200 sees them gone.
				await removeDeletedChartFiles(services, id, result.blobKeys);
				return json({ deleted: true });
			},
			{ budget: maxDeleteAttempts, conflictMessage: "The chart kept changing while this request tried to delete it. Retry the request." },
		);
	},
});

export const chartRoutes = [createChartRoute, getChartRoute, patchChartRoute, deleteChartRoute];
