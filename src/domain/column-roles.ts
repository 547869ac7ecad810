/**
 * Which column of a table plays which role in a chart (`meta.columns`): an object from role to
 * a column name, or a list of names for the roles that take several. The table is stored as it
 * came; a chart draws the projection its roles make of it, in the column layout its kind has
 * always drawn (layouts.ts), so the renderers read one shape whatever the table's shape was.
 * Columns no role names stay in the data (the CSV export, the table view) and are not drawn.
 *
 * The tidy (long) form: for the kinds drawn from one column per series, `series` names a column
 * whose values name the series, with `x` and a single `y`; the projection pivots it wide.
 */
import { firstNonNumberCell } from "./csv-cells";
import type { Cell, Dataset, DatasetColumn } from "./dataset";
import { csvRowNumber } from "./dataset-rows";
import { compareCells } from "./drawing-order";
import { InvalidDataError } from "./invalid-data";
import type { ChartKind } from "./kinds";

/** Which column plays which role: role → a column name, or a list of names for the roles that take several. */
export type ColumnRoles = Record<string, string | string[]>;

/** What a role takes: numbers (a value), or anything (labels, categories, periods, dates). */
type Takes = "number" | "any";

export interface RoleSpec {
	role: string;
	takes: Takes;
	/** Several columns (a list); otherwise exactly one. */
	many?: boolean;
	optional?: boolean;
}

/** One way a kind reads a table: its roles, in the order its layout puts their columns. */
export interface RoleForm {
	roles: readonly RoleSpec[];
	/** The tidy form: `series` names the series and `y` is one column of values. */
	tidy?: boolean;
}

const x: RoleSpec = { role: "x", takes: "any" };
const ys: RoleSpec = { role: "y", takes: "number", many: true };
const y: RoleSpec = { role: "y", takes: "number" };
const series: RoleSpec = { role: "series", takes: "any" };
const value: RoleSpec = { role: "value", takes: "number" };
const values: RoleSpec = { role: "value", takes: "number", many: true };
const label = (role: string): RoleSpec => ({ role, takes: "any" });
const number = (role: string, optional = false): RoleSpec => ({ role, takes: "number", optional });

const wideForms: readonly RoleForm[] = [{ roles: [x, ys] }, { roles: [x, y, series], tidy: true }];

/** The roles of each kind (the contract's table), each kind's forms in the order they are tried. */
export const kindRoleForms: Record<ChartKind, readonly RoleForm[]> = {
	line: wideForms,
	themeriver: wideForms,
	multiples: wideForms,
	"horizontal-bar": wideForms,
	dot: wideForms,
	radar: wideForms,
	range: wideForms,
	arrow: wideForms,
	pie: [{ roles: [label("label"), values] }],
	map: [{ roles: [label("region"), values] }],
	treemap: [{ roles: [{ role: "path", takes: "any", many: true }, values] }],
	scatter: [
		{
			roles: [number("x"), number("y"), number("size", true), { ...label("label"), optional: true }, { ...label("group"), optional: true }],
		},
	],
	heatmap: [{ roles: [label("x"), label("y"), value] }, { roles: [label("date"), value] }],
	sankey: [{ roles: [label("source"), label("target"), value] }],
	boxplot: [
		{ roles: [label("group"), value] },
		{ roles: [label("group"), number("min"), number("q1"), number("median"), number("q3"), number("max")] },
	],
	candlestick: [{ roles: [label("date"), number("open"), number("high"), number("low"), number("close"), number("volume", true)] }],
	table: [{ roles: [{ role: "show", takes: "any", many: true }] }],
};

/** Every role a kind has, once, in its forms' order. */
export function rolesOf(kind: ChartKind): string[] {
	return [...new Set(kindRoleForms[kind].flatMap((form) => form.roles.map((spec) => spec.role)))];
}

export function columnsOf(roles: ColumnRoles, role: string): string[] {
	const named = roles[role];
	return named === undefined ? [] : typeof named === "string" ? [named] : named;
}

