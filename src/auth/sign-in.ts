/**
 * Signing in (DESIGN D30, D31): email and password → a new session, with failed attempts
 * throttled per email. A wrong email and a wrong password get the same answer in about the same
 * time (an unknown email is hashed against a dummy), so the endpoint does not say who has an
 * account.
 *
 * Failures are counted in D1 rather than a Durable Object: they are rare, one indexed count per
 * attempt is cheap next to PBKDF2, and D1 needs no new binding. The cost is that two attempts
 * arriving at the same instant can both pass the check, so a burst may get a few more than 10
 * guesses; that is a rounding error against 100,000-iteration hashes and still caps guessing at
 * about 10 per email per 15 minutes.
 */
import { findAccountByEmail } from "../db/accounts";
import {
	clearSignInFailures,
	countSignInFailures,
	createSession,
	deleteExpiredSessions,
	deleteOldSignInFailures,
	recordSignInFailure,
} from "../db/sessions";
import { dummyPasswordHash, normalizeEmail, verifyPassword } from "../domain/passwords";
import type { Plan } from "../domain/plans";
import { newSessionToken, sessionLifetimeMs, sessionTokenHash } from "../domain/session-tokens";
import { ApiError } from "../http/errors";
import type { Services } from "../services/context";

export const maxFailedSignIns = 10;
export const failedSignInWindowMs = 15 * 60 * 1000;

export interface SignedIn {
	token: string;
	accountId: string;
	workspaceId: string;
	plan: Plan;
	email: string;
}

const invalidCredentials = () => new ApiError("invalid_credentials", "The email or password is not right.");

export async function signIn(services: Services, email: string, password: string, now: number): Promise<SignedIn> {
	const emailNormalized = normalizeEmail(email);
	const window = await countSignInFailures(services.db, emailNormalized, now - failedSignInWindowMs);
	if (window.failures >= maxFailedSignIns) {
		const retryAfterSeconds = Math.max(1, Math.ceil(((window.oldestAt ?? now) + failedSignInWindowMs - now) / 1000));
		throw new ApiError(
			"rate_limited",
			`Too many failed sign-ins for this email: more than ${maxFailedSignIns} in 15 minutes. Retry after ${retryAfterSeconds} s.`,
			{ retryAfterSeconds },
			{ "Retry-After": String(retryAfterSeconds) },
		);
	}
	const account = await findAccountByEmail(services.db, emailNormalized);
	const passwordIsRight = await verifyPassword(password, account?.password ?? dummyPasswordHash);
	if (!account?.password || !passwordIsRight) {
		await recordSignInFailure(services.db, emailNormalized, now);
		throw invalidCredentials();
	}

	const token = newSessionToken();
	await createSession(services.db, await sessionTokenHash(token), account.accountId, now, sessionLifetimeMs);
	// Housekeeping rides on sign-ins: frequent enough to keep both tables small, never on a read.
	services.waitUntil(
		Promise.all([
			clearSignInFailures(services.db, emailNormalized),
			deleteExpiredSessions(services.db, now),
			deleteOldSignInFailures(services.db, now - failedSignInWindowMs),
		]),
	);
	return { token, accountId: account.accountId, workspaceId: account.workspaceId, plan: account.plan, email: account.email };
}
