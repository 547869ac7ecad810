/**
 * An assistant's sign-in asks the person here (`/authorize?request=<id>`, where the server's
 * `/oauth/authorize` sends the browser; docs/mcp.md, OAuth). Outside the app shell, like sign-in:
 * one decision, nothing to wander off to. It says who asks (the client's own name, quoted, as it
 * is unchecked), where the answer goes (the redirect host, the one fact the server did check),
 * the workspace and the person's role, and what the assistant may do, as a checklist whose
 * scopes the role does not allow are shown disabled with the reason. Allow or Deny: the server
 * answers where to send the browser, and the screen goes there as is.
 */
import { useEffect, useState } from "preact/hooks";
import { PublicCard } from "../../components/public-card";
import { When } from "../../components/when";
import { ApiFailure, describeFailure } from "../../lib/api";
import { type AuthorizationRequest, oauthApi } from "../../lib/oauth-api";
import { roleNames } from "../../lib/roles";
import { useSession } from "../../lib/session";
import { useSubmit } from "../../lib/use-submit";
import { chosenScopes, initialChoice, isLoopbackHost, refusalReason } from "./consent-model";
import "./authorize.css";

type Load =
	| { state: "loading" }
	| { state: "gone" }
	| { state: "failed"; message: string }
	| { state: "ready"; request: AuthorizationRequest }
	| { state: "leaving"; host: string };

const isGone = (failure: unknown) => failure instanceof ApiFailure && failure.status === 404;

function Gone() {
	return (
		<PublicCard title="This sign-in request has ended">
			<div class="banner warn" role="alert">
				<span class="banner-text">It expired, was already answered, or never existed: requests last a few minutes and work once.</span>
			</div>
			<p>
				<strong>Start connecting again from your assistant.</strong> It will send you back here with a new request.
			</p>
		</PublicCard>
	);
}

function Destination({ host }: { host: string }) {
	const loopback = isLoopbackHost(host);
	return (
		<div class="consent-destination">
			<span class="field-label">{loopback ? "Your answer goes to a program on this computer" : "Your answer is sent back to"}</span>
			<span class="consent-host" id="consent-host">
				{host}
			</span>
			<span class="meta-text">Allow only if you started connecting from there.</span>
		</div>
	);
}

function ConsentForm({ request, onGone, onLeave }: { request: AuthorizationRequest; onGone(): void; onLeave(host: string): void }) {
	const { session } = useSession();
	const [chosen, setChosen] = useState(() => initialChoice(request.scopes));
	const [answer, setAnswer] = useState<"allow" | "deny" | null>(null);
	const { busy, error, submit } = useSubmit({ busyAfterSuccess: true });
	const scopes = chosenScopes(request.scopes, chosen);
	const refusal = refusalReason(request.role);

	const send = async (kind: "allow" | "deny") => {
		setAnswer(kind);
		await submit(async () => {
			try {
				const redirectTo = kind === "allow" ? await oauthApi.approve(request.id, scopes) : await oauthApi.deny(request.id);
				onLeave(request.redirectHost);
				// The server built this address from the registered redirect URI; the browser only follows it.
				window.location.assign(redirectTo);
			} catch (failure) {
				if (isGone(failure)) onGone();
				throw failure;
			}
		});
	};

	return (
		<PublicCard
			title="Connect an assistant"
			wide
			onSubmit={(event) => {
				event.preventDefault();
				void send("allow");
			}}
		>
			<p class="consent-who">
				<strong class="consent-client">“{request.client.name}”</strong> <span class="muted">({request.redirectHost})</span> asks to use
				Charts as you.
				<span class="meta-text consent-note"> The name is the assistant's own, not checked by this service.</span>
			</p>
			<Destination host={request.redirectHost} />
			<dl class="consent-facts">
				<div>
					<dt>Workspace</dt>
					<dd>{request.workspace.name}</dd>
				</div>
				<div>
					<dt>Your role</dt>
					<dd>{roleNames[request.role]}</dd>
				</div>
				<div>
					<dt>Signed in as</dt>
					<dd>{session.email}</dd>
				</div>
				<div>
					<dt>Expires</dt>
					<dd>
						<When iso={request.expiresAt} never="" />
					</dd>
				</div>
			</dl>
			<fieldset class="consent-scopes">
				<legend class="field-label">What it may do</legend>
				{request.scopes.map((scope) => (
					<div key={scope.scope} class="consent-scope">
						<label class="checkbox">
							<input
								type="checkbox"
								checked={scope.granted && chosen.has(scope.scope)}
								disabled={!scope.granted || busy}
								aria-describedby={scope.granted ? undefined : "consent-refusal"}
								onChange={(event) => {
									const next = new Set(chosen);
									if (event.currentTarget.checked) next.add(scope.scope);
									else next.delete(scope.scope);
									setChosen(next);
								}}
							/>
							<span>
								{scope.label}
								{!scope.granted && <span class="meta-text"> · not for your role</span>}
							</span>
						</label>
					</div>
				))}
				{request.scopes.some((scope) => !scope.granted) && (
					<p class="meta-text" id="consent-refusal">
						{refusal}
					</p>
				)}
			</fieldset>
			<p class="meta-text">
				It acts as you, within what you tick and what your role allows, and counts against the account's per-minute limit. Disconnect it any
				time on the Keys page.
			</p>
			{error && (
				<div class="banner error" role="alert">
					<span class="banner-text">{error}</span>
				</div>
			)}
			<div class="consent-actions">
				<button type="button" class="button" disabled={busy} onClick={() => void send("deny")}>
					{busy && answer === "deny" ? "Denying…" : "Deny"}
				</button>
				<button type="submit" class="button primary" disabled={busy || scopes.length === 0} aria-describedby="consent-host">
					{busy && answer === "allow" ? "Allowing…" : "Allow"}
				</button>
			</div>
			{scopes.length === 0 && <p class="meta-text">Tick at least one thing it may do, or deny.</p>}
		</PublicCard>
	);
}

export function AuthorizeScreen({ requestId }: { requestId: string }) {
	const [load, setLoad] = useState<Load>({ state: "loading" });

	const read = () => {
		if (requestId === "") return setLoad({ state: "gone" });
		setLoad({ state: "loading" });
		oauthApi.request(requestId).then(
			(request) => setLoad({ state: "ready", request }),
			(failure: unknown) => setLoad(isGone(failure) ? { state: "gone" } : { state: "failed", message: describeFailure(failure) }),
		);
	};
	useEffect(read, [requestId]);

	if (load.state === "loading") {
		return (
			<PublicCard title="Connect an assistant">
				<p class="muted" role="status" aria-busy="true">
					Reading the request…
				</p>
			</PublicCard>
		);
	}
	if (load.state === "gone") return <Gone />;
	if (load.state === "failed") {
		return (
			<PublicCard title="The request could not be read">
				<div class="banner error" role="alert">
					<span class="banner-text">{load.message}</span>
					<button type="button" class="button" onClick={read}>
						Try again
					</button>
				</div>
			</PublicCard>
		);
	}
	if (load.state === "leaving") {
		return (
			<PublicCard title="Connect an assistant">
				<p role="status">Sending you back to {load.host}…</p>
			</PublicCard>
		);
	}
	return (
		<ConsentForm request={load.request} onGone={() => setLoad({ state: "gone" })} onLeave={(host) => setLoad({ state: "leaving", host })} />
	);
}