const quoted = (names: readonly string[]) => names.map((name) => `"${name}"`).join(", ");

function refuse(message: string, dataset: Dataset, roles?: ColumnRoles): never {
	throw new InvalidDataError(message, {
		validColumns: dataset.columns.map((column) => column.name),
		...(roles ? { columns: roles } : {}),
	});
}

/**
 * The form `roles` are written in, after checking that every role is one of the kind's and
 * every name a column: 422 `invalid_data` naming what is wrong and listing the columns.
 */
export function formOf(kind: ChartKind, roles: ColumnRoles, dataset: Dataset): RoleForm {
	const known = rolesOf(kind);
	const columnNames = dataset.columns.map((column) => column.name);
	for (const role of Object.keys(roles)) {
		if (!known.includes(role)) refuse(`meta.columns: "${role}" is not a role of a ${kind} chart; its roles are ${quoted(known)}.`, dataset);
		for (const name of columnsOf(roles, role)) {
			if (!columnNames.includes(name))
				refuse(
					`meta.columns.${role}: "${name}" is not a column of the data; its columns are ${quoted(columnNames)}. Name one of them (with new data, send meta.columns in the same PATCH as data), or set meta.columns to null to have the roles chosen from the columns.`,
					dataset,
				);
		}
	}
	const roleOfColumn = new Map<string, string>();
	for (const role of Object.keys(roles)) {
		for (const name of columnsOf(roles, role)) {
			const earlier = roleOfColumn.get(name);
			if (earlier !== undefined)
				refuse(
					`meta.columns: column "${name}" is named ${earlier === role ? `twice in ${role}` : `as both ${earlier} and ${role}`}; each column plays one role.`,
					dataset,
				);
			roleOfColumn.set(name, role);
		}
	}
	const given = Object.keys(roles);
	const fits = (form: RoleForm) =>
		given.every((role) => form.roles.some((spec) => spec.role === role && (spec.many || columnsOf(roles, role).length === 1))) &&
		form.roles.every((spec) => spec.optional || given.includes(spec.role));
	const form = kindRoleForms[kind].find(fits);
	if (form) return form;
	const ways = kindRoleForms[kind].map((f) =>
		f.roles.map((spec) => `${spec.role}${spec.many ? " (one or more)" : ""}${spec.optional ? " (optional)" : ""}`).join(", "),
	);
	refuse(`meta.columns: a ${kind} chart takes ${ways.join("; or ")}. Given: ${quoted(given)}.`, dataset);
}

/** The table `roles` make of `dataset` for `kind`: in the layout the kind draws (layouts.ts). */
export function projectDataset(kind: ChartKind, dataset: Dataset, roles: ColumnRoles): Dataset {
	const form = formOf(kind, roles, dataset);
	const column = (name: string) => dataset.columns.find((c) => c.name === name) as DatasetColumn;
	for (const spec of form.roles) {
		if (spec.takes !== "number") continue;
		for (const name of columnsOf(roles, spec.role)) requireNumbers(column(name), spec.role);
	}
	if (form.tidy)
		return pivot(
			kind,
			column(columnsOf(roles, "x")[0] as string),
			column(columnsOf(roles, "y")[0] as string),
			column(columnsOf(roles, "series")[0] as string),
		);
	if (kind === "scatter") return sameColumnsOr(dataset, scatterLayout(roles, column));
	return sameColumnsOr(dataset, { columns: form.roles.flatMap((spec) => columnsOf(roles, spec.role).map(column)) });
}

/** The stored table itself when the projection is every one of its columns in order: callers can tell the two apart by identity. */
function sameColumnsOr(stored: Dataset, projected: Dataset): Dataset {
	const same = projected.columns.length === stored.columns.length && projected.columns.every((c, i) => c === stored.columns[i]);
	return same ? stored : projected;
}

