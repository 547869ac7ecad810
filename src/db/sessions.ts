/**
 * Console sessions (docs/design.md#d31), found by the SHA-256 of the cookie's token. Failed sign-ins are
 * counted in `sign-in-attempts.ts`.
 */
import { and, eq, lt, ne } from "drizzle-orm";
import { Plan } from "../domain/plans";
import { Role } from "../domain/roles";
import type { Database } from "./client";
import { accounts, sessions } from "./schema";

export interface SessionRecord {
	sessionId: string;
	accountId: string;
	workspaceId: string;
	plan: Plan;
	role: Role;
	email: string;
	expiresAt: number;
	lastSeenAt: number;
}

export async function createSession(db: Database, tokenHash: string, accountId: string, now: number, lifetimeMs: number): Promise<void> {
	await db.insert(sessions).values({ tokenHash, accountId, createdAt: now, expiresAt: now + lifetimeMs, lastSeenAt: now });
}

export async function findSession(db: Database, tokenHash: string): Promise<SessionRecord | null> {
	const row = await db
		.select({
			sessionId: sessions.tokenHash,
			accountId: accounts.id,
			workspaceId: accounts.workspaceId,
			plan: accounts.plan,
			role: accounts.role,
			email: accounts.email,
			expiresAt: sessions.expiresAt,
			lastSeenAt: sessions.lastSeenAt,
		})
		.from(sessions)
		.innerJoin(accounts, eq(accounts.id, sessions.accountId))
		.where(eq(sessions.tokenHash, tokenHash))
		.get();
	if (!row) return null;
	return { ...row, plan: Plan.parse(row.plan), role: Role.parse(row.role), email: row.email ?? "" };
}

/** Slides the expiry forward; the caller decides how often (at most once a minute). */
export async function touchSession(db: Database, tokenHash: string, now: number, lifetimeMs: number): Promise<void> {
	await db
		.update(sessions)
		.set({ lastSeenAt: now, expiresAt: now + lifetimeMs })
		.where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteSession(db: Database, tokenHash: string): Promise<void> {
	await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

/** Ends every session of the account except the one given (after a password change). */
export async function deleteOtherSessions(db: Database, accountId: string, keepTokenHash: string): Promise<void> {
	await db.delete(sessions).where(and(eq(sessions.accountId, accountId), ne(sessions.tokenHash, keepTokenHash)));
}

/** Ends every session of the account (a password reset, a member removed). */
export async function deleteAccountSessions(db: Database, accountId: string): Promise<void> {
	await db.delete(sessions).where(eq(sessions.accountId, accountId));
}

export async function deleteExpiredSessions(db: Database, now: number): Promise<void> {
	await db.delete(sessions).where(lt(sessions.expiresAt, now));
}
