/**
 * The kinds that fit a table, best first, for the Chart step's "Fits your table": read from
 * the columns' types with the server's own tests (a period column, an id column, a long table)
 * and kept only when the kind draws the table with roles chosen from them, so a suggestion is
 * never refused. A text column with numbers is bars first (categories, not a trend); a period
 * column with numbers is a line first; a long table a line with one series per value; two or
 * three measures beside labels a scatter too.
 */
import { readTable } from "../../domain/column-roles-auto";
import type { Dataset } from "../../domain/dataset";
import type { ChartKind } from "../../domain/kinds";
import { isIdColumn, isPeriodColumn } from "../../domain/period-columns";

/** At most this many suggestions: more would stop being a suggestion. */
const mostSuggested = 3;

function candidates(dataset: Dataset): ChartKind[] {
	const measures = dataset.columns.filter((column) => column.type === "number" && !isPeriodColumn(column) && !isIdColumn(column));
	const hasPeriod = dataset.columns.some(isPeriodColumn);
	const hasText = dataset.columns.some((column) => column.type === "text");
	if (measures.length === 0) return ["table"];
	let long = false;
	try {
		long = readTable("line", dataset, {}).roles.series !== undefined;
	} catch {
		long = false;
	}
	if (long) return ["line", "multiples", "horizontal-bar"];
	if (hasPeriod) return measures.length > 1 ? ["line", "multiples", "horizontal-bar"] : ["line", "horizontal-bar"];
	if (hasText) {
		const measured: ChartKind[] =
			measures.length === 1 ? ["pie", "treemap"] : measures.length === 2 ? ["dot", "scatter"] : ["scatter", "dot"];
		const many: ChartKind[] = ["multiples"];
		return ["horizontal-bar", ...(measures.length <= 3 ? measured : many)];
	}
	return measures.length >= 2 ? ["scatter", "line"] : ["line", "horizontal-bar"];
}

/** What a table asks to be drawn as, best first: each one draws it without being told more. */
export function suggestedKinds(dataset: Dataset): ChartKind[] {
	const draws = (kind: ChartKind) => {
		try {
			readTable(kind, dataset, {});
			return true;
		} catch {
			return false;
		}
	};
	return candidates(dataset).filter(draws).slice(0, mostSuggested);
}
