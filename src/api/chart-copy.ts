/**
 * `POST /v1/charts/{id}/copy`: a new chart with the source's kind, meta, data (or series
 * references) and folder, so a script can clone one chart for thirty cities. The optional body
 * overrides: `meta` is merged as a merge patch, `data` or `series` replaces the data, `folderId`
 * files the copy elsewhere. The source is only read; the copy gets its own history from version 1.
 */

import { ApiError } from "../api-error";
import { maxCsvBytes, maxJsonBytes } from "../domain/body-limits";
import type { ChartSnapshot } from "../domain/chart";
import { parseCsv } from "../domain/csv-parse";
import type { Dataset } from "../domain/dataset";
import { applyMergePatch } from "../domain/merge-patch";
import { unknownSettingWarnings } from "../domain/meta-warnings";
import { defineRoute } from "../http/route";
import { storeNewChart } from "../services/chart-create";
import type { ChartData } from "../services/chart-data";
import { dataForKind, dataFromDataset, dataFromReferences, datasetOf } from "../services/chart-data";
import { assertFolderUsable, loadChart, readingOf, readsDifferently, validateMeta } from "../services/chart-writes";
import { chartWriteReceipt, createdChartResource, createdChartResponse, readsCharts } from "./chart-resource";
import { ChartCreatedOrReceipt, CopyChartBody } from "./schemas";

export const copyChartRoute = defineRoute({
	method: "POST",
	path: "/v1/charts/:id/copy",
	tag: "Charts",
	summary: "Copy a chart",
	description:
		"A new chart with the same kind, meta, data or series references and folder. The body is optional: `meta` is merged into the copy's meta as a JSON merge patch, `data` (CSV) or `series` replaces its data, `folderId` files it elsewhere (null: no folder). Not published; its version history starts at 1. A key without `chart:read` gets only `{ id, version, updatedAt }` (the copy would show the source's name).",
	access: "chart:write",
	idempotent: true,
	body: { type: "json", schema: CopyChartBody, maxBytes: maxCsvBytes + maxJsonBytes, optional: true },
	responses: {
		201: { description: "The copy, or `{ id, version, updatedAt }` for a key without `chart:read`", schema: ChartCreatedOrReceipt },
	},
	errors: ["not_found", "invalid_series", "invalid_data", "invalid_folder", "invalid_theme", "invalid_transform"],
	async handler({ body, services, caller, params, now }) {
		const source = await loadChart(services, caller, params.id as string);
		if (body.series !== undefined && body.data !== undefined) {
			throw new ApiError("invalid_body", "Give either series (library statistics) or data (your CSV), not both.", { path: "series" });
		}
		if (body.data !== undefined && new TextEncoder().encode(body.data).byteLength > maxCsvBytes) {
			throw new ApiError("payload_too_large", "data: the CSV is larger than the 10 MiB limit.", { path: "data", limitBytes: maxCsvBytes });
		}
		const folderId = body.folderId === undefined ? source.folderId : body.folderId;
		await assertFolderUsable(services, caller, folderId);

		let data: ChartData;
		let dataset: Dataset | null;
		const merged = applyMergePatch(source.meta, body.meta ?? {});
		if (body.data !== undefined) {
			dataset = parseCsv(body.data);
			data = await dataFromDataset(services, source.kind, dataset, readingOf(merged));
		} else if (body.series !== undefined) {
			dataset = null;
			data = await dataFromReferences(services, source.kind, body.series);
		} else {
			// The copy names the source's blob; held in memory in case a delete of the source takes it meanwhile.
			dataset = source.dataBlobKey === null ? null : await datasetOf(services, source);
			data = readsDifferently(source.meta, merged)
				? await dataForKind(services, source, source.kind, readingOf(merged))
				: { seriesNames: source.seriesNames, columnRoles: source.columnRoles, dataBlobKey: source.dataBlobKey, hasData: source.hasData };
		}
		const meta = await validateMeta(services, caller, merged, data, source.meta.theme);
		const seriesRefs = body.data !== undefined ? [] : (body.series ?? source.seriesRefs);
		const snapshot: ChartSnapshot = { kind: source.kind, meta, seriesRefs, folderId, ...data };
		const chart = await storeNewChart(services, caller, snapshot, dataset, now);
		const answer = readsCharts(caller) ? createdChartResource(chart, services.config.embedBase) : chartWriteReceipt(chart);
		return createdChartResponse(answer, unknownSettingWarnings(body.meta));
	},
});
