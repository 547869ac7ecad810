/**
 * Changing a signed-in account's password (DESIGN D33): the current password is required, so a
 * session left open on a shared machine cannot lock its owner out, and every other session of
 * the account ends, so a change made because a password leaked also throws the intruder out.
 */
import { findAccountPassword, setAccountPassword } from "../db/accounts";
import { deleteOtherSessions } from "../db/sessions";
import type { SessionCaller } from "../domain/caller";
import { dummyPasswordHash, hashPassword, verifyPassword } from "../domain/passwords";
import { ApiError } from "../http/errors";
import type { Services } from "../services/context";

export async function changePassword(
	services: Services,
	caller: SessionCaller,
	currentPassword: string,
	newPassword: string,
): Promise<void> {
	const stored = await findAccountPassword(services.db, caller.accountId);
	const currentIsRight = await verifyPassword(currentPassword, stored ?? dummyPasswordHash);
	if (!stored || !currentIsRight) {
		throw new ApiError("invalid_credentials", "currentPassword is not this account's password.", { path: "currentPassword" });
	}
	await setAccountPassword(services.db, caller.accountId, await hashPassword(newPassword));
	await deleteOtherSessions(services.db, caller.accountId, caller.sessionId);
}
