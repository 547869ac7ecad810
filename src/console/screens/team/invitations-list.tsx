/** Pending invitations (owners and admins): who, which role, who invited them, when it expires; each revocable. */
import { When } from "../../components/when";
import { roleNames } from "../../lib/roles";
import type { Invitation } from "../../lib/team-api";

interface InvitationsListProps {
	invitations: readonly Invitation[];
	busyId: string | null;
	onRevoke(invitation: Invitation): void;
}

export function InvitationsList({ invitations, busyId, onRevoke }: InvitationsListProps) {
	if (invitations.length === 0) return <p class="muted">No pending invitations.</p>;
	return (
		<ul class="invitation-list panel">
			{invitations.map((invitation) => (
				<li key={invitation.id} class="invitation-row">
					<span class="invitation-email">{invitation.email}</span>
					<span class="meta-text">
						{roleNames[invitation.role]} · invited by {invitation.invitedBy} · expires <When iso={invitation.expiresAt} never="" />
					</span>
					<button
						type="button"
						class="button quiet"
						aria-label={`Revoke the invitation of ${invitation.email}`}
						disabled={busyId === invitation.id}
						onClick={() => onRevoke(invitation)}
					>
						Revoke
					</button>
				</li>
			))}
		</ul>
	);
}
