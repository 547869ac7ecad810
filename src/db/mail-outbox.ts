/** The local outbox (`MAIL_OUTBOX=local`): mail kept instead of sent, newest first. */
import { z } from "zod";
import { parseJsonColumn } from "./rows";

export interface OutboxMail {
	id: number;
	to: string;
	subject: string;
	text: string;
	links: string[];
	sentAt: number;
}

const Links = z.array(z.string());

export async function insertOutboxMail(d1: D1Database, mail: Omit<OutboxMail, "id">): Promise<void> {
	await d1
		.prepare("INSERT INTO mail_outbox (`to`, subject, text, links, sent_at) VALUES (?, ?, ?, ?, ?)")
		.bind(mail.to, mail.subject, mail.text, JSON.stringify(mail.links), mail.sentAt)
		.run();
}

export async function listOutboxMail(d1: D1Database, limit: number): Promise<OutboxMail[]> {
	const { results } = await d1
		.prepare("SELECT id, `to`, subject, text, links, sent_at FROM mail_outbox ORDER BY id DESC LIMIT ?")
		.bind(limit)
		.all<{ id: number; to: string; subject: string; text: string; links: string; sent_at: number }>();
	return results.map((row) => ({
		id: row.id,
		to: row.to,
		subject: row.subject,
		text: row.text,
		links: parseJsonColumn(Links, row.links, "mail_outbox.links"),
		sentAt: row.sent_at,
	}));
}
