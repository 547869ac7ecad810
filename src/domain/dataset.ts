/**
 * A chart's data: an ordered list of typed columns (docs/design.md#section-4). Own CSV and library statistics
 * both become a dataset; layouts, transforms, renderers and the CSV export read only this.
 */
import { z } from "zod";

export const Cell = z.union([z.string(), z.number(), z.null()]);
export type Cell = z.infer<typeof Cell>;

export const ColumnType = z.enum(["text", "number", "date"]);
export type ColumnType = z.infer<typeof ColumnType>;

export const DatasetColumn = z.object({ name: z.string(), type: ColumnType, values: z.array(Cell) });
export type DatasetColumn = z.infer<typeof DatasetColumn>;

export const Dataset = z.object({ columns: z.array(DatasetColumn) });
export type Dataset = z.infer<typeof Dataset>;

const ColumnHeader = z.object({ name: z.string(), type: ColumnType, values: z.array(z.unknown()) });

/**
 * Validates a stored dataset read back as JSON. Same rules as `Dataset`, but cells are checked
 * in a plain loop: zod per cell costs ~100 ms on a 600,000-cell dataset.
 */
export function parseStoredDataset(json: unknown): Dataset {
	const columns = z.object({ columns: z.array(ColumnHeader) }).parse(json).columns;
	for (const column of columns) {
		for (const cell of column.values) {
			if (cell !== null && typeof cell !== "number" && typeof cell !== "string")
				throw new Error(`stored dataset column ${column.name} holds a ${typeof cell}`);
		}
	}
	return { columns: columns as DatasetColumn[] };
}

export function rowCount(dataset: Dataset): number {
	return dataset.columns[0]?.values.length ?? 0;
}

// Row and column numbers for messages live apart, so code that reads tables without zod can use them.
export { csvRowNumber, describeColumn } from "./dataset-rows";
// Defined apart so the error path can map it without loading zod at startup; the data code imports it from here.
export { InvalidDataError } from "./invalid-data";
