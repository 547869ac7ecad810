/**
 * Invitations to a workspace (docs/teams.md), found by their token's hash. Accepting is one
 * conditional statement, so a link is used at most once however many tabs open it.
 */
import type { InvitableRole } from "../domain/roles";
import { InvitableRole as InvitableRoleSchema } from "../domain/roles";

export interface Invitation {
	id: string;
	workspaceId: string;
	workspaceName: string;
	email: string;
	emailNormalized: string;
	role: InvitableRole;
	tokenHash: string;
	invitedBy: string;
	invitedByEmail: string;
	createdAt: number;
	expiresAt: number;
}

interface InvitationRow {
	id: string;
	workspace_id: string;
	workspace_name: string;
	email: string;
	email_normalized: string;
	role: string;
	token_hash: string;
	invited_by: string;
	invited_by_email: string | null;
	created_at: number;
	expires_at: number;
}

const invitationSelect = `SELECT i.id, i.workspace_id, w.name AS workspace_name, i.email, i.email_normalized, i.role, i.token_hash,
	i.invited_by, a.email AS invited_by_email, i.created_at, i.expires_at
	FROM invitations i JOIN workspaces w ON w.id = i.workspace_id LEFT JOIN accounts a ON a.id = i.invited_by`;

const pending = "i.accepted_at IS NULL AND i.revoked_at IS NULL AND i.expires_at > ?";

function invitationOf(row: InvitationRow): Invitation {
	return {
		id: row.id,
		workspaceId: row.workspace_id,
		workspaceName: row.workspace_name,
		email: row.email,
		emailNormalized: row.email_normalized,
		role: InvitableRoleSchema.parse(row.role),
		tokenHash: row.token_hash,
		invitedBy: row.invited_by,
		invitedByEmail: row.invited_by_email ?? "",
		createdAt: row.created_at,
		expiresAt: row.expires_at,
	};
}

export interface NewInvitation {
	id: string;
	workspaceId: string;
	email: string;
	emailNormalized: string;
	role: InvitableRole;
	tokenHash: string;
	invitedBy: string;
	createdAt: number;
	expiresAt: number;
}

/** A new invitation replaces any pending one for the same email in the workspace (its link stops working). */
export async function insertInvitation(d1: D1Database, invitation: NewInvitation): Promise<void> {
	await d1.batch([
		d1
			.prepare(
				"UPDATE invitations SET revoked_at = ? WHERE workspace_id = ? AND email_normalized = ? AND accepted_at IS NULL AND revoked_at IS NULL",
			)
			.bind(invitation.createdAt, invitation.workspaceId, invitation.emailNormalized),
		d1
			.prepare(
				`INSERT INTO invitations (id, workspace_id, email, email_normalized, role, token_hash, invited_by, created_at, expires_at)
				 VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			)
			.bind(
				invitation.id,
				invitation.workspaceId,
				invitation.email,
				invitation.emailNormalized,
				invitation.role,
				invitation.tokenHash,
				invitation.invitedBy,
				invitation.createdAt,
				invitation.expiresAt,
			),
	]);
}

/** Pending invitations of the workspace, newest first. */
export async function listPendingInvitations(d1: D1Database, workspaceId: string, now: number): Promise<Invitation[]> {
	const { results } = await d1
		.prepare(`${invitationSelect} WHERE i.workspace_id = ? AND ${pending} ORDER BY i.created_at DESC, i.id`)
		.bind(workspaceId, now)
		.all<InvitationRow>();
	return results.map(invitationOf);
}

/** A pending invitation by its token's hash; null for an unknown, used, revoked or expired one. */
export async function findPendingInvitation(d1: D1Database, tokenHash: string, now: number): Promise<Invitation | null> {
	const row = await d1.prepare(`${invitationSelect} WHERE i.token_hash = ? AND ${pending}`).bind(tokenHash, now).first<InvitationRow>();
	return row ? invitationOf(row) : null;
}

/** Revokes a pending invitation of the workspace; false when there is none by that id. */
export async function revokeInvitation(d1: D1Database, workspaceId: string, id: string, now: number): Promise<Invitation | null> {
	const found = await d1
		.prepare(`${invitationSelect} WHERE i.id = ? AND i.workspace_id = ? AND ${pending}`)
		.bind(id, workspaceId, now)
		.first<InvitationRow>();
	if (!found) return null;
	const { meta } = await d1
		.prepare("UPDATE invitations SET revoked_at = ? WHERE id = ? AND accepted_at IS NULL AND revoked_at IS NULL")
		.bind(now, id)
		.run();
	return meta.changes === 1 ? invitationOf(found) : null;
}

/** The statement that uses the invitation: it changes a row only while the invitation is pending. */
export function acceptInvitationStatement(d1: D1Database, id: string, accountId: string, now: number): D1PreparedStatement {
	return d1
		.prepare(
			"UPDATE invitations SET accepted_at = ?, accepted_by = ? WHERE id = ? AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > ?",
		)
		.bind(now, accountId, id, now);
}
