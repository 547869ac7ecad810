/**
 * A refused kind switch that comes with roles that draw (the API's `details.columns`, docs/data.md
 * "Any table: column roles"): the roles read, the button's words ("Draw it as a scatter plot:
 * lifeExp against gdp, sized by pop"), and the API's message without the JSON the button now says.
 */
import type { ColumnRoles } from "../../../../domain/column-roles";
import { kindPhrase } from "../../../../domain/kind-catalog";
import type { ChartKind } from "../../../../domain/kinds";
import type { ErrorDetails } from "../../../lib/api";
import { roleName } from "./data/column-role-names";

/** The roles proposed in a refusal's details, or null when it proposes none. */
export function proposedRoles(details: ErrorDetails | null): ColumnRoles | null {
	const proposed = details?.columns;
	if (typeof proposed !== "object" || proposed === null || Array.isArray(proposed)) return null;
	const roles: ColumnRoles = {};
	for (const [role, named] of Object.entries(proposed)) {
		if (typeof named === "string" && named !== "") roles[role] = named;
		else if (Array.isArray(named) && named.length > 0 && named.every((name) => typeof name === "string")) roles[role] = named;
	}
	return Object.keys(roles).length > 0 ? roles : null;
}

/** A merge patch of `meta.columns` that leaves exactly `next` (the roles `before` had and `next` drops set to null). */
export function wholeRolesPatch(before: unknown, next: ColumnRoles): Record<string, unknown> {
	if (typeof before !== "object" || before === null || Array.isArray(before)) return next;
	const patch: Record<string, unknown> = {};
	for (const role of new Set([...Object.keys(before), ...Object.keys(next)])) patch[role] = next[role] ?? null;
	return patch;
}

function listed(named: string | string[]): string {
	const names = typeof named === "string" ? [named] : named;
	return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/** Kinds whose x and y are two measures on two axes: "y against x", not "y by x". */
const axesOfMeasures = new Set<ChartKind>(["scatter", "heatmap"]);

/** How the roles after the first clause read; any other role reads "<its plain name>: <columns>". */
const clauses: Record<string, (columns: string) => string> = {
	size: (columns) => `sized by ${columns}`,
	group: (columns) => `coloured by ${columns}`,
	series: (columns) => `a series for each ${columns}`,
};

/** "lifeExp against gdp, sized by pop, coloured by continent, labelled with country". */
export function rolesInWords(kind: ChartKind, roles: ColumnRoles): string {
	const rest = new Map(Object.entries(roles));
	const parts: string[] = [];
	const take = (role: string) => {
		const named = rest.get(role);
		rest.delete(role);
		return named === undefined ? null : listed(named);
	};
	const y = rest.has("x") && rest.has("y") ? take("y") : null;
	if (y !== null) parts.push(`${y} ${axesOfMeasures.has(kind) ? "against" : "by"} ${take("x")}`);
	else if (rest.has("value") && rest.has("label")) {
		const value = take("value");
		parts.push(`${value} by ${take("label")}`);
	}
	for (const [role, named] of rest) {
		const columns = listed(named);
		const clause = clauses[role];
		if (clause) parts.push(clause(columns));
		else if (role === "label") parts.push(`labelled with ${columns}`);
		else {
			const name = roleName(kind, role);
			parts.push(`${name.charAt(0).toLowerCase()}${name.slice(1)}: ${columns}`);
		}
	}
	return parts.join(", ");
}

/** The button's words: "Draw it as a scatter plot: lifeExp against gdp, sized by pop". */
export function proposalLabel(kind: ChartKind, roles: ColumnRoles): string {
	return `Draw it as ${kindPhrase(kind)}: ${rolesInWords(kind, roles)}`;
}

/**
 * The API's message without the roles it spells as JSON ("…: say it in meta.columns, for example
 * {…}."), for when a button says them in words. A message without them is answered as it is.
 */
export function withoutProposalJson(message: string): string {
	return message
		.replace(/:\s*say it in meta\.columns,\s*for example\s*\{[\s\S]*\}\.?\s*$/, ".")
		.replace(/,?\s*for example\s*\{[\s\S]*\}/, "")
		.trim();
}
