/**
 * Roles in a workspace (docs/teams.md): `owner` (exactly one; hands ownership on), `admin`
 * (members, invitations, keys), `editor` (every chart, folder and theme action) and `viewer`
 * (reads and exports). A role is a set of scopes: a session holds its role's scopes, and a key
 * holds the scopes it was made with that its account's role also holds, so a key never does more
 * than its member may, even after the member's role changed.
 */
import { z } from "zod";
import type { Scope } from "./plans";

export const Role = z.enum(["owner", "admin", "editor", "viewer"]);
export type Role = z.infer<typeof Role>;

/** Roles an invitation (or a role change by an admin) can give: ownership is only handed on. */
export const InvitableRole = z.enum(["admin", "editor", "viewer"]);
export type InvitableRole = z.infer<typeof InvitableRole>;

const readScopes: readonly Scope[] = ["chart:read", "folder:read", "theme:read", "team:read"];
const editScopes: readonly Scope[] = [...readScopes, "chart:write", "folder:write"];
const manageScopes: readonly Scope[] = [...editScopes, "team:write"];

export const roleScopes: Record<Role, readonly Scope[]> = {
	owner: manageScopes,
	admin: manageScopes,
	editor: editScopes,
	viewer: readScopes,
};

/** A key's scopes as its account's role lets it use them, in the key's order. */
export function effectiveScopes(keyScopes: readonly Scope[], role: Role): Scope[] {
	const allowed = roleScopes[role];
	return keyScopes.filter((scope) => allowed.includes(scope));
}

/** From least to most: a rule names the least role it needs. */
const rank: Record<Role, number> = { viewer: 0, editor: 1, admin: 2, owner: 3 };

export function roleAtLeast(role: Role, least: Role): boolean {
	return rank[role] >= rank[least];
}

/**
 * Console-only routes have no scope, so each needs a rule: a read is open to every member, a
 * write needs an editor (themes, fonts), except the writes listed here, which every member makes
 * for themselves (their password, their own keys). A new console
 * route is therefore an editor's unless it is added here.
 */
const everyMemberWrites = new Set([
	"POST /auth/sign-out",
	"POST /auth/sign-out-everywhere",
	"POST /console/api/account/password",
	"POST /console/api/keys",
	"DELETE /console/api/keys/:id",
	// Connecting an assistant gives it no more than the person's role; any member may, and may disconnect it.
	"POST /console/api/oauth/requests/:requestId/approve",
	"POST /console/api/oauth/requests/:requestId/deny",
	"DELETE /console/api/oauth/connections/:connectionId",
]);

export function leastRoleForSessionRoute(method: string, path: string): Role {
	if (method === "GET" || everyMemberWrites.has(`${method} ${path}`)) return "viewer";
	return "editor";
}

/** What each role is, in words for a refusal. */
export const roleWords: Record<Role, string> = {
	owner: "the owner",
	admin: "an admin",
	editor: "an editor",
	viewer: "a viewer",
};
