/**
 * The CSV exporter: the chart's current data, raw and transformed columns side by side. Every
 * row goes out, however many the drawings leave out.
 */
import { exportCsv } from "../domain/csv-export";
import type { Dataset } from "../domain/dataset";
import type { Meta } from "../domain/meta";
import type { ExportFile } from "./exporters";

export interface CsvExportInput {
	dataset: Dataset;
	seriesNames: readonly string[];
	meta: Pick<Meta, "seriesTransform">;
}

export function csvFile({ dataset, seriesNames, meta }: CsvExportInput): ExportFile {
	return {
		body: exportCsv(dataset, [...seriesNames], meta.seriesTransform),
		contentType: "text/csv; charset=utf-8",
		extension: "csv",
	};
}
