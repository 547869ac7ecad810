/**
 * `PUT /v1/charts/{id}/data` (spec §2.6, §3): replaces a chart's data with own CSV. The data
 * must fit the chart's kind; it becomes a new version, and the chart stops using statistics.
 */
import { parseCsv } from "../domain/csv-parse";
import { maxCsvBytes } from "../http/body";
import { defineRoute } from "../http/route";
import { dataFromDataset } from "../services/chart-data";
import { validateMeta, writeChart } from "../services/chart-writes";
import { confirmDatasetStored } from "../services/data-retention";
import { shapeOf } from "../services/version-notes";
import { chartWriteResponse } from "./chart-resource";
import { ChartOrReceipt } from "./schemas";

export const putChartDataRoute = defineRoute({
	method: "PUT",
	path: "/v1/charts/:id/data",
	tag: "Charts",
	summary: "Load own data (CSV)",
	description:
		"The raw CSV is the body (`Content-Type: text/csv`): a header row, then data rows, in the layout of the chart's kind (see the README). At most 10 MiB, 200,000 rows and 500 columns. Honours `If-Match`. Answers the full chart; a key without `chart:read` gets only `{ id, version, updatedAt }`.",
	access: "chart:write",
	body: { type: "csv", maxBytes: maxCsvBytes },
	responses: {
		200: {
			description: "The chart with its new data, or `{ id, version, updatedAt }` for a key without `chart:read`",
			schema: ChartOrReceipt,
		},
	},
	errors: ["not_found", "invalid_data", "invalid_transform", "precondition_failed", "conflict"],
	async handler({ body, services, caller, params, request, now }) {
		// Parsed once: a write that loses a race re-checks the layout against the fresh kind only.
		const dataset = parseCsv(body);
		const chart = await writeChart(services, caller, request, params.id as string, now, async (current) => {
			const data = await dataFromDataset(services, current.kind, dataset);
			const next = { ...current, seriesRefs: [], ...data };
			return {
				next: { ...next, meta: await validateMeta(services, caller, current.meta, next, current.meta.theme) },
				action: "data",
				dataShape: shapeOf(dataset),
			};
		});
		// A concurrent chart delete may have removed this shared blob before the row named it (D29).
		await confirmDatasetStored(services, chart.dataBlobKey, dataset);
		return chartWriteResponse(chart, services, caller);
	},
});

export const chartDataRoutes = [putChartDataRoute];
