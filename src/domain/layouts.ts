/**
 * The column layout each chart kind needs (docs/design.md#section-4), checked against a dataset. A fitting
 * dataset yields the chart's series names (the keys of `meta.seriesTransform`); one that does
 * not fit throws `InvalidDataError` saying which column or row is wrong and what was expected.
 */
import { dayMonthOrderOf, firstNonNumberCell, isIsoDate } from "./csv-cells";
import type { Dataset, DatasetColumn } from "./dataset";
import { csvRowNumber, describeColumn } from "./dataset-rows";
import { InvalidDataError } from "./invalid-data";
import type { ChartKind } from "./kinds";
import { regionKey } from "./region-key";

/** What each kind expects, in words: used in error messages and docs/data.md. */
export const layoutDescriptions: Record<ChartKind, string> = {
	line: "a category or period column, then one number column per series",
	"horizontal-bar": "a category column, then one number column per series",
	themeriver: "a period column, then one number column per series",
	multiples: "a category or period column, then one number column per series",
	radar: "an axis (category) column, then one number column per series",
	pie: "a label column, then one or more number columns (the first visible one is drawn)",
	map: "a region column (ISO code or name), then one or more number columns",
	treemap: "one label column (or several, forming the path), then number column(s); nested paths take exactly one",
	scatter: "an optional label column, then x, y and an optional size number column; an optional second text column groups points",
	dot: "a category column, then two or more number columns",
	range: "a category column, then a start and an end number column",
	arrow: "a category column, then a start and an end number column",
	candlestick: "date, open, high, low, close and an optional volume column",
	heatmap: "x, y and a number value column; or a date column and one number column for a calendar",
	sankey: "source, target and a non-negative number value column",
	boxplot: "group and value (raw samples), or group, min, q1, median, q3, max",
	table: "any columns",
};

function fail(kind: ChartKind, problem: string, details?: { row?: number; column?: string }): never {
	throw new InvalidDataError(`${problem} A ${kind} chart needs ${layoutDescriptions[kind]}.`, details);
}

function isNumeric(column: DatasetColumn): boolean {
	return column.type === "number";
}

function requireNumeric(kind: ChartKind, dataset: Dataset, index: number): void {
	const column = dataset.columns[index];
	if (!column || isNumeric(column)) return;
	const badRow = firstNonNumberCell(column.values);
	fail(
		kind,
		`${describeColumn(dataset, index)} must hold numbers, but row ${csvRowNumber(badRow)} has "${String(column.values[badRow])}".`,
		{
			row: csvRowNumber(badRow),
			column: column.name,
		},
	);
}

/** Dates are typed per column: name the first cell that kept the column from being dates. */
function requireDates(kind: ChartKind, dataset: Dataset, index: number, purpose: string): void {
	const column = dataset.columns[index];
	if (!column || column.type === "date") return;
	const badRow = column.values.findIndex((value) => value !== null && !isIsoDate(String(value)));
	if (badRow < 0) fail(kind, `${describeColumn(dataset, index)} must hold dates ${purpose}.`, { column: column.name });
	// Day/month dates whose every cell reads either way (`01/02/2024`) are dates once the order is said.
	if (dayMonthOrderOf(column.values.map((value) => (value === null ? null : String(value)))) === "ambiguous")
		fail(
			kind,
			`${describeColumn(dataset, index)} must hold dates ${purpose}: its dates, such as "${String(column.values[badRow])}" in row ${csvRowNumber(badRow)}, read with the day first or the month first. Say which with meta.dateOrder: "day-first" or "month-first".`,
			{ row: csvRowNumber(badRow), column: column.name },
		);
	fail(
		kind,
		`${describeColumn(dataset, index)} must hold dates ${purpose}, but row ${csvRowNumber(badRow)} has "${String(column.values[badRow])}", which is not a calendar date (YYYY-MM-DD or YYYY-MM).`,
		{ row: csvRowNumber(badRow), column: column.name },
	);
}

/**
 * A column that reads like dates but is not all calendar dates is almost certainly a typo
 * (`2026-02-30`): name the row. Any other text column is left as categories (trading sessions,
 * quarters), so a kind that usually has dates still takes labels.
 */
