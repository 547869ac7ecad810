/**
 * Choosing a new password from a reset link (`/reset-password/<token>`). The reset ends every
 * session of the account, this browser's included, so the screen then sends the person to sign
 * in with the new password and says so there.
 */
import { useState } from "preact/hooks";
import { FormError } from "../../components/form-error";
import { NewPasswordField } from "../../components/new-password-field";
import { PublicCard } from "../../components/public-card";
import { ApiFailure, api, describeFailure } from "../../lib/api";
import { minPasswordLength } from "../../lib/passwords";
import { Link } from "../../lib/router";
import { useSubmit } from "../../lib/use-submit";

/** An unknown, used or expired link says to ask for a new one, whatever the API's words. */
function resetFailure(failure: unknown): string {
	if (failure instanceof ApiFailure && failure.status === 404)
		return `This reset link no longer works: it was used already or it expired. ${failure.message}`;
	return describeFailure(failure);
}

export function ResetPasswordScreen({ token, onDone }: { token: string; onDone(): void }) {
	const [password, setPassword] = useState("");
	const { busy, error, submit } = useSubmit({ describe: resetFailure, busyAfterSuccess: true });

	const send = async (event: Event) => {
		event.preventDefault();
		if (await submit(() => api.post(`/auth/password-reset/${encodeURIComponent(token)}`, { password }))) onDone();
	};

	return (
		<PublicCard title="Choose a new password" onSubmit={send}>
			<p class="muted">Every device signed in to this account is signed out; then you sign in with the new password.</p>
			<FormError message={error} />
			<NewPasswordField id="reset-password" label="New password" value={password} onInput={setPassword} error={error} autofocus />
			<button type="submit" class="button primary sign-in-submit" disabled={busy || password.length < minPasswordLength}>
				{busy ? "Saving…" : "Save the new password"}
			</button>
			<p class="meta-text public-links">
				<Link href="/forgot-password">Ask for a new link</Link>
				<Link href="/sign-in">Back to sign in</Link>
			</p>
		</PublicCard>
	);
}
