/**
 * The roles a table's columns play when `meta.columns` does not say, chosen from the columns'
 * types the way Flourish binds columns: a table in its kind's layout (docs/data.md) is read
 * exactly as it always was; a long table (a text column whose values repeat, a period or
 * category column and one value column) is read in the tidy form; extra text columns beside a
 * wide table's numbers are left out; a period or id column is never drawn as a series. A table
 * whose roles cannot be chosen without guessing is refused with roles that would work.
 */
import type { ColumnRoles, RoleForm, RoleSpec } from "./column-roles";
import { columnsOf, kindRoleForms, projectDataset } from "./column-roles";
import type { DayMonthOrder } from "./csv-cells";
import { firstNonNumberCell, isMissingValueMark, isNumberText } from "./csv-cells";
import type { Dataset, DatasetColumn } from "./dataset";
import { csvRowNumber, describeColumn } from "./dataset-rows";
import { inDrawingOrder } from "./drawing-order";
import { InvalidDataError } from "./invalid-data";
import type { ChartKind } from "./kinds";
import type { LayoutDrawing } from "./layouts";
import { seriesForLayout } from "./layouts";
import { isIdColumn, isPeriodColumn } from "./period-columns";
import { readDayMonthDates } from "./table-dates";

/** What a chart draws of its table: the roles in use, the projected table and its series. */
export interface ReadTable {
	roles: ColumnRoles;
	drawn: Dataset;
	seriesNames: string[];
}

function isValueColumn(column: DatasetColumn): boolean {
	return column.type === "number" && !isPeriodColumn(column) && !isIdColumn(column);
}

/** A text column at least half of whose filled cells are numbers: a number column with a few cells mistyped. */
function isMostlyNumbers(column: DatasetColumn): boolean {
	if (column.type !== "text") return false;
	let filled = 0;
	let numbers = 0;
	for (const cell of column.values) {
		if (cell === null || isMissingValueMark(String(cell))) continue;
		filled++;
		if (isNumberText(String(cell))) numbers++;
	}
	return filled > 0 && numbers * 2 >= filled;
}

function repeats(column: DatasetColumn): boolean {
	const seen = new Set<string>();
	for (const cell of column.values) {
		if (cell === null) continue;
		const key = String(cell);
		if (seen.has(key)) return true;
		seen.add(key);
	}
	return false;
}

const wideKinds = new Set<ChartKind>(["line", "themeriver", "multiples", "horizontal-bar", "dot", "radar", "range", "arrow"]);
/**
 * The kinds whose roles may be chosen for a table outside their layout: one label column and
 * value columns leave nothing to guess. The others (a treemap's path, a boxplot's form, a
 * scatter's axes) are proposed, never chosen.
 */
const chosenKinds = new Set<ChartKind>([...wideKinds, "pie", "map"]);

/** The settings that decide how a table is read. */
export interface TableReading {
	columns?: ColumnRoles | undefined;
	dateOrder?: DayMonthOrder | undefined;
	/** Only `hidden` matters here: a pie draws its first value column not hidden. */
	seriesTransform?: Readonly<Record<string, { hidden?: boolean | undefined }>> | undefined;
}

/** What the layout check needs to know of how the chart draws its table. */
function drawingOf(reading: TableReading): LayoutDrawing {
	const hidden = Object.entries(reading.seriesTransform ?? {})
		.filter(([, transform]) => transform.hidden === true)
		.map(([name]) => name);
	return hidden.length > 0 ? { hidden: new Set(hidden) } : {};
}

/**
 * Reads `table` for `kind`: its day/month dates as `reading.dateOrder` and their values say, with
 * the roles `reading.columns` gives, or roles chosen from its columns.
 */