function refuseMistypedDates(kind: ChartKind, dataset: Dataset, index: number): void {
	const column = dataset.columns[index];
	if (column?.type !== "text") return;
	const present = column.values.filter((value) => value !== null).map(String);
	if (present.length === 0 || !present.every((text) => dateShape.test(text))) return;
	requireDates(kind, dataset, index, "(they look like dates)");
}

const dateShape = /^\d{4}-\d{2}(-\d{2})?([T ]|$)/;

function requireColumns(kind: ChartKind, dataset: Dataset, min: number, max = Number.POSITIVE_INFINITY): void {
	const count = dataset.columns.length;
	if (count < min || count > max) {
		const expected = max === min ? `${min}` : max === Number.POSITIVE_INFINITY ? `at least ${min}` : `${min} to ${max}`;
		fail(kind, `The data has ${count} column${count === 1 ? "" : "s"}; ${expected} expected.`);
	}
}

function names(dataset: Dataset, from: number, to = dataset.columns.length): string[] {
	return dataset.columns.slice(from, to).map((column) => column.name);
}

function numberAt(column: DatasetColumn | undefined, row: number): number | null {
	const value = column?.values[row];
	return typeof value === "number" ? value : null;
}

/** Category, then numeric columns from `first` on: the wide layout most kinds share. */
function wide(kind: ChartKind, dataset: Dataset, minSeries: number): string[] {
	requireColumns(kind, dataset, 1 + minSeries);
	for (let i = 1; i < dataset.columns.length; i++) requireNumeric(kind, dataset, i);
	return names(dataset, 1);
}

function treemap(dataset: Dataset): string[] {
	requireColumns("treemap", dataset, 2);
	const firstNumeric = dataset.columns.findIndex(isNumeric);
	if (firstNumeric < 1) fail("treemap", firstNumeric === 0 ? "The first column must be a label, not numbers." : "No column holds numbers.");
	for (let i = firstNumeric; i < dataset.columns.length; i++) requireNumeric("treemap", dataset, i);
	if (firstNumeric > 1 && dataset.columns.length - firstNumeric !== 1) {
		fail(
			"treemap",
			`A nested treemap (${firstNumeric} path columns) takes exactly one value column, not ${dataset.columns.length - firstNumeric}.`,
		);
	}
	return names(dataset, firstNumeric);
}

function scatter(dataset: Dataset): string[] {
	requireColumns("scatter", dataset, 2, 5);
	const numeric = dataset.columns.filter(isNumeric);
	const text = dataset.columns.length - numeric.length;
	if (numeric.length < 2 || numeric.length > 3)
		fail("scatter", `The data has ${numeric.length} number column${numeric.length === 1 ? "" : "s"}; 2 (x, y) or 3 (x, y, size) expected.`);
	if (text > 2) fail("scatter", `The data has ${text} text columns; at most 2 (label and group) expected.`);
	return numeric.slice(1).map((column) => column.name);
}

function candlestick(dataset: Dataset): string[] {
	requireColumns("candlestick", dataset, 5, 6);
	refuseMistypedDates("candlestick", dataset, 0);
	for (let i = 1; i < dataset.columns.length; i++) requireNumeric("candlestick", dataset, i);
	const [, open, high, low, close] = dataset.columns;
	const rows = dataset.columns[0]?.values.length ?? 0;
	for (let row = 0; row < rows; row++) {
		const [o, h, l, c] = [numberAt(open, row), numberAt(high, row), numberAt(low, row), numberAt(close, row)];
		if (o === null || h === null || l === null || c === null) continue;
		if (l > Math.min(o, c) || h < Math.max(o, c)) {
			fail("candlestick", `Row ${csvRowNumber(row)} has low ${l} and high ${h}, which do not contain open ${o} and close ${c}.`, {
				row: csvRowNumber(row),
			});
		}
	}
	return names(dataset, 1, 5);
}

function heatmap(dataset: Dataset): string[] {
	requireColumns("heatmap", dataset, 2, 3);
	if (dataset.columns.length === 2) {
		requireDates("heatmap", dataset, 0, "(a calendar)");
		requireNumeric("heatmap", dataset, 1);
		return names(dataset, 1);
	}
	requireNumeric("heatmap", dataset, 2);
	return names(dataset, 2);
}

