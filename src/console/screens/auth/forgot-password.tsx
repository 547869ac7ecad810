/**
 * "Forgot password?" (`/forgot-password`): an email, then always the same answer, so the screen
 * never tells anyone whether an account exists. With the local outbox on, a link to read the mail.
 */
import { useState } from "preact/hooks";
import { FormError } from "../../components/form-error";
import { PublicCard } from "../../components/public-card";
import { api } from "../../lib/api";
import { Link } from "../../lib/router";
import { useAuthOptions } from "../../lib/use-auth-options";
import { useSubmit } from "../../lib/use-submit";

export function ForgotPasswordScreen() {
	const [email, setEmail] = useState("");
	const [sent, setSent] = useState(false);
	const options = useAuthOptions();
	const { busy, error, submit } = useSubmit();

	const send = async (event: Event) => {
		event.preventDefault();
		if (await submit(() => api.post("/auth/password-reset", { email: email.trim() }))) setSent(true);
	};

	return (
		<PublicCard title="Reset your password" onSubmit={send}>
			{sent ? (
				<div class="banner ok" role="status">
					<span class="banner-text">If an account exists for that email, we sent a link. It works once, for a short while.</span>
				</div>
			) : (
				<p class="muted">Enter your account's email and we send you a link to choose a new password.</p>
			)}
			<FormError message={error} />
			{!sent && (
				<>
					<div class="field">
						<label for="reset-email">Email</label>
						<input
							id="reset-email"
							class="input"
							type="email"
							autocomplete="username"
							required
							value={email}
							onInput={(e) => setEmail(e.currentTarget.value)}
							autofocus
						/>
					</div>
					<button type="submit" class="button primary sign-in-submit" disabled={busy || email.trim() === ""}>
						{busy ? "Sending…" : "Send the link"}
					</button>
				</>
			)}
			<p class="meta-text public-links">
				<Link href="/sign-in">Back to sign in</Link>
				{options?.outbox && <Link href="/outbox">Open the local outbox</Link>}
			</p>
		</PublicCard>
	);
}