function requireNumbers(column: DatasetColumn, role: string): void {
	if (column.type === "number") return;
	const bad = firstNonNumberCell(column.values);
	const row = csvRowNumber(Math.max(bad, 0));
	throw new InvalidDataError(
		`meta.columns.${role}: column "${column.name}" must hold numbers, but row ${row} has "${String(column.values[bad] ?? "")}".`,
		{ row, column: column.name },
	);
}

/** Scatter reads its number columns as x, y, size and its text columns as label, then group. */
function scatterLayout(roles: ColumnRoles, column: (name: string) => DatasetColumn): Dataset {
	const numbers = ["x", "y", "size"].flatMap((role) => columnsOf(roles, role).map(column));
	const asText = (c: DatasetColumn): DatasetColumn =>
		c.type === "number" ? { ...c, type: "text", values: c.values.map((v) => (v === null ? null : String(v))) } : c;
	const [labelName] = columnsOf(roles, "label");
	const [groupName] = columnsOf(roles, "group");
	// A group alone labels its points with the group's name: the layout reads the first text column as labels.
	const texts = [labelName ?? groupName, groupName]
		.filter((name): name is string => name !== undefined)
		.map((name) => asText(column(name)));
	return { columns: [...texts.slice(0, 1), ...numbers, ...texts.slice(1)] };
}

/** How many cells a pivot may make: the most a stored table holds, a few times over. */
export const maxPivotCells = 5_000_000;

/** Series from a tidy table: one column per value of `seriesColumn`, one row per value of `xColumn`. */
function pivot(kind: ChartKind, xColumn: DatasetColumn, yColumn: DatasetColumn, seriesColumn: DatasetColumn): Dataset {
	const xIndex = new Map<string, number>();
	const xCells: Cell[] = [];
	const seriesIndex = new Map<string, number>();
	const cells = new Map<string, { value: Cell; row: number }>();
	for (let row = 0; row < xColumn.values.length; row++) {
		const xCell = xColumn.values[row] ?? null;
		const name = seriesColumn.values[row] ?? null;
		if (xCell === null || name === null) continue;
		const xKey = String(xCell);
		const seriesKey = String(name);
		if (!xIndex.has(xKey)) {
			xIndex.set(xKey, xCells.length);
			xCells.push(xCell);
		}
		if (!seriesIndex.has(seriesKey)) seriesIndex.set(seriesKey, seriesIndex.size);
		const key = `${seriesIndex.get(seriesKey)}\u0000${xIndex.get(xKey)}`;
		const earlier = cells.get(key);
		if (earlier) {
			throw new InvalidDataError(
				`Rows ${csvRowNumber(earlier.row)} and ${csvRowNumber(row)} both give "${yColumn.name}" for ${xColumn.name} "${xKey}" and ${seriesColumn.name} "${seriesKey}"; in the tidy form each pair appears once.`,
				{ row: csvRowNumber(row), column: seriesColumn.name },
			);
		}
		cells.set(key, { value: yColumn.values[row] ?? null, row });
	}
	if (seriesIndex.size * xCells.length > maxPivotCells) {
		throw new InvalidDataError(
			`"${seriesColumn.name}" names ${seriesIndex.size} series over ${xCells.length} values of "${xColumn.name}": ${seriesIndex.size * xCells.length} cells, more than the ${maxPivotCells} a ${kind} chart can draw.`,
			{ column: seriesColumn.name },
		);
	}
	// Periods and numbers run in order whatever order the rows came in; categories keep their first appearance.
	const order = xCells.map((_, i) => i);
	if (xColumn.type !== "text") order.sort((a, b) => compareCells(xCells[a] ?? null, xCells[b] ?? null));
	const columns: DatasetColumn[] = [{ name: xColumn.name, type: xColumn.type, values: order.map((i) => xCells[i] ?? null) }];
	for (const [seriesName, s] of seriesIndex) {
		columns.push({ name: seriesName, type: "number", values: order.map((i) => cells.get(`${s}\u0000${i}`)?.value ?? null) });
	}
	return { columns };
}
