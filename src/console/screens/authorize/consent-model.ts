/**
 * What the consent screen and the connected-assistants list say, kept apart from drawing them so
 * it can be tested without a browser: which scopes start ticked, why a scope cannot be given, how
 * a redirect host reads, and a connection's scopes in words.
 */
import type { RequestedScope } from "../../lib/oauth-api";
import { type Role, roleArticles, scopesFor } from "../../lib/roles";

/** Every scope the role allows starts ticked: the assistant asked for them, the person unticks what they refuse. */
export function initialChoice(scopes: readonly RequestedScope[]): Set<string> {
	return new Set(scopes.filter((scope) => scope.granted).map((scope) => scope.scope));
}

/** Only scopes the role allows are sent, in the order the request listed them. */
export function chosenScopes(scopes: readonly RequestedScope[], chosen: ReadonlySet<string>): string[] {
	return scopes.filter((scope) => scope.granted && chosen.has(scope.scope)).map((scope) => scope.scope);
}

/** Why a scope is shown but cannot be ticked: the role is the ceiling of anything it grants. */
export function refusalReason(role: Role): string {
	return `Not for ${roleArticles[role]} in this workspace: ask an owner or admin for a role that allows it.`;
}

const loopbackHosts = /^(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

/**
 * A loopback redirect goes to a program on the person's own computer (a desktop assistant, a
 * command-line client); any other host is a website, named as the browser would show it.
 */
export function isLoopbackHost(host: string): boolean {
	return loopbackHosts.test(host.toLowerCase());
}

/**
 * The labels the consent screen showed for each scope (the server's, docs/mcp.md, OAuth), so a
 * connection reads as it was allowed; any other scope as the key dialog names it.
 */
const assistantScopeLabels: Record<string, string> = {
	"chart:read": "Read charts",
	"chart:write": "Write charts",
	"folder:read": "Read folders",
	"folder:write": "File charts in folders",
	"theme:read": "Read themes",
	"team:read": "See the team and its activity",
};
const scopeLabels = new Map([
	...scopesFor("owner").map((scope) => [scope.id, scope.label] as const),
	...Object.entries(assistantScopeLabels),
]);

/** A connection's scopes in words ("Read charts, Write charts"), as the consent screen showed them. */
export function scopesInWords(scopes: readonly string[]): string {
	if (scopes.length === 0) return "Nothing";
	return scopes.map((scope) => scopeLabels.get(scope) ?? scope).join(", ");
}
