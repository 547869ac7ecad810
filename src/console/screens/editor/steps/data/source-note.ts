/**
 * The line at the top of the Data step saying where the chart's data comes from: library series
 * (with their sources' attribution), linked data or the person's own CSV, and its size.
 */
import type { Dataset } from "../../../../../domain/dataset";
import type { Chart, SeriesReference } from "../../../../lib/chart-types";

/** A source of the statistics library, as `GET /v1/sources` lists it. */
export interface Source {
	id: string;
	title: string;
	attribution: string;
}

export function sourceNote(chart: Chart, dataset: Dataset | null, sources: Source[] | null): string | null {
	if (chart.seriesReferences.length > 0) {
		const ids = new Set(chart.seriesReferences.map((reference) => sourceIdOf(reference)));
		const named = (sources ?? []).filter((source) => ids.has(source.id));
		const count = `${chart.seriesReferences.length} ${chart.seriesReferences.length === 1 ? "series" : "series"} from the statistics library`;
		if (named.length === 0) return `${count}.`;
		return `${count}. Source: ${named.map((source) => source.attribution || source.title).join("; ")}.`;
	}
	if (!dataset) return null;
	const rows = dataset.columns[0]?.values.length ?? 0;
	const kind = chart.dataSource ? "Linked data, read from a URL" : "Your own data (CSV)";
	return `${kind}, ${rows.toLocaleString()} ${rows === 1 ? "row" : "rows"} × ${dataset.columns.length} ${dataset.columns.length === 1 ? "column" : "columns"}.`;
}

function sourceIdOf(reference: SeriesReference): string {
	if ("source" in reference) return reference.source;
	return reference.statistic.split(".")[0] ?? "";
}