function sankey(dataset: Dataset): string[] {
	requireColumns("sankey", dataset, 3, 3);
	requireNumeric("sankey", dataset, 2);
	const [source, target, value] = dataset.columns as [DatasetColumn, DatasetColumn, DatasetColumn];
	const edges = new Map<string, Set<string>>();
	source.values.forEach((from, row) => {
		const to = target.values[row];
		const amount = value.values[row];
		const at = { row: csvRowNumber(row) };
		if (from === null || to === null) fail("sankey", `Row ${at.row} has an empty source or target.`, at);
		if (String(from) === String(to))
			fail("sankey", `Row ${at.row} links "${from}" to itself; a flow must go from one node to another.`, at);
		if (typeof amount === "number" && amount < 0) fail("sankey", `Row ${at.row} has a negative value ${amount}.`, at);
		const targets = edges.get(String(from)) ?? new Set<string>();
		targets.add(String(to));
		edges.set(String(from), targets);
	});
	const cycle = findCycle(edges);
	if (cycle) {
		fail(
			"sankey",
			`The flows form a cycle (${describeCycle(cycle)}), ${cycle.length - 1} links long; a sankey diagram needs flows that never return to a node.`,
		);
	}
	return names(dataset, 2);
}

/**
 * A cycle among the links as the nodes along it (the first repeated at the end), or null.
 * A depth-first walk with an explicit stack: a chain of links is as long as the data, far past
 * what recursion survives (D23).
 */
function findCycle(edges: ReadonlyMap<string, ReadonlySet<string>>): string[] | null {
	const state = new Map<string, "visiting" | "done">();
	for (const start of edges.keys()) {
		if (state.has(start)) continue;
		const cycle = cycleReachableFrom(start, edges, state);
		if (cycle) return cycle;
	}
	return null;
}

function cycleReachableFrom(
	start: string,
	edges: ReadonlyMap<string, ReadonlySet<string>>,
	state: Map<string, "visiting" | "done">,
): string[] | null {
	const noTargets: ReadonlySet<string> = new Set();
	// The path from `start` to the node being explored, and for each node the targets it has left.
	const path: string[] = [start];
	const remainingTargets: Iterator<string>[] = [(edges.get(start) ?? noTargets).values()];
	state.set(start, "visiting");
	while (path.length > 0) {
		const next = (remainingTargets[remainingTargets.length - 1] as Iterator<string>).next();
		if (next.done) {
			state.set(path.pop() as string, "done");
			remainingTargets.pop();
			continue;
		}
		const node = next.value;
		const seen = state.get(node);
		if (seen === "done") continue;
		// Only ever searched once, when the walk ends: the whole check stays linear.
		if (seen === "visiting") return [...path.slice(path.indexOf(node)), node];
		state.set(node, "visiting");
		path.push(node);
		remainingTargets.push((edges.get(node) ?? noTargets).values());
	}
	return null;
}

/** A cycle for a message: long ones keep their start and end, so the message stays readable. */
export function describeCycle(cycle: readonly string[], shown = 10): string {
	if (cycle.length <= shown + 2) return cycle.join(" → ");
	const head = cycle.slice(0, shown / 2);
	const tail = cycle.slice(-shown / 2);
	return `${head.join(" → ")} → … ${cycle.length - shown} more … → ${tail.join(" → ")}`;
}

function boxplot(dataset: Dataset): string[] {
	const count = dataset.columns.length;
	if (count !== 2 && count !== 6)
		fail("boxplot", `The data has ${count} columns; 2 (group, value) or 6 (group, min, q1, median, q3, max) expected.`);
	for (let i = 1; i < count; i++) requireNumeric("boxplot", dataset, i);
	if (count === 6) {
		const rows = dataset.columns[0]?.values.length ?? 0;
		for (let row = 0; row < rows; row++) {
			const stats = dataset.columns.slice(1).map((column) => numberAt(column, row));
			const present = stats.filter((v): v is number => v !== null);
			if (present.some((v, i) => i > 0 && v < (present[i - 1] as number))) {
				fail("boxplot", `Row ${csvRowNumber(row)} is not ordered min ≤ q1 ≤ median ≤ q3 ≤ max.`, { row: csvRowNumber(row) });
			}
		}
	}
	return names(dataset, 1);
}

