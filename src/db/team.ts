/**
 * A workspace's members (docs/teams.md): the accounts whose `workspace_id` is the workspace, each
 * with its role. Removing a member moves the account to a new personal workspace of its own (Free
 * plan) in the same batch that ends its sessions and revokes its keys, so nothing it held works
 * on its next request; the charts it made stay where they are.
 */
import type { Plan } from "../domain/plans";
import { Plan as PlanSchema } from "../domain/plans";
import { Role } from "../domain/roles";
import { insertPersonalWorkspaceStatement } from "./accounts";

export interface Member {
	accountId: string;
	email: string;
	role: Role;
	joinedAt: number;
	/** The latest of its sessions' and keys' last use; null if never used. */
	lastActiveAt: number | null;
}

interface MemberRow {
	id: string;
	email: string | null;
	role: string;
	joined_at: number | null;
	created_at: number;
	last_active_at: number | null;
}

const memberSelect = `SELECT a.id, a.email, a.role, a.joined_at, a.created_at,
	max(coalesce((SELECT max(s.last_seen_at) FROM sessions s WHERE s.account_id = a.id), 0),
	    coalesce((SELECT max(k.last_used_at) FROM api_keys k WHERE k.account_id = a.id), 0)) AS last_active_at
	FROM accounts a`;

function memberOf(row: MemberRow): Member {
	return {
		accountId: row.id,
		email: row.email ?? "",
		role: Role.parse(row.role),
		joinedAt: row.joined_at ?? row.created_at,
		lastActiveAt: row.last_active_at ? row.last_active_at : null,
	};
}

/** Owner first, then by when they joined. */
export async function listMembers(d1: D1Database, workspaceId: string): Promise<Member[]> {
	const { results } = await d1
		.prepare(`${memberSelect} WHERE a.workspace_id = ? ORDER BY a.role = 'owner' DESC, coalesce(a.joined_at, a.created_at), a.id`)
		.bind(workspaceId)
		.all<MemberRow>();
	return results.map(memberOf);
}

export async function findMember(d1: D1Database, workspaceId: string, accountId: string): Promise<Member | null> {
	const row = await d1.prepare(`${memberSelect} WHERE a.workspace_id = ? AND a.id = ?`).bind(workspaceId, accountId).first<MemberRow>();
	return row ? memberOf(row) : null;
}

export async function setMemberRole(d1: D1Database, workspaceId: string, accountId: string, role: Role): Promise<void> {
	await d1.prepare("UPDATE accounts SET role = ? WHERE id = ? AND workspace_id = ?").bind(role, accountId, workspaceId).run();
}

/** The owner becomes an admin and `to` the owner, in one batch: the workspace always has exactly one owner. */
export async function handOwnership(d1: D1Database, workspaceId: string, from: string, to: string): Promise<void> {
	await d1.batch([
		d1.prepare("UPDATE accounts SET role = 'admin' WHERE id = ? AND workspace_id = ? AND role = 'owner'").bind(from, workspaceId),
		d1.prepare("UPDATE accounts SET role = 'owner' WHERE id = ? AND workspace_id = ?").bind(to, workspaceId),
	]);
}

/**
 * Takes the account out of its workspace: a new personal workspace (Free plan, its owner), its
 * sessions ended and its keys revoked, all in one batch. Answers the ids of the keys revoked.
 */
export async function removeFromWorkspace(
	d1: D1Database,
	accountId: string,
	newWorkspaceId: string,
	now: number,
): Promise<{ revokedKeyIds: string[] }> {
	const keys = await d1
		.prepare("SELECT id FROM api_keys WHERE account_id = ? AND revoked_at IS NULL")
		.bind(accountId)
		.all<{ id: string }>();
	await d1.batch([
		insertPersonalWorkspaceStatement(d1, newWorkspaceId, "Personal workspace", now),
		d1
			.prepare("UPDATE accounts SET workspace_id = ?, role = 'owner', plan = 'free', joined_at = ? WHERE id = ?")
			.bind(newWorkspaceId, now, accountId),
		d1.prepare("DELETE FROM sessions WHERE account_id = ?").bind(accountId),
		d1.prepare("UPDATE api_keys SET revoked_at = ? WHERE account_id = ? AND revoked_at IS NULL").bind(now, accountId),
	]);
	return { revokedKeyIds: keys.results.map((row) => row.id) };
}

export interface WorkspaceFacts {
	id: string;
	name: string;
	/** The owner's plan: what a member who joins gets. */
	plan: Plan;
}

export async function workspaceFacts(d1: D1Database, workspaceId: string): Promise<WorkspaceFacts | null> {
	const row = await d1
		.prepare(
			`SELECT w.id, w.name, (SELECT plan FROM accounts WHERE workspace_id = w.id ORDER BY role = 'owner' DESC, created_at LIMIT 1) AS plan
			 FROM workspaces w WHERE w.id = ?`,
		)
		.bind(workspaceId)
		.first<{ id: string; name: string; plan: string | null }>();
	if (!row) return null;
	return { id: row.id, name: row.name, plan: PlanSchema.parse(row.plan ?? "free") };
}

/** Whether the account's own workspace holds nothing another workspace would lose: no chart, no other member. */
export async function workspaceIsOnlyFor(
	d1: D1Database,
	workspaceId: string,
	accountId: string,
): Promise<{ charts: number; others: number }> {
	const row = await d1
		.prepare(
			`SELECT (SELECT count(*) FROM charts WHERE workspace_id = ?) AS charts,
			        (SELECT count(*) FROM accounts WHERE workspace_id = ? AND id != ?) AS others`,
		)
		.bind(workspaceId, workspaceId, accountId)
		.first<{ charts: number; others: number }>();
	return { charts: row?.charts ?? 0, others: row?.others ?? 0 };
}

/** An existing account joins a workspace with a role and the workspace's plan, only if the invitation was just accepted for it. */
export function joinWorkspaceStatement(
	d1: D1Database,
	accountId: string,
	workspace: WorkspaceFacts,
	role: Role,
	acceptedInvitation: string,
	now: number,
): D1PreparedStatement {
	return d1
		.prepare(
			`UPDATE accounts SET workspace_id = ?, role = ?, plan = ?, joined_at = ?
			 WHERE id = ? AND EXISTS (SELECT 1 FROM invitations WHERE id = ? AND accepted_by = ?)`,
		)
		.bind(workspace.id, role, workspace.plan, now, accountId, acceptedInvitation, accountId);
}
