/**
 * Signing in (docs/design.md#d30, #d31): email and password → a new session and a device cookie. A wrong
 * email and a wrong password get the same answer in about the same time (an unknown email is
 * hashed against a dummy and counted alike), so the endpoint does not say who has an account.
 *
 * Guessing is throttled before any hash is computed (`throttle.ts`): a browser that
 * bears a device cookie issued for this email is judged by that device's counter alone; any other
 * attempt by the email's counter and its client address's counter together (the address when
 * Cloudflare names it, `client-address.ts`). So ten wrong guesses by a stranger lock the email
 * out for strangers, not for its owner's browser.
 */

import { ApiError } from "../api-error";
import { dummyPasswordHash, normalizeEmail, verifyPassword } from "../credentials/passwords";
import { findAccountByEmail } from "../db/accounts";
import { deleteExpiredPasswordResets } from "../db/password-resets";
import { deleteExpiredSessions } from "../db/sessions";
import { clearBucket, deleteAttemptsBefore } from "../db/sign-in-attempts";
import type { Plan } from "../domain/plans";
import type { Services } from "../request-services";
import { pruneActivity } from "../services/data-retention";
import { recordActivity } from "./activity";
import { trustedDevice } from "./devices";
import { startSession } from "./start-session";
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
	const { token, deviceToken } = await startSession(services, account.accountId, emailNormalized, device, now);
	// The owner proved the password: the email's (or this device's) count starts again. The client
	// address keeps its count: one right password must not reset a sprayer's budget.
	// Housekeeping rides on sign-ins: frequent enough to keep the tables small, never on a read.
	services.waitUntil(
		Promise.all([
			clearBucket(services.db, judge.name),
			deleteExpiredSessions(services.db, now),
			deleteAttemptsBefore(services.db, now - attemptWindowMs),
			deleteExpiredPasswordResets(services.d1, now),
			pruneActivity(services, now),
			// A browser this account has not signed in from before (or not for a year) goes in the activity log.
			device
				? Promise.resolve()
				: recordActivity(services, {
						workspaceId: account.workspaceId,
						at: now,
						actorAccountId: account.accountId,
						actorEmail: account.email,
						action: "sign_in.new_device",
						target: null,
					}),
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
