/**
 * Rows and columns as messages name them, apart from dataset.ts (its zod schemas) so the code
 * that reads a table for a chart (layouts, column roles) loads without a schema library.
 */
/** Column n (1-based) for messages, with its header. */
export function describeColumn(dataset: { columns: readonly { name: string }[] }, index: number): string {
	return `column ${index + 1} ("${dataset.columns[index]?.name ?? ""}")`;
}

/** Rows are numbered as in a spreadsheet: the header is row 1, the first data row is row 2. */
export function csvRowNumber(valueIndex: number): number {
	return valueIndex + 2;
}
