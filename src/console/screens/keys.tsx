/**
 * API keys (`/keys`, D33/D34), as a secrets screen should be (docs/design.md#console-people):
 * the account's working keys with name, prefix, scopes, created and last used; a new key is shown
 * once with a copy button and a curl line to try it, then only its prefix; revoking says what
 * stops working. Free and Starter accounts are told once why their keys do not work and whom to
 * ask for a plan with keys; their keys are listed without a Revoke button, which the API would
 * refuse with 403 `plan_required` (there is no billing page: plans are set by whoever runs the service).
 * Below the keys, the assistants connected by signing in, and how to connect one: by the `/mcp`
 * URL and a sign-in first, with a key second (both in screens/authorize/).
 */
import { useEffect, useState } from "preact/hooks";
import { CopyButton } from "../components/copy-button";
import { ConfirmDialog, Dialog } from "../components/dialog";
import { FormError } from "../components/form-error";
import { LoadingRows, RetryBanner } from "../components/list-states";
import { When } from "../components/when";
import { announce } from "../lib/announce";
import { api } from "../lib/api";
import { type Role, scopesFor } from "../lib/roles";
import { useRole, useSession } from "../lib/session";
import { useLoaded } from "../lib/use-loaded";
import { useSubmit } from "../lib/use-submit";
import { ConnectAssistant } from "./authorize/connect-assistant";
import { ConnectedAssistants } from "./authorize/connected-assistants";
import "./keys.css";

interface ApiKey {
	id: string;
	name: string;
	prefix: string;
	scopes: string[];
	createdAt: string;
	lastUsedAt: string | null;
}

interface CreatedKey extends Omit<ApiKey, "lastUsedAt"> {
	key: string;
}

const plansWithKeys = new Set(["professional", "business"]);

function planName(plan: string): string {
	return `${plan[0]?.toUpperCase() ?? ""}${plan.slice(1)}`;
}

interface KeyPreset {
	name: string;
	scopes: readonly string[];
}

const scriptKey: KeyPreset = { name: "", scopes: ["chart:read", "chart:write"] };
/** What the assistant's tools use: charts, and the folders and themes it files and styles them with. */
const assistantKey: KeyPreset = { name: "AI assistant", scopes: ["chart:read", "chart:write", "folder:read", "theme:read"] };

/** The preset's scopes that the role may give a key. */
function offeredOf(preset: KeyPreset, role: Role): Set<string> {
	const offered = new Set(scopesFor(role).map((scope) => scope.id));
	return new Set(preset.scopes.filter((scope) => offered.has(scope)));
}

function NewKeyDialog({
	open,
	preset,
	role,
	onClose,
	onCreated,
}: {
	open: boolean;
	preset: KeyPreset;
	role: Role;
	onClose(): void;
	onCreated(key: CreatedKey): void;
}) {
	const [name, setName] = useState(preset.name);
	const [chosen, setChosen] = useState<Set<string>>(() => offeredOf(preset, role));
	const { busy, error, submit: send, setError } = useSubmit();
	useEffect(() => {
		if (!open) return;
		setName(preset.name);
		setChosen(offeredOf(preset, role));
		setError(null);
	}, [open, preset, role]);

	const submit = async (event: Event) => {
		event.preventDefault();
		await send(async () => {
			const { body } = await api.post<CreatedKey>("/console/api/keys", { name: name.trim(), scopes: [...chosen] });
			onCreated(body);
		});
	};

	return (
		<Dialog title="New API key" open={open} onClose={onClose}>
			<form class="key-form" onSubmit={submit}>
				<FormError message={error} />
				<div class="field">
					<label for="key-name">Key name</label>
					<input
						id="key-name"
						class="input"
						value={name}
						maxLength={300}
						placeholder="e.g. Election night notebook"
						onInput={(e) => setName(e.currentTarget.value)}
						required
					/>
					<span class="hint">Say where it is used, so you know what breaks if you revoke it.</span>
				</div>
				<fieldset class="scope-list">
					<legend class="field-label">What it may do</legend>
					{scopesFor(role).map((scope) => (
						<label key={scope.id} class="checkbox">
							<input
								type="checkbox"
								checked={chosen.has(scope.id)}
								onChange={(e) => {
									const next = new Set(chosen);
									if (e.currentTarget.checked) next.add(scope.id);
									else next.delete(scope.id);
									setChosen(next);
								}}
							/>
							<span>
								{scope.label} {scope.hint && <span class="muted">· {scope.hint}</span>}
							</span>
						</label>
					))}
				</fieldset>
				<div class="dialog-actions">
					<button type="button" class="button" onClick={onClose}>
						Cancel
					</button>
					<button type="submit" class="button primary" disabled={busy || name.trim() === "" || chosen.size === 0}>
						{busy ? "Creating…" : "Create key"}
					</button>
				</div>
			</form>
		</Dialog>
	);
}

function RevealedKey({ created, onDone }: { created: CreatedKey; onDone(): void }) {
	const curl = `curl -s ${window.location.origin}/v1/charts -H "Authorization: Bearer ${created.key}"`;
	return (
		<section class="revealed panel" aria-labelledby="revealed-title">
			<h2 id="revealed-title">Copy your new key now</h2>
			<p>
				This is the only time the key <strong>“{created.name}”</strong> is shown in full. Store it somewhere safe, such as your notebook's
				secrets; afterwards you will see only its prefix.
			</p>
			<div class="secret-row">
				<code class="secret" id="new-key-value">
					{created.key}
				</code>
				<CopyButton text={created.key} label="Copy key" />
			</div>
			<div class="field">
				<span class="field-label">Try it</span>
				<div class="secret-row">
					<code class="secret">{curl}</code>
					<CopyButton text={curl} label="Copy command" />
				</div>
			</div>
			<div>
				<button type="button" class="button primary" onClick={onDone}>
					I have copied it
				</button>
			</div>
		</section>
	);
}