export function readTable(kind: ChartKind, table: Dataset, reading: TableReading): ReadTable {
	const dataset = readDayMonthDates(table, reading.dateOrder);
	const drawing = drawingOf(reading);
	const given = reading.columns;
	if (given !== undefined && Object.keys(given).length > 0) return read(kind, dataset, given, drawing);
	if (wideKinds.has(kind)) {
		const tidy = tidyRoles(dataset);
		if (tidy) {
			const attempt = tryRead(kind, dataset, tidy, drawing);
			if (attempt) return attempt;
		}
	}
	let layoutError: InvalidDataError | null = null;
	try {
		const seriesNames = seriesForLayout(kind, dataset, drawing);
		const roles = identityRoles(kind, dataset);
		const valuesRole = valueRoleOf(kind);
		if (!valuesRole || !drawsPeriodOrIdAsSeries(dataset, columnsOf(roles, valuesRole)))
			return { roles, drawn: inDrawingOrder(kind, dataset), seriesNames };
		// The layout, less the period or id columns it would draw as series; unless its label
		// column repeats: then the table is long (`sector,year,jobs,wages`), not wide.
		const values = columnsOf(roles, valuesRole).filter((name) => !drawsPeriodOrIdAsSeries(dataset, [name]));
		if (values.length > 0 && !labelRepeats(kind, dataset)) return read(kind, dataset, { ...roles, [valuesRole]: values }, drawing);
	} catch (error) {
		if (!(error instanceof InvalidDataError)) throw error;
		layoutError = error;
	}
	// A column of numbers with a typo in it (`2O`, `n/a`) is not a text column to leave out: its row is the problem.
	const mistyped = dataset.columns.find(isMostlyNumbers);
	if (layoutError && mistyped) throw mistypedNumbers(dataset, mistyped, layoutError);
	const proposal = proposeRoles(kind, dataset);
	const attempt = proposal.complete ? readOrRefusal(kind, dataset, proposal.roles, drawing) : null;
	const drawn = attempt instanceof InvalidDataError ? null : attempt;
	if (drawn && proposal.confident && chosenKinds.has(kind)) return drawn;
	// A proposal is worth making only when it draws: else the layout's (or the proposal's) own refusal says what is wrong.
	const refusal = layoutError ?? (attempt instanceof InvalidDataError ? attempt : null);
	if (refusal && !drawn) throw refusal;
	const why = layoutError ? `${layoutError.message} ` : "";
	throw new InvalidDataError(
		`${why}Which columns to draw could not be told from the data alone: say it in meta.columns, for example ${JSON.stringify(proposal.roles)}.`,
		{ ...layoutError?.details, columns: proposal.roles, validColumns: dataset.columns.map((column) => column.name) },
	);
}

function read(kind: ChartKind, dataset: Dataset, roles: ColumnRoles, drawing: LayoutDrawing): ReadTable {
	const drawn = projectDataset(kind, dataset, roles);
	// Checked before reordering, so a refusal names the row as the table has it.
	const seriesNames = seriesForLayout(kind, drawn, drawing);
	return { roles, drawn: inDrawingOrder(kind, drawn), seriesNames };
}

/** Does the column a layout reads as labels (the first: x, label, region) give a value twice? */
function labelRepeats(kind: ChartKind, dataset: Dataset): boolean {
	const first = dataset.columns[0];
	return first !== undefined && valueRoleOf(kind) !== null && repeats(first);
}

/**
 * The refusal for a number column with a few cells that are not numbers, naming that column and
 * its first such cell (the layout's own refusal may name a text column beside it instead).
 */
function mistypedNumbers(dataset: Dataset, column: DatasetColumn, layoutError: InvalidDataError): InvalidDataError {
	if (layoutError.details?.column === column.name) return layoutError;
	const bad = firstNonNumberCell(column.values);
	const row = csvRowNumber(Math.max(bad, 0));
	return new InvalidDataError(
		`${describeColumn(dataset, dataset.columns.indexOf(column))} must hold numbers, but row ${row} has "${String(column.values[bad] ?? "")}": correct the cell, or leave it empty for a missing value.`,
		{ row, column: column.name },
	);
}

