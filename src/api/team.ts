/**
 * `/v1/team/*`: the workspace's members and invitations (docs/teams.md). Reading needs
 * `team:read` (every member's session has it); inviting, changing roles and removing need
 * `team:write` (owners and admins only), except that any member may remove themselves (leave).
 */
import { ApiError } from "../api-error";
import { createInvitation } from "../auth/invitations";
import { changeMemberRole, removeMember } from "../auth/members";
import { accountIdPattern, invitationIdPattern } from "../credentials/link-tokens";
import { listPendingInvitations, revokeInvitation } from "../db/invitations";
import type { Member } from "../db/team";
import { listMembers } from "../db/team";
import type { Caller } from "../domain/caller";
import { json } from "../http/respond";
import { defineRoute } from "../http/route";
import {
	AccountIdParam,
	ChangeRoleBody,
	InvitationCreated,
	InvitationIdParam,
	InviteBody,
	TeamInvitationList,
	TeamMember,
	TeamMemberList,
} from "./team-schemas";

const iso = (ms: number) => new Date(ms).toISOString();

function memberView(member: Member, caller: Caller) {
	return {
		accountId: member.accountId,
		email: member.email,
		role: member.role,
		joinedAt: iso(member.joinedAt),
		lastActiveAt: member.lastActiveAt === null ? null : iso(member.lastActiveAt),
		you: member.accountId === caller.accountId,
	};
}

function accountIdOf(params: Record<string, string>): string {
	const accountId = params.accountId ?? "";
	if (!accountIdPattern.test(accountId)) {
		throw new ApiError("not_found", `This workspace has no member ${accountId}: an account id is ac_ followed by letters and digits.`);
	}
	return accountId;
}

/** Invitations are for owners and admins to see, whatever a key's scopes. */
function requireManager(caller: Caller): void {
	if (caller.role === "owner" || caller.role === "admin") return;
	throw new ApiError("forbidden", "Only the workspace's owner and admins see and manage invitations.", { role: caller.role });
}

const listMembersRoute = defineRoute({
	method: "GET",
	path: "/v1/team/members",
	tag: "Team",
	summary: "List the workspace's members",
	description: "Every member with their role, when they joined and when they were last active; the owner first.",
	access: "team:read",
	readOnly: true,
	body: { type: "none" },
	responses: { 200: { description: "The members", schema: TeamMemberList } },
	errors: [],
	async handler({ caller, services }) {
		const members = await listMembers(services.d1, caller.workspaceId);
		return json({ members: members.map((member) => memberView(member, caller)) }, 200, { "Cache-Control": "no-store" });
	},
});

const changeRoleRoute = defineRoute({
	method: "PATCH",
	path: "/v1/team/members/:accountId",
	tag: "Team",
	summary: "Change a member's role",
	description:
		"Owners and admins change roles. Only the owner makes another member the owner, which hands ownership on: the old owner becomes an admin. An admin cannot change the owner's role; the owner takes another role only by handing ownership on (409). A key of the member holds its scopes only as far as the new role allows, from its next request.",
	access: "team:write",
	params: { accountId: AccountIdParam },
	body: { type: "json", schema: ChangeRoleBody },
	responses: { 200: { description: "The member with the new role", schema: TeamMember } },
	errors: ["not_found", "conflict", "forbidden"],
	async handler({ caller, services, params, body, now }) {
		const member = await changeMemberRole(services, caller, accountIdOf(params), body.role, now);
		return json(memberView(member, caller));
	},
});

const removeMemberRoute = defineRoute({
	method: "DELETE",
	path: "/v1/team/members/:accountId",
	tag: "Team",
	summary: "Remove a member, or leave",
	description:
		"Owners and admins (`team:write`) remove members; any member removes themselves (leaves) from the console, or with a key holding `team:write`. Their charts stay in the workspace; their sessions end and their keys are revoked at once, and the account continues in a new personal workspace of its own on the Free plan. The owner can neither leave nor be removed (409): hand ownership on first.",
	access: "team:read",
	params: { accountId: AccountIdParam },
	body: { type: "none" },
	responses: { 204: { description: "Removed" } },
	errors: ["not_found", "conflict", "forbidden"],
	async handler({ caller, services, params, now }) {
		await removeMember(services, caller, accountIdOf(params), now);
		return new Response(null, { status: 204 });
	},
});

const listInvitationsRoute = defineRoute({
	method: "GET",
	path: "/v1/team/invitations",
	tag: "Team",
	summary: "List pending invitations",
	description: "Invitations not yet accepted, revoked or expired, newest first. Owners and admins only.",
	access: "team:read",
	readOnly: true,
	body: { type: "none" },
	responses: { 200: { description: "The pending invitations", schema: TeamInvitationList } },
	errors: ["forbidden"],
	async handler({ caller, services, now }) {
		requireManager(caller);
		const invitations = await listPendingInvitations(services.d1, caller.workspaceId, now);
		return json(
			{
				invitations: invitations.map((invitation) => ({
					id: invitation.id,
					email: invitation.email,
					role: invitation.role,
					invitedBy: invitation.invitedByEmail,
					createdAt: iso(invitation.createdAt),
					expiresAt: iso(invitation.expiresAt),
				})),
			},
			200,
			{ "Cache-Control": "no-store" },
		);
	},
});

const inviteRoute = defineRoute({
	method: "POST",
	path: "/v1/team/invitations",
	tag: "Team",
	summary: "Invite someone by email",
	description:
		"Makes an invitation link (`inviteUrl`, `<console>/invite/<token>`) that works once, for 7 days, and mails it when a mail sender is configured (`mailed`); otherwise copy the link to them. The link is shown this once: only its hash is kept. A new invitation for the same email replaces a pending one. An email that is already a member is 409.",
	access: "team:write",
	body: { type: "json", schema: InviteBody },
	responses: { 201: { description: "Invited; send or copy `inviteUrl`", schema: InvitationCreated } },
	errors: ["conflict", "forbidden", "not_found"],
	async handler({ caller, services, body, url, now }) {
		requireManager(caller);
		const created = await createInvitation(services, caller, body, url.origin, now);
		return json(
			{
				id: created.invitation.id,
				email: created.invitation.email,
				role: created.invitation.role,
				inviteUrl: created.inviteUrl,
				expiresAt: iso(created.invitation.expiresAt),
				mailed: created.mailed,
			},
			201,
			{ "Cache-Control": "no-store" },
		);
	},
});

const revokeInvitationRoute = defineRoute({
	method: "DELETE",
	path: "/v1/team/invitations/:invitationId",
	tag: "Team",
	summary: "Revoke an invitation",
	description:
		"Its link stops working at once. An invitation that is not pending (accepted, revoked, expired) or not this workspace's is 404.",
	access: "team:write",
	params: { invitationId: InvitationIdParam },
	body: { type: "none" },
	responses: { 204: { description: "Revoked" } },
	errors: ["not_found", "forbidden"],
	async handler({ caller, services, params, now }) {
		requireManager(caller);
		const id = params.invitationId ?? "";
		const revoked = invitationIdPattern.test(id) ? await revokeInvitation(services.d1, caller.workspaceId, id, now) : null;
		if (!revoked)
			throw new ApiError("not_found", `This workspace has no pending invitation ${id}. List them with GET /v1/team/invitations.`);
		return new Response(null, { status: 204 });
	},
});

export const teamRoutes = [listMembersRoute, changeRoleRoute, removeMemberRoute, listInvitationsRoute, inviteRoute, revokeInvitationRoute];
