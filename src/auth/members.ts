/**
 * Changing a member's role and removing a member (docs/teams.md). Owners and admins manage
 * members; only the owner makes someone else the owner, which hands ownership on (the old owner
 * becomes an admin), and the owner can neither leave nor be removed, so a workspace always has
 * exactly one. A removed member's charts stay; their sessions end and their keys are revoked in
 * the same batch that moves the account out (src/db/team.ts), so their next request is refused;
 * the assistants they connected are disconnected right after (an access token is refused as soon
 * as its member is in another workspace anyway: src/http/auth.ts).
 */
import { ApiError } from "../api-error";
import { revokeAccountGrants } from "../db/oauth";
import type { Member } from "../db/team";
import { findMember, handOwnership, removeFromWorkspace, setMemberRole } from "../db/team";
import type { Caller } from "../domain/caller";
import { newId } from "../domain/ids";
import type { Role } from "../domain/roles";
import { roleWords } from "../domain/roles";
import type { Services } from "../request-services";
import { recordActivity } from "./activity";

function noSuchMember(accountId: string): ApiError {
	return new ApiError("not_found", `This workspace has no member ${accountId}. List the members with GET /v1/team/members.`);
}

const ownerStays = (what: string) =>
	new ApiError(
		"conflict",
		`The owner cannot ${what}: hand ownership on first (PATCH /v1/team/members/{accountId} with {"role":"owner"} for another member).`,
	);

async function memberOrThrow(services: Services, workspaceId: string, accountId: string): Promise<Member> {
	const member = await findMember(services.d1, workspaceId, accountId);
	if (!member) throw noSuchMember(accountId);
	return member;
}

export async function changeMemberRole(services: Services, caller: Caller, accountId: string, role: Role, now: number): Promise<Member> {
	const target = await memberOrThrow(services, caller.workspaceId, accountId);
	const callerRole = caller.role ?? "viewer";
	if (target.role === "owner" && callerRole !== "owner") {
		throw new ApiError("forbidden", "Only the owner can change the owner's role.", { role: callerRole });
	}
	if (role === "owner" && callerRole !== "owner") {
		throw new ApiError("forbidden", "Only the owner can make another member the owner.", { role: callerRole });
	}
	if (target.role === role) return target;
	if (target.role === "owner") throw ownerStays("take another role");
	if (role === "owner") await handOwnership(services.d1, caller.workspaceId, caller.accountId, target.accountId);
	else await setMemberRole(services.d1, caller.workspaceId, target.accountId, role);
	await recordActivity(services, {
		workspaceId: caller.workspaceId,
		at: now,
		actorAccountId: caller.accountId,
		action: "member.role_changed",
		target: { type: "member", id: target.accountId, name: `${target.email}: ${target.role} → ${role}` },
	});
	return { ...target, role };
}

/**
 * Removes a member, or lets the caller leave. Leaving needs a session, or a key with `team:write`:
 * a read-only key must not be able to take its member out of the workspace.
 */
export async function removeMember(services: Services, caller: Caller, accountId: string, now: number): Promise<void> {
	const leaving = accountId === caller.accountId;
	const mayManage = caller.scopes.includes("team:write");
	if (!leaving && !mayManage) {
		throw new ApiError(
			"forbidden",
			`Removing another member needs an owner or admin (this account is ${roleWords[caller.role ?? "viewer"]}) and, for a key, the scope team:write.`,
			{ requiredScope: "team:write" },
		);
	}
	if (leaving && caller.credential === "key" && !mayManage) {
		throw new ApiError("forbidden", "Leaving the workspace with an API key needs the scope team:write; or leave from the console.", {
			requiredScope: "team:write",
		});
	}
	const target = await memberOrThrow(services, caller.workspaceId, accountId);
	if (target.role === "owner") throw ownerStays(leaving ? "leave the workspace" : "be removed");
	await removeFromWorkspace(services.d1, target.accountId, newId("ws"), now);
	const disconnected = await revokeAccountGrants(services.db, target.accountId, now);
	await recordActivity(services, {
		workspaceId: caller.workspaceId,
		at: now,
		actorAccountId: caller.accountId,
		action: leaving ? "member.left" : "member.removed",
		target: { type: "member", id: target.accountId, name: target.email },
	});
	// Each assistant the member had connected here stops with them, and the log says so, as a disconnect on the Keys page does.
	for (const grant of disconnected.filter((g) => g.workspaceId === caller.workspaceId)) {
		await recordActivity(services, {
			workspaceId: caller.workspaceId,
			at: now,
			actorAccountId: caller.accountId,
			action: "assistant.disconnected",
			target: { type: "assistant", id: grant.id, name: grant.clientName },
		});
	}
}