function readOrRefusal(kind: ChartKind, dataset: Dataset, roles: ColumnRoles, drawing: LayoutDrawing): ReadTable | InvalidDataError {
	try {
		return read(kind, dataset, roles, drawing);
	} catch (error) {
		if (error instanceof InvalidDataError) return error;
		throw error;
	}
}

function tryRead(kind: ChartKind, dataset: Dataset, roles: ColumnRoles, drawing: LayoutDrawing): ReadTable | null {
	const read = readOrRefusal(kind, dataset, roles, drawing);
	return read instanceof InvalidDataError ? null : read;
}

/**
 * A long table: exactly one value column (with `measures: "any"`, the first of several), a text
 * column whose values repeat (the series), and one other column for x (a period preferred), with
 * each pair of x and series at most once.
 */
function tidyRoles(dataset: Dataset, measures: "one" | "any" = "one"): ColumnRoles | null {
	const valueColumns = dataset.columns.filter(isValueColumn);
	if (valueColumns.length === 0 || (measures === "one" && valueColumns.length !== 1) || dataset.columns.length < 3) return null;
	const others = dataset.columns.filter((column) => !isValueColumn(column));
	const seriesCandidates = others.filter((column) => column.type === "text" && repeats(column));
	for (const seriesColumn of seriesCandidates) {
		const xCandidates = others.filter((column) => column !== seriesColumn && !isIdColumn(column));
		const xColumn = xCandidates.find(isPeriodColumn) ?? (xCandidates.length === 1 ? xCandidates[0] : undefined);
		if (xColumn && repeats(xColumn) && pairsUnique(xColumn, seriesColumn)) {
			return { x: xColumn.name, y: (valueColumns[0] as DatasetColumn).name, series: seriesColumn.name };
		}
	}
	return null;
}

function pairsUnique(a: DatasetColumn, b: DatasetColumn): boolean {
	const seen = new Set<string>();
	for (let row = 0; row < a.values.length; row++) {
		const key = `${String(a.values[row])}\u0000${String(b.values[row])}`;
		if (seen.has(key)) return false;
		seen.add(key);
	}
	return true;
}

/** Today's layout of the kind, described as roles: what `columns` shows for a table already in it. */
function identityRoles(kind: ChartKind, dataset: Dataset): ColumnRoles {
	const names = dataset.columns.map((column) => column.name);
	if (kind === "scatter") {
		const numbers = dataset.columns.filter((c) => c.type === "number").map((c) => c.name);
		const texts = dataset.columns.filter((c) => c.type !== "number").map((c) => c.name);
		return compact({ x: numbers[0], y: numbers[1], size: numbers[2], label: texts[0], group: texts[1] });
	}
	if (kind === "treemap") {
		const firstNumber = dataset.columns.findIndex((c) => c.type === "number");
		return { path: names.slice(0, firstNumber), value: names.slice(firstNumber) };
	}
	const form = kindRoleForms[kind].find((f) => fitsCount(f, names.length)) ?? (kindRoleForms[kind][0] as RoleForm);
	const roles: ColumnRoles = {};
	let next = 0;
	form.roles.forEach((spec, index) => {
		const after = form.roles.slice(index + 1).filter((s) => !s.optional).length;
		if (spec.many) {
			roles[spec.role] = names.slice(next, names.length - after);
			next = names.length - after;
		} else if (next < names.length) roles[spec.role] = names[next++] as string;
	});
	return roles;
}

function fitsCount(form: RoleForm, count: number): boolean {
	if (form.tidy) return false;
	const required = form.roles.filter((s) => !s.optional).length;
	return form.roles.some((s) => s.many) ? count >= required : count >= required && count <= form.roles.length;
}

