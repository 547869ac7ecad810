/**
 * Password reset links (docs/teams.md), found by their token's hash. Using one is one conditional
 * statement, so a link resets a password at most once.
 */

export async function insertPasswordReset(
	d1: D1Database,
	tokenHash: string,
	accountId: string,
	now: number,
	lifetimeMs: number,
): Promise<void> {
	await d1
		.prepare("INSERT INTO password_resets (token_hash, account_id, created_at, expires_at) VALUES (?, ?, ?, ?)")
		.bind(tokenHash, accountId, now, now + lifetimeMs)
		.run();
}

/** Marks the link used and answers its account; null for an unknown, used or expired link. */
export async function usePasswordReset(
	d1: D1Database,
	tokenHash: string,
	now: number,
): Promise<{ accountId: string; tokenHash: string } | null> {
	const row = await d1
		.prepare(
			"UPDATE password_resets SET used_at = ? WHERE token_hash = ? AND used_at IS NULL AND expires_at > ? RETURNING account_id, token_hash",
		)
		.bind(now, tokenHash, now)
		.first<{ account_id: string; token_hash: string }>();
	return row ? { accountId: row.account_id, tokenHash: row.token_hash } : null;
}

/** A new password: the account's other links stop working too. */
export async function deleteAccountPasswordResets(d1: D1Database, accountId: string): Promise<void> {
	await d1.prepare("DELETE FROM password_resets WHERE account_id = ?").bind(accountId).run();
}

export async function deleteExpiredPasswordResets(d1: D1Database, now: number): Promise<void> {
	await d1.prepare("DELETE FROM password_resets WHERE expires_at < ?").bind(now).run();
}
