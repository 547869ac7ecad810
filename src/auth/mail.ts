/**
 * Mail the service sends (invitations, password resets). With `MAIL_OUTBOX=local` it is kept in
 * the local outbox (`GET /auth/outbox`) instead, so a local deployment can follow its links; a
 * deployment without a mail sender sends nothing and the inviter copies the link (docs/teams.md).
 */
import { insertOutboxMail } from "../db/mail-outbox";
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
	if (!services.config.mailOutbox) return false;
	await insertOutboxMail(services.d1, { ...mail, sentAt: now });
	return true;
}