export function KeysScreen() {
	const { session, account } = useSession();
	const role = useRole();
	const plan = account?.plan ?? session.plan;
	const canCreate = plansWithKeys.has(plan);
	const list = useLoaded(async () => (await api.get<{ keys: ApiKey[] }>("/console/api/keys")).body.keys, []);
	const keys = list.data;
	const error = list.error;
	const [creating, setCreating] = useState<KeyPreset | null>(null);
	const [created, setCreated] = useState<CreatedKey | null>(null);
	const [revoking, setRevoking] = useState<ApiKey | null>(null);
	// A refused revoke is shown in the screen's banner, whose "Try again" reloads the list.
	const revocation = useSubmit();
	const busy = revocation.busy;

	const load = () => {
		revocation.setError(null);
		list.reload();
	};

	const revoke = async () => {
		if (!revoking) return;
		const key = revoking;
		const revoked = await revocation.submit(async () => {
			await api.delete(`/console/api/keys/${encodeURIComponent(key.id)}`);
			announce(`Revoked ${key.name}`);
		});
		setRevoking(null);
		if (revoked) load();
	};
	const shownError = error ?? revocation.error;

	return (
		<section class="keys-screen" aria-labelledby="keys-title">
			<header class="screen-header">
				<div>
					<h1 id="keys-title">API keys</h1>
					<p class="muted">
						Keys let scripts and notebooks call the API as you. Each key can do only what its scopes allow
						{role === "viewer" ? ": as a viewer, yours can read and export charts but not change them." : "."}
					</p>
				</div>
				{canCreate && (
					<button type="button" class="button primary" onClick={() => setCreating(scriptKey)}>
						New key
					</button>
				)}
			</header>
			{!canCreate && (
				<div class="banner warn" id="keys-plan">
					<span class="banner-text">
						<strong>API keys need the Professional or Business plan.</strong> This account is on the {planName(plan)} plan, so the API
						refuses its keys{keys && keys.length > 0 ? ", including the ones below" : ""}. Plans are set by whoever runs this service for
						your newsroom: ask them to move the account to Professional or Business. Everything in the console works on every plan.
					</span>
				</div>
			)}
			{created && <RevealedKey created={created} onDone={() => setCreated(null)} />}
			{shownError && <RetryBanner message={shownError} onRetry={load} />}
			{keys === null && !error && <LoadingRows label="Loading keys" frameClass="key-list panel" rowClass="key-row" count={2} />}
			{keys !== null && keys.length === 0 && canCreate && (
				<div class="empty-state panel">
					<h2>No keys yet</h2>
					<p class="muted">Make one for each script or notebook, so you can revoke them one by one.</p>
				</div>
			)}
			{keys !== null && keys.length > 0 && (
				<table class="key-table panel">
					<caption class="visually-hidden">
						{canCreate ? "Your API keys" : `Your API keys, refused while the account is on the ${planName(plan)} plan`}
					</caption>
					<thead>
						<tr>
							<th scope="col">Name</th>
							<th scope="col">Key</th>
							<th scope="col">Scopes</th>
							<th scope="col">Created</th>
							<th scope="col">Last used</th>
							<th scope="col">
								<span class="visually-hidden">Actions</span>
							</th>
						</tr>
					</thead>
					<tbody>
						{keys.map((key) => (
							<tr key={key.id}>
								<td class="key-name">{key.name}</td>
								<td>
									<code>{key.prefix}…</code>
								</td>
								<td class="key-scopes">{key.scopes.join(", ")}</td>
								<td data-label="Created">
									<When iso={key.createdAt} never="" />
								</td>
								<td data-label="Last used">
									<When iso={key.lastUsedAt} never="Never" />
								</td>
								<td class="key-actions">
									{canCreate ? (
										<button type="button" class="button quiet" aria-label={`Revoke ${key.name}`} onClick={() => setRevoking(key)}>
											Revoke
										</button>
									) : (
										// Revoking needs the plan too (403 plan_required): say so here instead of offering a button that fails.
										<span class="meta-text" aria-describedby="keys-plan">
											Not usable on {planName(plan)}
										</span>
									)}
								</td>
							</tr>
						))}
					</tbody>
				</table>
			)}
			{/* Connecting, by sign-in or key, needs a plan with API access; a connection made before a plan changed can still be ended. */}
			<ConnectedAssistants hideWhenEmpty={!canCreate} />
			{canCreate && <ConnectAssistant revealedKey={created?.key ?? null} onNewKey={() => setCreating(assistantKey)} />}
			<NewKeyDialog
				open={creating !== null}
				role={role}
				preset={creating ?? scriptKey}
				onClose={() => setCreating(null)}
				onCreated={(key) => {
					setCreating(null);
					setCreated(key);
					announce(`Created ${key.name}. Copy it now: it is shown only once.`);
					load();
				}}
			/>
			<ConfirmDialog
				title={`Revoke ${revoking?.name ?? "key"}?`}
				open={revoking !== null}
				confirmLabel="Revoke key"
				danger
				busy={busy}
				onConfirm={revoke}
				onClose={() => setRevoking(null)}
			>
				<p>Scripts using the key {revoking ? <code>{revoking.prefix}…</code> : null} stop working at once. This cannot be undone.</p>
			</ConfirmDialog>
		</section>
	);
}
