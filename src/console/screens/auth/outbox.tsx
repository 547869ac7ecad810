/**
 * The local outbox (`/outbox`, only where the deployment keeps mail in it, as `npm start` does):
 * the mail the service sent, newest first, its links clickable, so an invitation or a password
 * reset can be finished without a mail server. Readable without signing in.
 */
import { useEffect, useState } from "preact/hooks";
import { PublicCard } from "../../components/public-card";
import { When } from "../../components/when";
import { ApiFailure, api, describeFailure } from "../../lib/api";
import { Link } from "../../lib/router";
import type { OutboxMail } from "../../lib/team-api";

type Load = { state: "loading" } | { state: "off" } | { state: "failed"; message: string } | { state: "ready"; mail: OutboxMail[] };

export function OutboxScreen() {
	const [load, setLoad] = useState<Load>({ state: "loading" });
	const read = () => {
		setLoad({ state: "loading" });
		api.get<{ mail: OutboxMail[] }>("/auth/outbox").then(
			({ body }) => setLoad({ state: "ready", mail: body.mail }),
			(failure: unknown) =>
				setLoad(
					failure instanceof ApiFailure && failure.status === 404
						? { state: "off" }
						: { state: "failed", message: describeFailure(failure) },
				),
		);
	};
	useEffect(read, []);

	return (
		<PublicCard title="Local outbox" wide>
			<div class="outbox-head">
				<p class="muted">Mail this service sent, kept here instead of being delivered, for local use. Newest first.</p>
				<button type="button" class="button" onClick={read}>
					Refresh
				</button>
			</div>
			{load.state === "loading" && (
				<p class="muted" role="status" aria-busy="true">
					Reading the outbox…
				</p>
			)}
			{load.state === "off" && (
				<div class="banner warn" role="status">
					<span class="banner-text">The local outbox is off: this service delivers its mail.</span>
				</div>
			)}
			{load.state === "failed" && (
				<div class="banner error" role="alert">
					<span class="banner-text">{load.message}</span>
				</div>
			)}
			{load.state === "ready" && load.mail.length === 0 && <p>No mail yet.</p>}
			{load.state === "ready" && load.mail.length > 0 && (
				<ol class="outbox-list">
					{load.mail.map((mail) => (
						<li key={mail.id} class="outbox-mail">
							<h2 class="outbox-subject">{mail.subject}</h2>
							<p class="meta-text">
								To {mail.to} · <When iso={mail.sentAt} never="" />
							</p>
							<pre class="outbox-text">{mail.text}</pre>
							{mail.links.length > 0 && (
								<ul class="outbox-links" aria-label={`Links in “${mail.subject}”`}>
									{mail.links.map((link) => (
										<li key={link}>
											<a href={link}>{link}</a>
										</li>
									))}
								</ul>
							)}
						</li>
					))}
				</ol>
			)}
			<p class="meta-text public-links">
				<Link href="/sign-in">Go to sign in</Link>
			</p>
		</PublicCard>
	);
}
