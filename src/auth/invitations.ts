/**
 * Invitations (docs/teams.md): an owner or admin invites an email with a role; the link carries a
 * single-use token (only its hash is stored) that expires in 7 days. Opening the link shows the
 * invitation; accepting it makes an account with a new password, or, for an email that already
 * has one, joins that account after checking its password, but only if it leaves nothing behind
 * (its own workspace holds no chart and no other member). The invitation names its email, and
 * that email alone is the account that joins, so no other account can use the link.
 *
 * Throttled like sign-in (`throttle.ts`): a link that names nothing counts against the client's
 * address, and an existing account's password against its email (or this browser's device).
 */
import { ApiError } from "../api-error";
import {
	invitationLifetimeMs,
	linkTokenHash,
	linkTokenPattern,
	newInvitationId,
	newLinkToken,
	sameTokenHash,
} from "../credentials/link-tokens";
import type { PasswordHash } from "../credentials/passwords";
import { dummyPasswordHash, hashPassword, NewPassword, normalizeEmail, verifyPassword } from "../credentials/passwords";
import { findAccountByEmail, insertSignInAccountStatement } from "../db/accounts";
import type { Invitation } from "../db/invitations";
import { acceptInvitationStatement, findPendingInvitation, insertInvitation } from "../db/invitations";
import { clearBucket } from "../db/sign-in-attempts";
import { findMember, joinWorkspaceStatement, workspaceFacts, workspaceIsOnlyFor } from "../db/team";
import type { Caller } from "../domain/caller";
import { newId } from "../domain/ids";
import type { InvitableRole } from "../domain/roles";
import { roleWords } from "../domain/roles";
import type { Services } from "../request-services";
import { recordActivity } from "./activity";
import type { TrustedDevice } from "./devices";
import { trustedDevice } from "./devices";
import { sendMail } from "./mail";
import { startSession } from "./start-session";
import { admitAttempt, bucket, releaseAttempt } from "./throttle";

export interface CreatedInvitation {
	invitation: Invitation;
	inviteUrl: string;
	mailed: boolean;
}

export async function createInvitation(
	services: Services,
	caller: Caller,
	input: { email: string; role: InvitableRole },
	consoleOrigin: string,
	now: number,
): Promise<CreatedInvitation> {
	const emailNormalized = normalizeEmail(input.email);
	const existing = await findAccountByEmail(services.db, emailNormalized);
	if (existing && existing.workspaceId === caller.workspaceId) {
		throw new ApiError("conflict", `${input.email} is already a member of this workspace; change their role instead.`);
	}
	const workspace = await workspaceFacts(services.d1, caller.workspaceId);
	const inviter = await findMember(services.d1, caller.workspaceId, caller.accountId);
	if (!workspace || !inviter) throw new ApiError("not_found", "This account's workspace no longer exists.");
	const token = newLinkToken();
	const invitation: Invitation = {
		id: newInvitationId(),
		workspaceId: caller.workspaceId,
		workspaceName: workspace.name,
		email: input.email.trim(),
		emailNormalized,
		role: input.role,
		tokenHash: await linkTokenHash("invitation", token),
		invitedBy: caller.accountId,
		invitedByEmail: inviter.email,
		createdAt: now,
		expiresAt: now + invitationLifetimeMs,
	};
	await insertInvitation(services.d1, invitation);
	const inviteUrl = `${consoleOrigin}/invite/${token}`;
	const mailed = await sendMail(
		services,
		{
			to: invitation.email,
			subject: `${inviter.email} invites you to ${workspace.name}`,
			text: `${inviter.email} invites you to the charts workspace ${workspace.name} as ${roleWords[input.role]}.\n\nOpen this link to join (it works once, until ${new Date(invitation.expiresAt).toUTCString()}):\n${inviteUrl}\n`,
			links: [inviteUrl],
		},
		now,
	);
	await recordActivity(services, {
		workspaceId: caller.workspaceId,
		at: now,
		actorAccountId: caller.accountId,
		action: "member.invited",
		target: { type: "invitation", id: invitation.id, name: `${invitation.email} (${input.role})` },
	});
	return { invitation, inviteUrl, mailed };
}

function invitationGone(): ApiError {
	return new ApiError(
		"not_found",
		"This invitation link is not valid: it was used, revoked or has expired (links work for 7 days). Ask whoever invited you for a new invitation.",
	);
}

/**
 * The pending invitation a token names, or 404; a token that names nothing counts against the
 * client's address (when known), one that does takes its attempt back.
 */
