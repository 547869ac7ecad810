/**
 * Sign-in (DESIGN D31): email and password, the API's message on failure (one message for a
 * wrong email or password), the wait on a 429. Signed-out visits to any screen land here with
 * `?next=` and go back after; when the session ended under them (`&ended=1`), the screen says so.
 */
import { useState } from "preact/hooks";
import { ModeSwitch } from "../components/app-shell";
import { Icon } from "../components/icon";
import type { Session } from "../lib/session";
import { signIn } from "../lib/session";
import { useSubmit } from "../lib/use-submit";

interface SignInProps {
	/** The console sent the person here because the API stopped taking their session. */
	sessionEnded?: boolean;
	onSignedIn(session: Session): void;
}

export function SignInScreen({ sessionEnded = false, onSignedIn }: SignInProps) {
	const [email, setEmail] = useState("");
	const [password, setPassword] = useState("");
	// A 429's message says how long to wait, in words (issue 23).
	const { busy, error, submit: send } = useSubmit({ busyAfterSuccess: true });

	const submit = async (event: Event) => {
		event.preventDefault();
		await send(async () => onSignedIn(await signIn(email.trim(), password)));
	};

	return (
		<main class="sign-in" id="main">
			<div class="sign-in-corner">
				<ModeSwitch />
			</div>
			<form class="sign-in-card panel" onSubmit={submit} aria-labelledby="sign-in-title" noValidate>
				<div class="wordmark">
					<Icon name="logo" size={22} />
					<span>Charts</span>
				</div>
				<h1 id="sign-in-title">Sign in</h1>
				{sessionEnded && !error && (
					<div class="banner warn" role="status">
						<span class="banner-text">
							You were signed out: your session ended (it expired, or this account signed out everywhere or changed its password). Sign in
							again to go back to where you were.
						</span>
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
				<p class="meta-text">
					Accounts are made by your workspace's operator. Running locally? <code>npm start</code> prints demo logins.
				</p>
			</form>
		</main>
	);
}