function compact(roles: Record<string, string | undefined>): ColumnRoles {
	return Object.fromEntries(Object.entries(roles).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/** The role whose columns a kind draws as series, for the kinds whose layout could draw a period or id column as one. */
function valueRoleOf(kind: ChartKind): "y" | "value" | null {
	if (wideKinds.has(kind)) return "y";
	return kind === "pie" || kind === "map" ? "value" : null;
}

/** Would these columns, drawn as series, draw a period or id column? (`country,year,value` as bars would draw `year`.) */
function drawsPeriodOrIdAsSeries(dataset: Dataset, drawnAsValues: readonly string[]): boolean {
	return dataset.columns.some((c) => drawnAsValues.includes(c.name) && (isPeriodColumn(c) || isIdColumn(c)));
}

/**
 * Roles from the columns' types: x (or a date) from a period column, else a text one; labels from
 * text columns; values from the number columns that are neither periods nor ids. `confident`
 * when no role had to pick between candidates that could each be right.
 */
function proposeRoles(kind: ChartKind, dataset: Dataset): { roles: ColumnRoles; confident: boolean; complete: boolean } {
	// A long table with several measures (`sector,year,jobs,wages`): the tidy form, drawing one measure.
	const tidy = wideKinds.has(kind) ? tidyRoles(dataset, "any") : null;
	if (tidy) return { roles: tidy, confident: false, complete: true };
	const form = kindRoleForms[kind].find((f) => !f.tidy) as RoleForm;
	const used = new Set<string>();
	const take = (column: DatasetColumn | undefined) => {
		if (column) used.add(column.name);
		return column?.name;
	};
	const free = (test: (c: DatasetColumn) => boolean) => dataset.columns.filter((c) => !used.has(c.name) && test(c));
	const valueCandidates = dataset.columns.filter(isValueColumn);
	let confident = true;
	const roles: ColumnRoles = {};
	const numberRoles = form.roles.filter((spec) => spec.takes === "number");
	const fixedNumberRoles = numberRoles.filter((spec) => !spec.many);
	const requiredNumberRoles = fixedNumberRoles.filter((spec) => !spec.optional);
	// Several number roles (scatter's x, y, size; candlestick's prices) read values in order: certain only when the count leaves no choice.
	if (fixedNumberRoles.length > 1 && valueCandidates.length > requiredNumberRoles.length) confident = false;
	for (const spec of form.roles) {
		if (spec.role === "show") {
			roles.show = dataset.columns.map((c) => c.name);
			continue;
		}
		if (spec.takes === "number") {
			const candidates = free(isValueColumn);
			if (spec.many) {
				if (candidates.length > 0) roles[spec.role] = candidates.map((c) => take(c) as string);
			} else {
				const name = take(candidates[0]);
				if (name) roles[spec.role] = name;
			}
			continue;
		}
		const name = pickLabel(spec, free, kind === "scatter");
		if (name === null) confident = false;
		else if (name) {
			used.add(name.name);
			roles[spec.role] = spec.many ? [name.name] : name.name;
			if (!name.certain) confident = false;
		}
	}
	const complete = !form.roles.some((spec) => !spec.optional && roles[spec.role] === undefined);
	return { roles, confident: confident && complete, complete };
}

/** A label, category or period column for `spec`; null when there is none, `certain` when it had no rival. */
function pickLabel(
	spec: RoleSpec,
	free: (test: (c: DatasetColumn) => boolean) => DatasetColumn[],
	optionalGroups: boolean,
): { name: string; certain: boolean } | null | undefined {
	const texts = free((c) => c.type === "text");
	if (spec.role === "x" || spec.role === "date") {
		const periods = free(isPeriodColumn);
		if (periods.length > 0)
			return { name: (periods[0] as DatasetColumn).name, certain: periods.length === 1 && !repeats(periods[0] as DatasetColumn) };
		const first = texts[0];
		return first ? { name: first.name, certain: !repeats(first) } : null;
	}
	if (optionalGroups) {
		// Scatter: a label column is one whose values differ; a group column one whose values repeat.
		const pick = spec.role === "group" ? texts.find(repeats) : texts.find((c) => !repeats(c));
		return pick ? { name: pick.name, certain: true } : spec.optional ? undefined : null;
	}
	const first = texts[0];
	if (!first) return spec.optional ? undefined : null;
	// A label that repeats (a pie's, a map's regions) names the same part twice: never certain.
	return { name: first.name, certain: !repeats(first) };
}
