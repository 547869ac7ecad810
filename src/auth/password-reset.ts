/**
 * Passwords without an operator (docs/teams.md). "Forgot password" sends a single-use link that
 * expires in an hour; the answer is the same whether or not the email has an account, and so is
 * its timing: the link is made and mailed after the answer. Resetting sets the new password,
 * ends every session of the account, forgets its browsers and its other reset links.
 *
 * Throttled like sign-in (`throttle.ts`): requests per email (each sends a mail, whether or not
 * the email has an account), and links that name nothing per client address.
 */
import { ApiError } from "../api-error";
import { linkTokenHash, linkTokenPattern, newLinkToken, passwordResetLifetimeMs, sameTokenHash } from "../credentials/link-tokens";
import { hashPassword, normalizeEmail } from "../credentials/passwords";
import { findAccountByEmail, setAccountPassword } from "../db/accounts";
import { deleteAccountPasswordResets, insertPasswordReset, usePasswordReset } from "../db/password-resets";
import { deleteAccountSessions } from "../db/sessions";
import { deleteAccountDevices } from "../db/sign-in-devices";
import type { Services } from "../request-services";
import { sendMail } from "./mail";
import { admitAttempt, bucket, releaseAttempt } from "./throttle";

export async function requestPasswordReset(services: Services, email: string, consoleOrigin: string, now: number): Promise<void> {
	const emailNormalized = normalizeEmail(email);
	await admitAttempt(services, [bucket("reset", emailNormalized)], now);
	services.waitUntil(
		mailResetLink(services, emailNormalized, consoleOrigin, now).catch((error) => console.error("sending a reset link failed", error)),
	);
}

async function mailResetLink(services: Services, emailNormalized: string, consoleOrigin: string, now: number): Promise<void> {
	const account = await findAccountByEmail(services.db, emailNormalized);
	if (!account) return;
	const token = newLinkToken();
	await insertPasswordReset(services.d1, await linkTokenHash("password-reset", token), account.accountId, now, passwordResetLifetimeMs);
	const link = `${consoleOrigin}/reset-password/${token}`;
	await sendMail(
		services,
		{
			to: account.email,
			subject: "Reset your charts password",
			text: `Someone (we hope you) asked to reset the password of ${account.email}.\n\nOpen this link to choose a new one (it works once, for an hour):\n${link}\n\nIf it was not you, ignore this mail: your password stays as it is.\n`,
			links: [link],
		},
		now,
	);
}

function linkGone(): ApiError {
	return new ApiError(
		"not_found",
		"This password reset link is not valid: it was used or has expired (links work for an hour). Ask for a new one from the sign-in page.",
	);
}

export async function completePasswordReset(
	services: Services,
	token: string,
	newPassword: string,
	client: string | null,
	now: number,
): Promise<void> {
	const admitted = await admitAttempt(services, client === null ? [] : [bucket("link", client)], now);
	const tokenHash = linkTokenPattern.test(token) ? await linkTokenHash("password-reset", token) : null;
	const used = tokenHash === null ? null : await usePasswordReset(services.d1, tokenHash, now);
	if (!used || tokenHash === null || !sameTokenHash(used.tokenHash, tokenHash)) throw linkGone();
	await releaseAttempt(services, admitted);
	await setAccountPassword(services.db, used.accountId, await hashPassword(newPassword));
	await deleteAccountSessions(services.db, used.accountId);
	await deleteAccountDevices(services.db, used.accountId);
	await deleteAccountPasswordResets(services.d1, used.accountId);
}
