/**
 * The CSV export (docs/contract.md#section-2-4, docs/design.md#section-4): every column of the dataset in order, and right after
 * each transformed series its transformed values as `<name> (transformed)`. Hidden series are
 * exported too: hiding is a drawing choice. Text cells that a spreadsheet would read as a
 * formula (starting with = + - @, tab or CR) get a leading `'`.
 */
import Papa from "papaparse";
import { applyTransform } from "./apply-transforms";
import type { Cell, Dataset } from "./dataset";
import type { SeriesTransform } from "./transforms";

function hasOps(transform: SeriesTransform | undefined): transform is SeriesTransform {
	return (transform?.ops?.length ?? 0) > 0;
}

export function exportCsv(dataset: Dataset, seriesNames: readonly string[], transforms: Record<string, SeriesTransform> = {}): string {
	const series = new Set(seriesNames);
	const fields: string[] = [];
	const columns: Cell[][] = [];
	for (const column of dataset.columns) {
		fields.push(column.name);
		columns.push(column.values);
		const transform = transforms[column.name];
		if (series.has(column.name) && column.type === "number" && hasOps(transform)) {
			fields.push(`${column.name} (transformed)`);
			columns.push(applyTransform(column.values as (number | null)[], transform));
		}
	}
	const rows = (columns[0] ?? []).map((_, row) => columns.map((values) => values[row] ?? null));
	return `${Papa.unparse({ fields, data: rows }, { escapeFormulae: true, newline: "\n" })}\n`;
}
