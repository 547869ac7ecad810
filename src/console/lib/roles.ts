/**
 * What a workspace role may do in the console (docs/console.md, Teams). The API refuses anything
 * a role may not do; these rules decide which controls a screen offers, so nobody is shown a
 * button that would be refused.
 */

export const roles = ["owner", "admin", "editor", "viewer"] as const;
export type Role = (typeof roles)[number];

/** The roles an invitation or a role change may give (ownership is handed on, never given in an invitation). */
export const grantableRoles = ["admin", "editor", "viewer"] as const;
export type GrantableRole = (typeof grantableRoles)[number];

export const roleNames: Record<Role, string> = { owner: "Owner", admin: "Admin", editor: "Editor", viewer: "Viewer" };

/** A role in a sentence: "You are an admin". */
export const roleArticles: Record<Role, string> = { owner: "the owner", admin: "an admin", editor: "an editor", viewer: "a viewer" };

export const roleHints: Record<Role, string> = {
	owner: "everything, and hands ownership on",
	admin: "members, invitations and keys, and every chart action",
	editor: "every chart, folder and theme action",
	viewer: "reads and exports, changes nothing",
};

/** A session from before roles were known reads as an editor, which is what every teammate was. */
export function roleOf(value: unknown): Role {
	return typeof value === "string" && (roles as readonly string[]).includes(value) ? (value as Role) : "editor";
}

/** Charts, folders and themes: every role but a viewer. */
export function canEdit(role: Role): boolean {
	return role !== "viewer";
}

/** Members, invitations and the team scopes on keys. */
export function canManageTeam(role: Role): boolean {
	return role === "owner" || role === "admin";
}

export interface MemberLike {
	role: Role;
	you: boolean;
}

/**
 * The roles `actor` may set on `member` from the member list: nobody changes their own role or the
 * owner's; owners and admins set admin, editor or viewer. Making someone owner is its own action
 * (`canHandOwnershipTo`).
 */
export function rolesSettableOn(actor: Role, member: MemberLike): readonly GrantableRole[] {
	if (!canManageTeam(actor) || member.you || member.role === "owner") return [];
	return grantableRoles;
}

/** Only the owner hands ownership on, and only to an admin (they become admin themselves). */
export function canHandOwnershipTo(actor: Role, member: MemberLike): boolean {
	return actor === "owner" && !member.you && member.role === "admin";
}

/** Owners and admins remove anyone but the owner and themselves (leaving is its own action). */
export function canRemove(actor: Role, member: MemberLike): boolean {
	return canManageTeam(actor) && !member.you && member.role !== "owner";
}

/** Everyone but the owner may leave; the owner hands ownership on first. */
export function canLeave(role: Role): boolean {
	return role !== "owner";
}

export interface ScopeChoice {
	id: string;
	label: string;
	hint: string;
}

const chartScopes: readonly ScopeChoice[] = [
	{ id: "chart:read", label: "Read charts", hint: "list, read, export" },
	{ id: "chart:write", label: "Write charts", hint: "create, edit, upload data, publish, delete" },
	{ id: "folder:read", label: "Read folders", hint: "" },
	{ id: "folder:write", label: "Write folders", hint: "create, rename, move, delete" },
	{ id: "theme:read", label: "Read themes", hint: "" },
];

const teamScopes: readonly ScopeChoice[] = [
	{ id: "team:read", label: "Read the team", hint: "members, invitations, activity" },
	{ id: "team:write", label: "Manage the team", hint: "invite, change roles, remove" },
];

/** The scopes a new key may be given: a viewer's keys only read, and only owners and admins manage the team with one. */
export function scopesFor(role: Role): readonly ScopeChoice[] {
	const base = canEdit(role) ? chartScopes : chartScopes.filter((scope) => scope.id.endsWith(":read"));
	return canManageTeam(role) ? [...base, ...teamScopes] : base;
}
