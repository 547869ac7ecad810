/**
 * Inviting someone by email with a role. The answer's link is shown to copy, since not every
 * deployment sends mail ("We emailed it too" when it did); the invitation lasts until it expires.
 */
import { useEffect, useState } from "preact/hooks";
import { CopyButton } from "../../components/copy-button";
import { Dialog } from "../../components/dialog";
import { FormError } from "../../components/form-error";
import { When } from "../../components/when";
import { announce } from "../../lib/announce";
import { type GrantableRole, grantableRoles, roleHints, roleNames } from "../../lib/roles";
import { type SentInvitation, teamApi } from "../../lib/team-api";
import { useSubmit } from "../../lib/use-submit";

interface InviteDialogProps {
	open: boolean;
	onClose(): void;
	onInvited(invitation: SentInvitation): void;
}

export function InviteDialog({ open, onClose, onInvited }: InviteDialogProps) {
	const [email, setEmail] = useState("");
	const [role, setRole] = useState<GrantableRole>("editor");
	const [sent, setSent] = useState<SentInvitation | null>(null);
	const { busy, error, submit, reset } = useSubmit();
	useEffect(() => {
		if (!open) return;
		setEmail("");
		setRole("editor");
		setSent(null);
		reset();
	}, [open]);

	const send = async (event: Event) => {
		event.preventDefault();
		await submit(async () => {
			const invitation = await teamApi.invite(email.trim(), role);
			setSent(invitation);
			announce(`Invited ${invitation.email}. Copy the link to send it.`);
			onInvited(invitation);
		});
	};

	if (sent) {
		return (
			<Dialog title="Invitation ready" open={open} onClose={onClose}>
				<div class="invite-sent">
					<p>
						<strong>{sent.email}</strong> is invited as {roleNames[sent.role].toLowerCase()}.{" "}
						{sent.mailed ? "We emailed them the link too." : "No email was sent: send them this link yourself."} It works once and expires{" "}
						<When iso={sent.expiresAt} never="" />.
					</p>
					<div class="secret-row">
						<code class="secret" id="invite-link">
							{sent.inviteUrl}
						</code>
						<CopyButton text={sent.inviteUrl} label="Copy link" ariaLabel="Copy the invitation link" />
					</div>
					<div class="dialog-actions">
						<button type="button" class="button primary" onClick={onClose} autofocus>
							Done
						</button>
					</div>
				</div>
			</Dialog>
		);
	}

	return (
		<Dialog title="Invite people" open={open} onClose={onClose}>
			<form class="invite-form" onSubmit={send} noValidate>
				<FormError message={error} />
				<div class="field">
					<label for="invite-email">Email</label>
					<input
						id="invite-email"
						class="input"
						type="email"
						autocomplete="off"
						value={email}
						maxLength={254}
						placeholder="name@newsroom.org"
						onInput={(e) => setEmail(e.currentTarget.value)}
						required
						autofocus
					/>
				</div>
				<fieldset class="role-choice">
					<legend class="field-label">Role</legend>
					{grantableRoles.map((choice) => (
						<label key={choice} class="checkbox">
							<input type="radio" name="invite-role" value={choice} checked={role === choice} onChange={() => setRole(choice)} />
							<span>
								{roleNames[choice]} <span class="muted">· {roleHints[choice]}</span>
							</span>
						</label>
					))}
				</fieldset>
				<div class="dialog-actions">
					<button type="button" class="button" onClick={onClose}>
						Cancel
					</button>
					<button type="submit" class="button primary" disabled={busy || email.trim() === ""}>
						{busy ? "Inviting…" : "Invite"}
					</button>
				</div>
			</form>
		</Dialog>
	);
}
