/**
 * The chart's settings that decide how its table is read (`meta.columns`, `meta.dateOrder`), as
 * the editor holds them (any JSON, made here or through the API): read without the domain's
 * schemas, which would bring zod into the console's own JavaScript.
 */
import type { ColumnRoles } from "../../domain/column-roles";
import type { DayMonthOrder } from "../../domain/csv-cells";

export interface ReadingSettings {
	columns?: unknown;
	dateOrder?: unknown;
}

/** `meta.columns` when it is an object of role to name(s), else undefined (chosen automatically). */
export function givenRoles(meta: ReadingSettings): ColumnRoles | undefined {
	const columns = meta.columns;
	if (typeof columns !== "object" || columns === null || Array.isArray(columns)) return undefined;
	const roles: ColumnRoles = {};
	for (const [role, named] of Object.entries(columns)) {
		if (typeof named === "string" || (Array.isArray(named) && named.every((name) => typeof name === "string"))) roles[role] = named;
	}
	return Object.keys(roles).length > 0 ? roles : undefined;
}

export function dateOrderOf(meta: ReadingSettings): DayMonthOrder | undefined {
	return meta.dateOrder === "day-first" || meta.dateOrder === "month-first" ? meta.dateOrder : undefined;
}
