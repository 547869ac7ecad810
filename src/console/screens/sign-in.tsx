/**
 * Sign-in (docs/design.md#d31): email and password, the API's message on failure (one message for a
 * wrong email or password), the wait on a 429. Signed-out visits to any screen land here with
 * `?next=` and go back after; when the session ended under them (`&ended=1`), the screen says so.
 */
import { useState } from "preact/hooks";
import { PublicCard } from "../components/public-card";
import { Link } from "../lib/router";
import type { Session } from "../lib/session";
import { signIn } from "../lib/session";
import { useAuthOptions } from "../lib/use-auth-options";
import { useSubmit } from "../lib/use-submit";

/** Why the person is on the sign-in screen, when it is not just to sign in. */
export type SignInNotice = "ended" | "reset" | "left";

const notices: Record<SignInNotice, string> = {
	ended:
		"You were signed out: your session ended (it expired, or this account signed out everywhere, changed its password or left its workspace). Sign in again to go back to where you were.",
	reset: "Your password was changed and every device signed out. Sign in with the new password.",
	left: "You left the workspace and were signed out. Your charts stayed with it.",
};

interface SignInProps {
	notice?: SignInNotice | null;
	onSignedIn(session: Session): void;
}

export function SignInScreen({ notice = null, onSignedIn }: SignInProps) {
	const options = useAuthOptions();
	const [email, setEmail] = useState("");
	const [password, setPassword] = useState("");
	// A 429's message says how long to wait, in words.
	const { busy, error, submit: send } = useSubmit({ busyAfterSuccess: true });

	const submit = async (event: Event) => {
		event.preventDefault();
		await send(async () => onSignedIn(await signIn(email.trim(), password)));
	};

	return (
		<PublicCard title="Sign in" onSubmit={submit}>
			{notice && !error && (
				<div class={`banner ${notice === "ended" ? "warn" : "ok"}`} role="status">
					<span class="banner-text">{notices[notice]}</span>
				</div>
			)}
			{error && (
				<div class="banner error" role="alert">
					<span class="banner-text">{error}</span>
				</div>
			)}
			<div class="field">
				<label for="sign-in-email">Email</label>
				<input
					id="sign-in-email"
					class="input"
					type="email"
					autocomplete="username"
					required
					value={email}
					onInput={(e) => setEmail(e.currentTarget.value)}
					aria-invalid={error ? "true" : undefined}
					autofocus
				/>
			</div>
			<div class="field">
				<label for="sign-in-password">Password</label>
				<input
					id="sign-in-password"
					class="input"
					type="password"
					autocomplete="current-password"
					required
					value={password}
					onInput={(e) => setPassword(e.currentTarget.value)}
					aria-invalid={error ? "true" : undefined}
				/>
			</div>
			<button type="submit" class="button primary sign-in-submit" disabled={busy || email.trim() === "" || password === ""}>
				{busy ? "Signing in…" : "Sign in"}
			</button>
			<p class="meta-text public-links">
				<Link href="/forgot-password">Forgot password?</Link>
				{options?.signUp === "open" && <Link href="/sign-up">Create an account</Link>}
				{options?.outbox && <Link href="/outbox">Open the local outbox</Link>}
			</p>
			{options?.signUp !== "open" && (
				<p class="meta-text">
					Accounts are made by your workspace's operator or by an invitation. Running locally? <code>npm start</code> prints demo logins.
				</p>
			)}
		</PublicCard>
	);
}
