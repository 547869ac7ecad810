/**
 * The scopes an assistant can be allowed (docs/mcp.md, "Signing in"): the API's own scopes, each
 * with the words the consent screen shows. `team:write` is not offered: managing members and
 * roles stays with a person in the console.
 */
import type { Scope } from "../domain/plans";

export const offeredScopes = [
	{ scope: "chart:read", label: "Read charts" },
	{ scope: "chart:write", label: "Write charts" },
	{ scope: "folder:read", label: "Read folders" },
	{ scope: "folder:write", label: "File charts in folders" },
	{ scope: "theme:read", label: "Read themes" },
	{ scope: "team:read", label: "See the team and its activity" },
] as const satisfies readonly { scope: Scope; label: string }[];

export type OfferedScope = (typeof offeredScopes)[number]["scope"];

export const offeredScopeNames: readonly Scope[] = offeredScopes.map((offered) => offered.scope);

export function isOfferedScope(scope: string): scope is OfferedScope {
	return (offeredScopeNames as readonly string[]).includes(scope);
}

/**
 * The offered scopes an OAuth `scope` parameter (space-separated) names, in the offered order;
 * names not offered are left out, and when none is left (or none was sent) all are asked.
 */
export function scopesAsked(parameter: string | null): Scope[] {
	const names = (parameter ?? "").split(" ");
	const known = offeredScopeNames.filter((scope) => names.includes(scope));
	return known.length > 0 ? known : [...offeredScopeNames];
}

export function labelOf(scope: Scope): string {
	return offeredScopes.find((offered) => offered.scope === scope)?.label ?? scope;
}
