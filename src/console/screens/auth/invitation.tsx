/**
 * Accepting an invitation (`/invite/<token>`, outside the signed-in shell): who invited whom to
 * which workspace with which role; a new account chooses its password, an existing one enters
 * its own; then the person is signed in and lands in the workspace's charts. A link that no
 * longer works (used, revoked, expired) says to ask for a new invitation.
 */
import { useEffect, useState } from "preact/hooks";
import { FormError } from "../../components/form-error";
import { NewPasswordField } from "../../components/new-password-field";
import { PublicCard } from "../../components/public-card";
import { When } from "../../components/when";
import { ApiFailure, api, describeFailure } from "../../lib/api";
import { minPasswordLength } from "../../lib/passwords";
import { roleHints, roleNames } from "../../lib/roles";
import { Link } from "../../lib/router";
import { type Session, startSession } from "../../lib/session";
import type { InvitationPreview } from "../../lib/team-api";
import { useSubmit } from "../../lib/use-submit";

type Load =
	| { state: "loading" }
	| { state: "gone"; message: string }
	| { state: "failed"; message: string }
	| { state: "ready"; invitation: InvitationPreview };

export function InvitationScreen({ token, onSignedIn }: { token: string; onSignedIn(session: Session): void }) {
	const [load, setLoad] = useState<Load>({ state: "loading" });
	const [password, setPassword] = useState("");
	const { busy, error, submit } = useSubmit({ busyAfterSuccess: true });
	const path = `/auth/invitations/${encodeURIComponent(token)}`;

	const read = () => {
		setLoad({ state: "loading" });
		api.get<InvitationPreview>(path).then(
			({ body }) => setLoad({ state: "ready", invitation: body }),
			(failure: unknown) =>
				setLoad(
					failure instanceof ApiFailure && failure.status === 404
						? { state: "gone", message: failure.message }
						: { state: "failed", message: describeFailure(failure) },
				),
		);
	};
	useEffect(read, [token]);

	if (load.state === "loading") {
		return (
			<PublicCard title="Your invitation">
				<p class="muted" role="status" aria-busy="true">
					Reading the invitation…
				</p>
			</PublicCard>
		);
	}
	if (load.state === "gone" || load.state === "failed") {
		return (
			<PublicCard title={load.state === "gone" ? "This invitation link no longer works" : "The invitation could not be read"}>
				<div class={`banner ${load.state === "gone" ? "warn" : "error"}`} role="alert">
					<span class="banner-text">
						{load.state === "gone" ? `It was used already, revoked or it expired. ${load.message}` : load.message}
					</span>
					{load.state === "failed" && (
						<button type="button" class="button" onClick={read}>
							Try again
						</button>
					)}
				</div>
				<p class="meta-text public-links">
					<Link href="/sign-in">Go to sign in</Link>
				</p>
			</PublicCard>
		);
	}

	const { invitation } = load;
	const exists = invitation.accountExists;
	const accept = async (event: Event) => {
		event.preventDefault();
		await submit(async () => onSignedIn(await startSession(`${path}/accept`, { password })));
	};
	return (
		<PublicCard title={`Join ${invitation.workspaceName}`} onSubmit={accept}>
			<p>
				<strong>{invitation.invitedBy}</strong> invited <strong>{invitation.email}</strong> to the workspace{" "}
				<strong>{invitation.workspaceName}</strong> as {roleNames[invitation.role].toLowerCase()} ({roleHints[invitation.role]}).
			</p>
			<p class="meta-text">
				The invitation expires <When iso={invitation.expiresAt} never="" />.
			</p>
			<FormError message={error} />
			<input type="email" hidden autocomplete="username" value={invitation.email} readOnly aria-hidden="true" tabIndex={-1} />
			{exists ? (
				<div class="field">
					<label for="invite-password">Your password</label>
					<input
						id="invite-password"
						class="input"
						type="password"
						autocomplete="current-password"
						required
						value={password}
						onInput={(e) => setPassword(e.currentTarget.value)}
						aria-invalid={error ? "true" : undefined}
						aria-describedby="invite-password-hint"
						autofocus
					/>
					<span class="hint" id="invite-password-hint">
						{invitation.email} already has an account: enter its password to move it to this workspace.
					</span>
				</div>
			) : (
				<NewPasswordField id="invite-password" label="Choose a password" value={password} onInput={setPassword} error={error} autofocus />
			)}
			<button
				type="submit"
				class="button primary sign-in-submit"
				disabled={busy || password === "" || (!exists && password.length < minPasswordLength)}
			>
				{busy ? "Joining…" : `Join ${invitation.workspaceName}`}
			</button>
			{exists && (
				<p class="meta-text public-links">
					<Link href="/forgot-password">Forgot password?</Link>
				</p>
			)}
		</PublicCard>
	);
}
