/**
 * Sign-up (`/sign-up`), when the deployment keeps it open (`GET /auth/options`): an email and a
 * password make a new workspace on the Free plan with the person as its owner, signed in at once.
 */
import { useState } from "preact/hooks";
import { FormError } from "../../components/form-error";
import { NewPasswordField } from "../../components/new-password-field";
import { PublicCard } from "../../components/public-card";
import { minPasswordLength } from "../../lib/passwords";
import { Link } from "../../lib/router";
import { type Session, startSession } from "../../lib/session";
import { useAuthOptions } from "../../lib/use-auth-options";
import { useSubmit } from "../../lib/use-submit";

export function SignUpScreen({ onSignedIn }: { onSignedIn(session: Session): void }) {
	const [email, setEmail] = useState("");
	const [password, setPassword] = useState("");
	const options = useAuthOptions();
	const { busy, error, submit } = useSubmit({ busyAfterSuccess: true });

	const send = async (event: Event) => {
		event.preventDefault();
		await submit(async () => onSignedIn(await startSession("/auth/sign-up", { email: email.trim(), password })));
	};

	if (options?.signUp === "closed") {
		return (
			<PublicCard title="Sign-up is closed">
				<p>Accounts on this service are made by whoever runs it, or by an invitation from a workspace's owner or admin.</p>
				<p class="meta-text public-links">
					<Link href="/sign-in">Back to sign in</Link>
				</p>
			</PublicCard>
		);
	}
	return (
		<PublicCard title="Create an account" onSubmit={send}>
			<p class="muted">You get a workspace of your own on the Free plan, and can invite your team to it.</p>
			<FormError message={error} />
			<div class="field">
				<label for="sign-up-email">Email</label>
				<input
					id="sign-up-email"
					class="input"
					type="email"
					autocomplete="username"
					required
					value={email}
					onInput={(e) => setEmail(e.currentTarget.value)}
					autofocus
				/>
			</div>
			<NewPasswordField id="sign-up-password" label="Password" value={password} onInput={setPassword} />
			<button
				type="submit"
				class="button primary sign-in-submit"
				disabled={busy || options === null || email.trim() === "" || password.length < minPasswordLength}
			>
				{busy ? "Creating…" : "Create account"}
			</button>
			<p class="meta-text public-links">
				<span>
					Have an account? <Link href="/sign-in">Sign in</Link>
				</span>
			</p>
		</PublicCard>
	);
}
