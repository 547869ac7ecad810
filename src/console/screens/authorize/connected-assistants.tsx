/**
 * The Keys page's "Connected assistants": every assistant the signed-in person allowed through
 * its sign-in (the consent screen beside this file), with what it may do and when it was last
 * used. Disconnect asks first, as revoking a key does, then ends every token of that connection
 * at once (docs/mcp.md, OAuth); the row goes, and focus moves to the next row's Disconnect, or
 * to the section's heading when none is left.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import { ConfirmDialog } from "../../components/dialog";
import { LoadingRows, RetryBanner } from "../../components/list-states";
import { When } from "../../components/when";
import { announce } from "../../lib/announce";
import { type Connection, oauthApi } from "../../lib/oauth-api";
import { useLoaded } from "../../lib/use-loaded";
import { useSubmit } from "../../lib/use-submit";
import { scopesInWords } from "./consent-model";

/** `hideWhenEmpty`: on a plan without API access nothing can connect, so only connections made before are listed. */
export function ConnectedAssistants({ hideWhenEmpty }: { hideWhenEmpty: boolean }) {
	const loaded = useLoaded(() => oauthApi.connections(), []);
	const connections = loaded.data;
	const error = loaded.error;
	const [disconnecting, setDisconnecting] = useState<Connection | null>(null);
	const disconnection = useSubmit();
	const heading = useRef<HTMLHeadingElement>(null);
	const list = useRef<HTMLTableSectionElement>(null);
	/** Where focus goes once the dialog has closed and the row is gone: a row's index, or -1 for the heading. */
	const focusAfter = useRef<number | null>(null);

	const load = () => {
		disconnection.setError(null);
		loaded.reload();
	};

	useEffect(() => {
		const index = focusAfter.current;
		if (index === null || disconnecting !== null || connections === null) return;
		focusAfter.current = null;
		const buttons = list.current?.querySelectorAll<HTMLButtonElement>("button") ?? [];
		const next = buttons[Math.min(index, buttons.length - 1)];
		if (next) next.focus();
		else heading.current?.focus();
	}, [connections, disconnecting]);

	const disconnect = async () => {
		const connection = disconnecting;
		if (!connection || connections === null) return;
		const index = connections.findIndex((item) => item.id === connection.id);
		const done = await disconnection.submit(async () => {
			await oauthApi.disconnect(connection.id);
			announce(`Disconnected ${connection.clientName}`);
		});
		if (done) {
			focusAfter.current = index;
			loaded.set(connections.filter((item) => item.id !== connection.id));
		}
		setDisconnecting(null);
	};
	const shownError = error ?? disconnection.error;
	if (hideWhenEmpty && !shownError && (connections === null || connections.length === 0)) return null;

	return (
		<section class="connected-assistants" aria-labelledby="connected-title">
			<div>
				<h2 id="connected-title" ref={heading} tabIndex={-1}>
					Connected assistants
				</h2>
				<p class="muted connected-intro">Assistants you allowed by signing in. Each acts as you, within what you allowed and your role.</p>
			</div>
			{shownError && <RetryBanner message={shownError} onRetry={load} />}
			{connections === null && !error && (
				<LoadingRows label="Loading connected assistants" frameClass="key-list panel" rowClass="key-row" count={1} />
			)}
			{connections !== null && connections.length === 0 && (
				<div class="connected-empty panel">
					<p class="muted">
						No assistant is connected. Add this service's URL to your assistant (below) and sign in when it asks: it appears here.
					</p>
				</div>
			)}
			{connections !== null && connections.length > 0 && (
				<table class="key-table panel">
					<caption class="visually-hidden">Assistants connected by signing in</caption>
					<thead>
						<tr>
							<th scope="col">Assistant</th>
							<th scope="col">Host</th>
							<th scope="col">May</th>
							<th scope="col">Connected</th>
							<th scope="col">Last used</th>
							<th scope="col">
								<span class="visually-hidden">Actions</span>
							</th>
						</tr>
					</thead>
					<tbody ref={list}>
						{connections.map((connection) => (
							<tr key={connection.id}>
								<td class="key-name">“{connection.clientName}”</td>
								<td>
									<code>{connection.redirectHost}</code>
								</td>
								<td class="key-scopes">{scopesInWords(connection.scopes)}</td>
								<td data-label="Connected">
									<When iso={connection.createdAt} never="" />
								</td>
								<td data-label="Last used">
									<When iso={connection.lastUsedAt} never="Never" />
								</td>
								<td class="key-actions">
									<button
										type="button"
										class="button quiet"
										aria-label={`Disconnect ${connection.clientName}`}
										onClick={() => setDisconnecting(connection)}
									>
										Disconnect
									</button>
								</td>
							</tr>
						))}
					</tbody>
				</table>
			)}
			<ConfirmDialog
				title={`Disconnect “${disconnecting?.clientName ?? "assistant"}”?`}
				open={disconnecting !== null}
				confirmLabel="Disconnect"
				danger
				busy={disconnection.busy}
				onConfirm={disconnect}
				onClose={() => setDisconnecting(null)}
			>
				<p>
					It loses access at once: its next request is refused, and to connect again it must ask you again. What it made stays in the
					workspace.
				</p>
			</ConfirmDialog>
		</section>
	);
}
