/**
 * Console sessions and failed sign-ins (DESIGN D31). Sessions are found by the SHA-256 of the
 * cookie's token; failures are counted per normalised email in a sliding window.
 */
import { and, count, eq, gt, lt, min, ne } from "drizzle-orm";
import { Plan } from "../domain/plans";
import type { Database } from "./client";
import { accounts, sessions, signInFailures } from "./schema";

export interface SessionRecord {
	sessionId: string;
	accountId: string;
	workspaceId: string;
	plan: Plan;
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
			email: accounts.email,
			expiresAt: sessions.expiresAt,
			lastSeenAt: sessions.lastSeenAt,
		})
		.from(sessions)
		.innerJoin(accounts, eq(accounts.id, sessions.accountId))
		.where(eq(sessions.tokenHash, tokenHash))
		.get();
	if (!row) return null;
	return { ...row, plan: Plan.parse(row.plan), email: row.email ?? "" };
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

export async function deleteExpiredSessions(db: Database, now: number): Promise<void> {
	await db.delete(sessions).where(lt(sessions.expiresAt, now));
}

export interface FailureWindow {
	failures: number;
	/** When the oldest failure still in the window happened, or null if there is none. */
	oldestAt: number | null;
}

export async function countSignInFailures(db: Database, emailNormalized: string, since: number): Promise<FailureWindow> {
	const row = await db
		.select({ failures: count(), oldestAt: min(signInFailures.at) })
		.from(signInFailures)
		.where(and(eq(signInFailures.emailNormalized, emailNormalized), gt(signInFailures.at, since)))
		.get();
	return { failures: row?.failures ?? 0, oldestAt: row?.oldestAt ?? null };
}

export async function recordSignInFailure(db: Database, emailNormalized: string, now: number): Promise<void> {
	await db.insert(signInFailures).values({ emailNormalized, at: now });
}

export async function clearSignInFailures(db: Database, emailNormalized: string): Promise<void> {
	await db.delete(signInFailures).where(eq(signInFailures.emailNormalized, emailNormalized));
}

export async function deleteOldSignInFailures(db: Database, before: number): Promise<void> {
	await db.delete(signInFailures).where(lt(signInFailures.at, before));
}
