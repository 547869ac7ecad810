/**
 * Changing a signed-in account's password (docs/design.md#d33): the current password is required, so a
 * session left open on a shared machine cannot lock its owner out, and every other session of
 * the account ends, so a change made because a password leaked also throws the intruder out.
 *
 * The current-password check is throttled per account like sign-in (`throttle.ts`), before any
 * hash: a stolen session is not a way to guess the password. The change also forgets every
 * device cookie of the account (trust earned with the old password ends) and remembers this
 * browser afresh.
 */

import { ApiError } from "../api-error";
import { dummyPasswordHash, hashPassword, normalizeEmail, verifyPassword } from "../credentials/passwords";
import { findAccountPassword, setAccountPassword } from "../db/accounts";
import { deleteOtherSessions } from "../db/sessions";
import { clearBucket } from "../db/sign-in-attempts";
import { deleteAccountDevices } from "../db/sign-in-devices";
import type { SessionCaller } from "../domain/caller";
import type { Services } from "../request-services";
import { rememberDevice } from "./devices";
import { admitAttempt, bucket, releaseAttempt } from "./throttle";

export interface PasswordChange {
	/** The device cookie's value for this browser. */
	deviceToken: string;
}

export async function changePassword(
	services: Services,
	caller: SessionCaller,
	currentPassword: string,
	newPassword: string,
	now: number,
): Promise<PasswordChange> {
	const judge = bucket("password", caller.accountId);
	const admitted = await admitAttempt(services, [judge], now);
	const stored = await findAccountPassword(services.db, caller.accountId);
	const currentIsRight = await verifyPassword(currentPassword, stored ?? dummyPasswordHash);
	if (!stored || !currentIsRight) {
		throw new ApiError("invalid_credentials", "The current password is not right.", { path: "currentPassword" });
	}
	await releaseAttempt(services, admitted);
	await setAccountPassword(services.db, caller.accountId, await hashPassword(newPassword));
	await deleteOtherSessions(services.db, caller.accountId, caller.sessionId);
	await deleteAccountDevices(services.db, caller.accountId);
	const deviceToken = await rememberDevice(services, null, caller.accountId, normalizeEmail(caller.email), now);
	services.waitUntil(clearBucket(services.db, judge.name));
	return { deviceToken };
}