/**
 * How a chart draws its table, where that decides what the layout checks. Without it the table is
 * read as own data with no series hidden.
 */
export interface LayoutDrawing {
	/** The series `meta.seriesTransform` hides: a pie or a flat treemap draws the first one not hidden. */
	hidden?: ReadonlySet<string>;
	/**
	 * Library statistics aligned by period: a pie or treemap draws each series' value at one period
	 * (the latest, or `meta.period`), so the renderer, not the layout, leaves out parts below zero.
	 */
	fromStatistics?: boolean;
}

/** What a part-to-whole kind is, for the refusal of a part below zero. */
const wholes: Partial<Record<ChartKind, string>> = {
	pie: "a pie shows parts of a whole",
	treemap: "a treemap shows parts of a whole as areas",
};

/**
 * The value column a pie or treemap draws its parts from: the first number column not hidden
 * (a nested treemap's one value column, which hiding does not change), or -1 when none is drawn.
 */
function partsColumn(kind: ChartKind, dataset: Dataset, drawing: LayoutDrawing): number {
	const first = kind === "pie" ? 1 : dataset.columns.findIndex(isNumeric);
	if (first < 1) return -1;
	if (kind === "treemap" && first > 1) return first;
	return dataset.columns.findIndex((column, index) => index >= first && !drawing.hidden?.has(column.name));
}

/** A pie's or treemap's parts must be 0 or more: ECharts leaves a negative one out of the whole and still names it. */
function refuseNegativeParts(kind: ChartKind, dataset: Dataset, drawing: LayoutDrawing): void {
	const whole = wholes[kind];
	if (!whole || drawing.fromStatistics) return;
	const index = partsColumn(kind, dataset, drawing);
	const column = dataset.columns[index];
	if (!column) return;
	const negative = (cell: unknown) => typeof cell === "number" && cell < 0;
	const row = column.values.findIndex(negative);
	if (row < 0) return;
	// Another number column beside it that could be drawn instead (`party,change,seats`): say how.
	const label = dataset.columns[0];
	const other = index === 1 ? dataset.columns.find((c, i) => i > index && isNumeric(c) && !c.values.some(negative)) : undefined;
	const roles = label && other ? { [kind === "pie" ? "label" : "path"]: label.name, value: other.name } : undefined;
	throw new InvalidDataError(
		`Row ${csvRowNumber(row)} has a negative value (${String(column.values[row])}) in "${column.name}": ${whole}, so every part must be 0 or more. Draw values that fall below zero (changes, balances) as a bar chart${other ? `, or draw "${other.name}" instead: meta.columns ${JSON.stringify(roles)}` : ""}.`,
		{ row: csvRowNumber(row), column: column.name, ...(roles ? { columns: roles } : {}) },
	);
}

const trimmed = (cell: unknown) => (cell === null || cell === undefined ? "" : String(cell).trim());

/**
 * The first row that gives a key an earlier row gave (in one pass, with a Set's worth of keys):
 * the two rows, as array indexes, or null. Rows whose key is empty are left to other checks.
 */
function repeatedKey(rows: number, keyOf: (row: number) => string): { first: number; again: number } | null {
	const firstRow = new Map<string, number>();
	for (let row = 0; row < rows; row++) {
		const key = keyOf(row);
		if (key === "") continue;
		const first = firstRow.get(key);
		if (first !== undefined) return { first, again: row };
		firstRow.set(key, row);
	}
	return null;
}

/** "Rows 2 and 3 both give "FRA"", or, when they spell it differently, "Rows 2 ("FRA") and 3 ("fra") both give one region". */
function bothGive(first: number, again: number, firstText: string, againText: string, what: string): string {
	const [a, b] = [csvRowNumber(first), csvRowNumber(again)];
	return firstText === againText
		? `Rows ${a} and ${b} both give ${firstText}`
		: `Rows ${a} (${firstText}) and ${b} (${againText}) both give one ${what}`;
}

