/**
 * Dates as people write them (`31/12/2024`, `12/31/2024`, `31.12.2024`): a stored table keeps
 * them as written, and a chart reads each such column as dates, day-first or month-first as its
 * values decide, or as `meta.dateOrder` says for a column whose every value reads either way.
 * Without that, an ambiguous column stays text (categories in row order): never a misread date.
 */
import type { DayMonthOrder } from "./csv-cells";
import { dayMonthOrderOf, isoFromDayMonth } from "./csv-cells";
import type { Dataset, DatasetColumn } from "./dataset";

export function readDayMonthDates(dataset: Dataset, dateOrder: DayMonthOrder | undefined): Dataset {
	let changed = false;
	const columns = dataset.columns.map((column) => {
		const read = readColumn(column, dateOrder);
		if (read !== column) changed = true;
		return read;
	});
	return changed ? { columns } : dataset;
}

function readColumn(column: DatasetColumn, dateOrder: DayMonthOrder | undefined): DatasetColumn {
	if (column.type !== "text") return column;
	const cells = column.values.map((cell) => (cell === null ? null : String(cell)));
	const found = dayMonthOrderOf(cells);
	const order = found === "ambiguous" ? dateOrder : (found ?? undefined);
	if (order === undefined) return column;
	return { name: column.name, type: "date", values: cells.map((cell) => (cell === null ? null : isoFromDayMonth(cell, order))) };
}
