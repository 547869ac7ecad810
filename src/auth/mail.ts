/**
 * Mail the service sends (invitations, password resets). With `MAIL_OUTBOX=local` it is kept in
 * the local outbox (`GET /auth/outbox`) instead, so a local deployment can follow its links; with
 * an HTTP mail API configured (`MAIL_API_URL`, `MAIL_FROM`, `MAIL_API_KEY`) it is sent there; a
 * deployment with neither sends nothing and the inviter copies the link (docs/teams.md).
 */
import { insertOutboxMail } from "../db/mail-outbox";
import type { MailApi } from "../env";
import type { Services } from "../request-services";

export interface Mail {
	to: string;
	subject: string;
	text: string;
	/** The links in `text`, listed so the outbox can show them as links. */
	links: string[];
}

/** Whether the mail went anywhere a person will read it. */
export async function sendMail(services: Services, mail: Mail, now: number): Promise<boolean> {
	if (services.config.mailOutbox) {
		await insertOutboxMail(services.d1, { ...mail, sentAt: now });
		return true;
	}
	const api = services.config.mailApi;
	return api ? postMail(api, mail) : false;
}

/** How long a mail API may take: the person waits on the answer that sends it. */
const mailApiTimeoutMs = 10_000;

/**
 * Sends through the mail API. A failure is logged and answered as not mailed, never thrown: the
 * invitation's link is still shown to copy, and a reset's answer never says whether mail went.
 */
async function postMail(api: MailApi, mail: Mail): Promise<boolean> {
	try {
		const response = await fetch(api.url, {
			method: "POST",
			headers: { Authorization: `Bearer ${api.key}`, "Content-Type": "application/json" },
			body: JSON.stringify({ from: api.from, to: [mail.to], subject: mail.subject, text: mail.text }),
			signal: AbortSignal.timeout(mailApiTimeoutMs),
		});
		if (response.ok) return true;
		console.error(`the mail API answered ${response.status} for "${mail.subject}"`);
		await response.body?.cancel();
	} catch (error) {
		console.error(`sending "${mail.subject}" through the mail API failed`, error);
	}
	return false;
}