/**
 * A pie's label, a map's region and a heatmap's cell (its x and y, or a calendar's date) name one
 * part each: a second row giving the same one would be drawn as a second slice of the same name,
 * the last row's value over the first's, or cells averaged without a word.
 */
function refuseRepeatedParts(kind: ChartKind, dataset: Dataset, drawing: LayoutDrawing): void {
	if (drawing.fromStatistics) return;
	const [first, second] = dataset.columns;
	if (!first) return;
	const rows = first.values.length;
	const quote = (cell: unknown) => `"${trimmed(cell)}"`;
	if (kind === "pie") {
		const found = repeatedKey(rows, (row) => trimmed(first.values[row]));
		if (!found) return;
		throw new InvalidDataError(
			`${bothGive(found.first, found.again, quote(first.values[found.first]), quote(first.values[found.again]), "label")} in "${first.name}": a pie shows one slice per label. Keep one row per label (add up their values first).`,
			{ row: csvRowNumber(found.again), column: first.name },
		);
	}
	if (kind === "map") {
		const found = repeatedKey(rows, (row) => regionKey(trimmed(first.values[row])));
		if (!found) return;
		throw new InvalidDataError(
			`${bothGive(found.first, found.again, quote(first.values[found.first]), quote(first.values[found.again]), "region")}: a map shows one value per region. Keep one row per region (one year's rows, for a table of several years).`,
			{ row: csvRowNumber(found.again), column: first.name },
		);
	}
	if (kind === "heatmap" && dataset.columns.length === 2) {
		const found = repeatedKey(rows, (row) => trimmed(first.values[row]));
		if (!found) return;
		throw new InvalidDataError(
			`Rows ${csvRowNumber(found.first)} and ${csvRowNumber(found.again)} both give ${first.name} ${quote(first.values[found.again])}: a calendar heatmap shows one value per date. Keep one row per date (add up or average the others first).`,
			{ row: csvRowNumber(found.again), column: first.name },
		);
	}
	if (kind === "heatmap" && second) {
		const found = repeatedKey(rows, (row) => {
			const [x, y] = [trimmed(first.values[row]), trimmed(second.values[row])];
			return x === "" || y === "" ? "" : `${x}\u0000${y}`;
		});
		if (!found) return;
		const at = found.again;
		throw new InvalidDataError(
			`Rows ${csvRowNumber(found.first)} and ${csvRowNumber(at)} both give ${first.name} ${quote(first.values[at])} and ${second.name} ${quote(second.values[at])}: a heatmap shows one value per cell. Keep one row per pair of ${first.name} and ${second.name} (add up or average the others first).`,
			{ row: csvRowNumber(at), column: first.name },
		);
	}
}

/**
 * Checks `dataset` against the kind's layout and returns the chart's series names. Past the
 * columns' layout, the values a pie or treemap draws must be 0 or more, and a pie's labels, a
 * map's regions and a heatmap's cells must each appear once (docs/data.md).
 */
export function seriesForLayout(kind: ChartKind, dataset: Dataset, drawing: LayoutDrawing = {}): string[] {
	const series = layoutSeries(kind, dataset);
	refuseNegativeParts(kind, dataset, drawing);
	refuseRepeatedParts(kind, dataset, drawing);
	return series;
}

function layoutSeries(kind: ChartKind, dataset: Dataset): string[] {
	switch (kind) {
		case "line":
		case "horizontal-bar":
		case "themeriver":
		case "multiples":
		case "radar":
		case "pie":
		case "map":
			return wide(kind, dataset, 1);
		case "dot":
		case "range":
		case "arrow":
			return wide(kind, dataset, 2);
		case "treemap":
			return treemap(dataset);
		case "scatter":
			return scatter(dataset);
		case "candlestick":
			return candlestick(dataset);
		case "heatmap":
			return heatmap(dataset);
		case "sankey":
			return sankey(dataset);
		case "boxplot":
			return boxplot(dataset);
		case "table":
			requireColumns("table", dataset, 1);
			return dataset.columns.filter(isNumeric).map((column) => column.name);
	}
}