async function pendingInvitation(services: Services, token: string, client: string | null, now: number): Promise<Invitation> {
	const admitted = await admitAttempt(services, client === null ? [] : [bucket("link", client)], now);
	const tokenHash = linkTokenPattern.test(token) ? await linkTokenHash("invitation", token) : null;
	const invitation = tokenHash === null ? null : await findPendingInvitation(services.d1, tokenHash, now);
	if (!invitation || tokenHash === null || !sameTokenHash(invitation.tokenHash, tokenHash)) throw invitationGone();
	await releaseAttempt(services, admitted);
	return invitation;
}

export interface InvitationView {
	invitation: Invitation;
	accountExists: boolean;
}

export async function inspectInvitation(services: Services, token: string, client: string | null, now: number): Promise<InvitationView> {
	const invitation = await pendingInvitation(services, token, client, now);
	const account = await findAccountByEmail(services.db, invitation.emailNormalized);
	return { invitation, accountExists: account !== null };
}

export interface AcceptAttempt {
	token: string;
	password: string;
	client: string | null;
	deviceToken: string | null;
}

export interface Joined {
	accountId: string;
	token: string;
	deviceToken: string;
}

export async function acceptInvitation(services: Services, attempt: AcceptAttempt, now: number): Promise<Joined> {
	const invitation = await pendingInvitation(services, attempt.token, attempt.client, now);
	const account = await findAccountByEmail(services.db, invitation.emailNormalized);
	const workspace = await workspaceFacts(services.d1, invitation.workspaceId);
	if (!workspace) throw invitationGone();
	let accountId: string;
	let device: TrustedDevice | null = null;
	if (account) {
		device = await trustedDevice(services, attempt.deviceToken, invitation.emailNormalized, now);
		accountId = account.accountId;
		await checkExistingPassword(services, account.password, attempt, invitation, device, now);
		if (account.workspaceId === invitation.workspaceId) {
			throw new ApiError("conflict", `${account.email} is already a member of ${workspace.name}; sign in instead.`);
		}
		const leaves = await workspaceIsOnlyFor(services.d1, account.workspaceId, account.accountId);
		if (leaves.charts > 0 || leaves.others > 0) {
			const what = [leaves.charts > 0 ? `${leaves.charts} chart(s)` : "", leaves.others > 0 ? `${leaves.others} other member(s)` : ""]
				.filter(Boolean)
				.join(" and ");
			throw new ApiError(
				"conflict",
				`The account ${account.email} has its own workspace with ${what}; joining would leave them behind. An account belongs to one workspace: ask for the invitation to go to another email, or empty that workspace first.`,
			);
		}
		await claimOrGone(services, [
			acceptInvitationStatement(services.d1, invitation.id, accountId, now),
			joinWorkspaceStatement(services.d1, accountId, workspace, invitation.role, invitation.id, now),
		]);
	} else {
		const password = NewPassword.safeParse(attempt.password);
		if (!password.success) {
			throw new ApiError("invalid_body", `password ${password.error.issues[0]?.message ?? "is not valid"}`, { path: "password" });
		}
		accountId = newId("ac");
		const newAccount = {
			accountId,
			workspaceId: workspace.id,
			plan: workspace.plan,
			role: invitation.role,
			email: invitation.email,
			emailNormalized: invitation.emailNormalized,
			password: await hashPassword(password.data),
			now,
		};
		await claimOrGone(services, [
			acceptInvitationStatement(services.d1, invitation.id, accountId, now),
			insertSignInAccountStatement(services.d1, newAccount, invitation.id),
		]);
	}
	const session = await startSession(services, accountId, invitation.emailNormalized, device, now);
	await recordActivity(services, {
		workspaceId: invitation.workspaceId,
		at: now,
		actorAccountId: accountId,
		actorEmail: invitation.email,
		action: "member.joined",
		target: { type: "member", id: accountId, name: `${invitation.email} (${invitation.role})` },
	});
	return { accountId, ...session };
}

/** The password of the account the invitation's email already has, throttled as a sign-in. */
async function checkExistingPassword(
	services: Services,
	stored: PasswordHash | null,
	attempt: AcceptAttempt,
	invitation: Invitation,
	device: TrustedDevice | null,
	now: number,
): Promise<void> {
	const judge = device ? bucket("device", device.tokenHash) : bucket("email", invitation.emailNormalized);
	const admitted = await admitAttempt(services, [judge], now);
	const right = await verifyPassword(attempt.password, stored ?? dummyPasswordHash);
	if (!stored || !right) {
		throw new ApiError(
			"invalid_credentials",
			`${invitation.email} already has an account: accept with its password (or reset it from the sign-in page first).`,
		);
	}
	await releaseAttempt(services, admitted);
	services.waitUntil(clearBucket(services.db, judge.name));
}

/** Runs the batch that uses the invitation; 404 when another request used it first. */
async function claimOrGone(services: Services, statements: D1PreparedStatement[]): Promise<void> {
	const [accepted] = await services.d1.batch(statements);
	if (accepted?.meta.changes !== 1) throw invitationGone();
}
