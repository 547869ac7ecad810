/**
 * Signing in (DESIGN D30, D31): email and password → a new session and a device cookie. A wrong
 * email and a wrong password get the same answer in about the same time (an unknown email is
 * hashed against a dummy and counted alike), so the endpoint does not say who has an account.
 *
 * Guessing is throttled before any hash is computed (`throttle.ts`, issue 23): a browser that
 * bears a device cookie issued for this email is judged by that device's counter alone; any other
 * attempt by the email's counter and its client address's counter together (the address when
 * Cloudflare names it, `client-address.ts`). So ten wrong guesses by a stranger lock the email
 * out for strangers, not for its owner's browser.
 */

import { ApiError } from "../api-error";
import { findAccountByEmail } from "../db/accounts";
import { createSession, deleteExpiredSessions } from "../db/sessions";
import { clearBucket, deleteAttemptsBefore } from "../db/sign-in-attempts";
import { dummyPasswordHash, normalizeEmail, verifyPassword } from "../domain/passwords";
import type { Plan } from "../domain/plans";
import { newSessionToken, sessionLifetimeMs, sessionTokenHash } from "../domain/session-tokens";
import type { Services } from "../request-services";
import { rememberDevice, trustedDevice } from "./devices";
import { admitAttempt, attemptWindowMs, bucket, releaseAttempt } from "./throttle";

export interface SignInAttempt {
	email: string;
	password: string;
	/** The client's address as the per-client bucket names it (`client-address.ts`); null: not known. */
	client: string | null;
	/** The `charts_device` cookie's value, if the browser sent one. */
	deviceToken: string | null;
}

export interface SignedIn {
	token: string;
	/** The device cookie's value to set: the same one renewed, or a new one. */
	deviceToken: string;
	accountId: string;
	workspaceId: string;
	plan: Plan;
	email: string;
}

const invalidCredentials = () => new ApiError("invalid_credentials", "The email or password is not right.");

export async function signIn(services: Services, attempt: SignInAttempt, now: number): Promise<SignedIn> {
	const emailNormalized = normalizeEmail(attempt.email);
	const device = await trustedDevice(services, attempt.deviceToken, emailNormalized, now);
	// The bucket a right password clears: the device's, or the email's.
	const judge = device ? bucket("device", device.tokenHash) : bucket("email", emailNormalized);
	const client = device || attempt.client === null ? [] : [bucket("client", attempt.client)];
	const admitted = await admitAttempt(services, [judge, ...client], now);

	const account = await findAccountByEmail(services.db, emailNormalized);
	const passwordIsRight = await verifyPassword(attempt.password, account?.password ?? dummyPasswordHash);
	if (!account?.password || !passwordIsRight) {
		// The attempt's rows stay: they are the failure.
		services.waitUntil(deleteAttemptsBefore(services.db, now - attemptWindowMs));
		throw invalidCredentials();
	}

	await releaseAttempt(services, admitted);
	const token = newSessionToken();
	await createSession(services.db, await sessionTokenHash(token), account.accountId, now, sessionLifetimeMs);
	const deviceToken = await rememberDevice(services, device, account.accountId, emailNormalized, now);
	// The owner proved the password: the email's (or this device's) count starts again. The client
	// address keeps its count: one right password must not reset a sprayer's budget.
	// Housekeeping rides on sign-ins: frequent enough to keep both tables small, never on a read.
	services.waitUntil(
		Promise.all([
			clearBucket(services.db, judge.name),
			deleteExpiredSessions(services.db, now),
			deleteAttemptsBefore(services.db, now - attemptWindowMs),
		]),
	);
	return {
		token,
		deviceToken,
		accountId: account.accountId,
		workspaceId: account.workspaceId,
		plan: account.plan,
		email: account.email,
	};
}
