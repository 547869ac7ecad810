/**
 * The account (`/account`, D34): email, plan and workspace; changing the password (the current
 * one required; every other session ends, D33); signing out here or everywhere.
 */
import { useState } from "preact/hooks";
import { ConfirmDialog } from "../components/dialog";
import { announce } from "../lib/announce";
import { ApiFailure, api, describeFailure } from "../lib/api";
import { useSession } from "../lib/session";

function planName(plan: string): string {
	return `${plan[0]?.toUpperCase() ?? ""}${plan.slice(1)}`;
}

const minPasswordLength = 8;

function ChangePassword() {
	const [current, setCurrent] = useState("");
	const [next, setNext] = useState("");
	const [busy, setBusy] = useState(false);
	const [result, setResult] = useState<{ ok: boolean; message: string; field?: "current" | "next" } | null>(null);

	const submit = async (event: Event) => {
		event.preventDefault();
		setBusy(true);
		setResult(null);
		try {
			await api.post("/console/api/account/password", { currentPassword: current, newPassword: next });
			setCurrent("");
			setNext("");
			setResult({ ok: true, message: "Password changed. You were signed out on every other device." });
			announce("Password changed");
		} catch (failure) {
			const path = failure instanceof ApiFailure ? failure.details?.path : undefined;
			setResult({ ok: false, message: describeFailure(failure), field: path === "newPassword" ? "next" : "current" });
		} finally {
			setBusy(false);
		}
	};

	return (
		<form class="panel account-form" onSubmit={submit} aria-labelledby="password-title">
			<h2 id="password-title">Change password</h2>
			<div class="field">
				<label for="current-password">Current password</label>
				<input
					id="current-password"
					class="input"
					type="password"
					autocomplete="current-password"
					value={current}
					onInput={(e) => setCurrent(e.currentTarget.value)}
					aria-invalid={result?.field === "current" ? "true" : undefined}
					aria-describedby={result?.field === "current" ? "password-error" : undefined}
				/>
			</div>
			<div class="field">
				<label for="new-password">New password</label>
				<input
					id="new-password"
					class="input"
					type="password"
					autocomplete="new-password"
					minLength={minPasswordLength}
					value={next}
					onInput={(e) => setNext(e.currentTarget.value)}
					aria-invalid={result?.field === "next" ? "true" : undefined}
					aria-describedby={result?.field === "next" ? "password-error" : "new-password-hint"}
				/>
				<span class="hint" id="new-password-hint">
					At least {minPasswordLength} characters. A sentence you can remember works well.
				</span>
			</div>
			{result && (
				<div
					class={`banner ${result.ok ? "ok" : "error"}`}
					role={result.ok ? "status" : "alert"}
					id={result.ok ? undefined : "password-error"}
				>
					<span class="banner-text">{result.message}</span>
				</div>
			)}
			<div>
				<button type="submit" class="button primary" disabled={busy || current === "" || next.length < minPasswordLength}>
					{busy ? "Changing…" : "Change password"}
				</button>
			</div>
		</form>
	);
}

export function AccountScreen() {
	const { session, account, signOut } = useSession();
	const [confirming, setConfirming] = useState(false);
	const [error, setError] = useState<string | null>(null);

	const signOutEverywhere = async () => {
		try {
			await api.post("/auth/sign-out-everywhere");
			// The session is gone on the server and its cookie cleared: start afresh, signed out.
			window.location.assign("/sign-in");
		} catch (failure) {
			setConfirming(false);
			setError(describeFailure(failure));
		}
	};

	return (
		<section class="account-screen" aria-labelledby="account-title">
			<h1 id="account-title">Account</h1>
			<dl class="facts panel">
				<div>
					<dt>Email</dt>
					<dd>{account?.email ?? session.email}</dd>
				</div>
				<div>
					<dt>Plan</dt>
					<dd>{planName(account?.plan ?? session.plan)}</dd>
				</div>
				<div>
					<dt>Workspace</dt>
					<dd>
						{account ? (
							`${account.workspace.name} (${account.workspace.kind === "team" ? "team" : "personal"})`
						) : (
							<span class="skeleton line" />
						)}
					</dd>
				</div>
			</dl>
			<ChangePassword />
			<section class="panel account-form" aria-labelledby="sessions-title">
				<h2 id="sessions-title">Signing out</h2>
				<p class="muted">Signing out everywhere ends your sessions on every device and browser, this one included.</p>
				{error && (
					<div class="banner error" role="alert">
						<span class="banner-text">{error}</span>
					</div>
				)}
				<div class="button-row">
					<button type="button" class="button" onClick={() => void signOut()}>
						Sign out
					</button>
					<button type="button" class="button" onClick={() => setConfirming(true)}>
						Sign out everywhere
					</button>
				</div>
			</section>
			<ConfirmDialog
				title="Sign out everywhere?"
				open={confirming}
				confirmLabel="Sign out everywhere"
				danger
				onConfirm={() => void signOutEverywhere()}
				onClose={() => setConfirming(false)}
			>
				<p>Every browser and device signed in as {session.email} is signed out, this one too. API keys keep working.</p>
			</ConfirmDialog>
		</section>
	);
}
