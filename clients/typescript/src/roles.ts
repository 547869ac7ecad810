/**
 * Column roles (`meta.columns`): which column of the data plays which role in a chart. `kindRoles`
 * is the one list of each kind's roles (the service's table, docs/data.md "Any table: column
 * roles"): the `columns` type of each kind and the check before sending are read from it.
 */
import { UnknownRole } from "./errors.js";
import type * as Api from "./generated/openapi.js";

type Kind = Api.Chart["kind"];

/** A role takes one column's name, or several (a list) for `"many"`. */
type Takes = "one" | "many";

const wide = { x: "one", y: "many", series: "one" } as const;

export const kindRoles = {
	line: wide,
	themeriver: wide,
	multiples: wide,
	"horizontal-bar": wide,
	dot: wide,
	radar: wide,
	range: wide,
	arrow: wide,
	pie: { label: "one", value: "many" },
	map: { region: "one", value: "many" },
	treemap: { path: "many", value: "many" },
	scatter: { x: "one", y: "one", size: "one", label: "one", group: "one" },
	heatmap: { x: "one", y: "one", value: "one", date: "one" },
	sankey: { source: "one", target: "one", value: "one" },
	boxplot: { group: "one", value: "one", min: "one", q1: "one", median: "one", q3: "one", max: "one" },
	candlestick: { date: "one", open: "one", high: "one", low: "one", close: "one", volume: "one" },
	table: { show: "many" },
} as const satisfies Record<Kind, Readonly<Record<string, Takes>>>;

type RoleTable = typeof kindRoles;

/**
 * `columns` for a kind: each of its roles to a column name (a list for the roles that take
 * several), e.g. `{ x: "year", y: "lifeExp", series: "country" }` for a line. For a kind not
 * known when the code is typed (`ChartKind`), any kind's roles.
 */
export type ColumnRoles<K extends Kind = Kind> = K extends Kind
	? { [R in keyof RoleTable[K]]?: RoleTable[K][R] extends "many" ? string | readonly string[] : string }
	: never;

/** Every role of any kind, once. */
export const everyRole: readonly string[] = [...new Set(Object.values(kindRoles).flatMap((roles) => Object.keys(roles)))];

/** The roles of `kind`, or of every kind when the kind is not one this client knows. */
export function rolesOf(kind: string | undefined): readonly string[] {
	return kind !== undefined && Object.hasOwn(kindRoles, kind) ? Object.keys(kindRoles[kind as Kind]) : everyRole;
}

/** `columns` as `meta.columns`, after checking each role is one of the kind's: `UnknownRole` when not. */
export function checkedRoles(kind: string | undefined, columns: Readonly<Record<string, unknown>>): Record<string, string | string[]> {
	const valid = rolesOf(kind);
	const known = kind !== undefined && Object.hasOwn(kindRoles, kind) ? kind : undefined;
	const roles: Record<string, string | string[]> = {};
	for (const [role, named] of Object.entries(columns)) {
		if (!valid.includes(role)) throw new UnknownRole(role, known, valid);
		if (named === undefined) continue;
		roles[role] = typeof named === "string" ? named : [...(named as readonly string[])];
	}
	return roles;
}

/** The roles for a merge patch, whole: every role not given is removed (null), so none given before stays. */
export function wholeRolesPatch(roles: Readonly<Record<string, string | string[]>>): Record<string, string | string[] | null> {
	return { ...Object.fromEntries(everyRole.map((role) => [role, null])), ...roles };
}
