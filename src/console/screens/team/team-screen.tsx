/**
 * The team (`/team`, docs/console.md, Teams): the workspace's members with their roles and when
 * they were last active; owners and admins invite by email (the link shown to copy), change
 * roles, remove members and revoke pending invitations; the owner hands ownership to an admin;
 * everyone else may leave. Each refusal is said in the screen's banner with the API's message.
 */
import "./team.css";
import { useState } from "preact/hooks";
import { ConfirmDialog } from "../../components/dialog";
import { LoadingRows, RetryBanner } from "../../components/list-states";
import { announce } from "../../lib/announce";
import { plural } from "../../lib/format";
import { canLeave, canManageTeam, type GrantableRole, roleArticles, roleNames } from "../../lib/roles";
import { Link } from "../../lib/router";
import { useRole, useSession } from "../../lib/session";
import { type Invitation, type Member, teamApi } from "../../lib/team-api";
import { useLoaded } from "../../lib/use-loaded";
import { useSubmit } from "../../lib/use-submit";
import { InvitationsList } from "./invitations-list";
import { InviteDialog } from "./invite-dialog";
import { MembersTable } from "./members-table";

type Pending = { kind: "remove" | "owner"; member: Member } | { kind: "leave" } | null;

export function TeamScreen() {
	const { session, account } = useSession();
	const role = useRole();
	const manages = canManageTeam(role);
	const memberList = useLoaded(() => teamApi.members(), [manages]);
	// Only owners and admins see (and may read) the pending invitations.
	const invitationList = useLoaded<Invitation[] | null>(() => (manages ? teamApi.invitations() : Promise.resolve(null)), [manages]);
	const members = memberList.data;
	const invitations = invitationList.data;
	const loadError = memberList.error ?? invitationList.error;
	const [inviting, setInviting] = useState(false);
	const [pending, setPending] = useState<Pending>(null);
	const [busyId, setBusyId] = useState<string | null>(null);
	const change = useSubmit();
	const workspaceName = session.workspaceName ?? account?.workspace.name ?? "this workspace";

	// Counts the member reads, so a role list the API refused shows the stored role again.
	const revision = memberList.reads;

	/** Reads the members (and invitations) again, keeping a refusal's message on screen. */
	const refresh = () => {
		memberList.reload();
		invitationList.reload();
	};
	const load = () => {
		change.setError(null);
		refresh();
	};

	/** Runs one change with its target marked busy, then reloads what it changed. */
	const run = async (id: string, action: () => Promise<unknown>, done: string) => {
		setBusyId(id);
		const ok = await change.submit(action);
		setBusyId(null);
		if (ok) announce(done);
		refresh();
		return ok;
	};

	const setRole = (member: Member, next: GrantableRole) =>
		void run(member.accountId, () => teamApi.setRole(member.accountId, next), `${member.email} is now ${roleNames[next].toLowerCase()}`);

	const confirm = async () => {
		if (!pending) return;
		if (pending.kind === "leave") {
			const ok = await change.submit(() => teamApi.remove(session.accountId));
			setPending(null);
			// Leaving ends this account's sessions: start afresh on the sign-in screen, which says why.
			if (ok) window.location.assign("/sign-in?left=1");
			return;
		}
		const { member } = pending;
		setPending(null);
		if (pending.kind === "remove") await run(member.accountId, () => teamApi.remove(member.accountId), `Removed ${member.email}`);
		// Handing ownership on makes this account an admin: the session's role is read again.
		else if (await run(member.accountId, () => teamApi.setRole(member.accountId, "owner"), `${member.email} is now the owner`))
			window.location.reload();
	};

	const revoke = (invitation: Invitation) =>
		void run(invitation.id, () => teamApi.revoke(invitation.id), `Revoked the invitation of ${invitation.email}`);

	const shownError = loadError ?? change.error;
	return (
		<section class="team-screen" aria-labelledby="team-title">
			<header class="screen-header">
				<div>
					<h1 id="team-title">Team</h1>
					<p class="muted">
						{members ? `${plural(members.length, "member")} of ${workspaceName}` : workspaceName}. You are {roleArticles[role]}
						{manages ? "." : ": owners and admins invite people and change roles."} <Link href="/activity">See the activity</Link>
					</p>
				</div>
				{manages && (
					<button type="button" class="button primary" onClick={() => setInviting(true)}>
						Invite people
					</button>
				)}
			</header>
			{shownError && <RetryBanner message={shownError} onRetry={load} />}
			{members === null && !loadError && <LoadingRows label="Loading members" frameClass="panel" rowClass="key-row" />}
			{members && (
				<MembersTable
					members={members}
					revision={revision}
					yourRole={role}
					busyId={busyId}
					onSetRole={setRole}
					onHandOwnership={(member) => setPending({ kind: "owner", member })}
					onRemove={(member) => setPending({ kind: "remove", member })}
				/>
			)}
			{manages && (
				<section class="team-section" aria-labelledby="invitations-title">
					<h2 id="invitations-title">Pending invitations</h2>
					{invitations && <InvitationsList invitations={invitations} busyId={busyId} onRevoke={revoke} />}
				</section>
			)}
			{canLeave(role) && (
				<section class="team-section" aria-labelledby="leave-title">
					<h2 id="leave-title">Leave the workspace</h2>
					<p class="muted">Your charts stay with {workspaceName}. You are signed out and can no longer open them.</p>
					<div>
						<button type="button" class="button" onClick={() => setPending({ kind: "leave" })}>
							Leave the workspace
						</button>
					</div>
				</section>
			)}
			<InviteDialog open={inviting} onClose={() => setInviting(false)} onInvited={refresh} />
			<ConfirmDialog
				title={
					pending?.kind === "remove"
						? `Remove ${pending.member.email}?`
						: pending?.kind === "owner"
							? `Make ${pending.member.email} the owner?`
							: `Leave ${workspaceName}?`
				}
				open={pending !== null}
				confirmLabel={pending?.kind === "remove" ? "Remove member" : pending?.kind === "owner" ? "Make owner" : "Leave the workspace"}
				danger={pending?.kind !== "owner"}
				busy={change.busy}
				onConfirm={() => void confirm()}
				onClose={() => setPending(null)}
			>
				{pending?.kind === "remove" && (
					<p>
						Their charts stay in the workspace. They are signed out at once and their API keys stop working. You can invite them again
						later.
					</p>
				)}
				{pending?.kind === "owner" && (
					<p>There is one owner: {pending.member.email} becomes it and you become an admin. Only they can hand ownership back.</p>
				)}
				{pending?.kind === "leave" && (
					<p>
						Your charts stay in the workspace. You are signed out at once and your API keys stop working. An admin can invite you again.
					</p>
				)}
			</ConfirmDialog>
		</section>
	);
}
