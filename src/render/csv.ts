/**
 * The CSV exporter: the chart's current data, raw and transformed columns side by side.
 */
import { exportCsv } from "../domain/csv-export";
import { datasetOf } from "../services/chart-data";
import type { Exporter } from "./exporters";

export const csvExporter: Exporter = async (chart, _options, services) => {
	const dataset = await datasetOf(services, chart);
	if (!dataset) throw new Error(`chart ${chart.id} has no dataset`);
	return {
		body: exportCsv(dataset, chart.seriesNames, chart.meta.seriesTransform),
		contentType: "text/csv; charset=utf-8",
		extension: "csv",
	};
};
