/**
 * Sign-up (docs/deploy.md): when the deployment's `SIGN_UP` is `open`, anyone makes an account
 * with a workspace of its own on the Free plan, as its owner; when `closed` (the default), people
 * join by invitation only. Throttled per client address like sign-in.
 */
import { ApiError } from "../api-error";
import { hashPassword, normalizeEmail } from "../credentials/passwords";
import { findAccountByEmail, insertPersonalWorkspaceStatement, insertSignInAccountStatement } from "../db/accounts";
import { newId } from "../domain/ids";
import type { Services } from "../request-services";
import { startSession } from "./start-session";
import { admitAttempt, bucket } from "./throttle";

export interface SignedUp {
	accountId: string;
	token: string;
	deviceToken: string;
}

export async function signUp(
	services: Services,
	input: { email: string; password: string; client: string | null },
	now: number,
): Promise<SignedUp> {
	if (services.config.signUp !== "open") {
		throw new ApiError("forbidden", "Sign-up is closed on this service: ask a workspace's owner or admin for an invitation.");
	}
	// Every sign-up counts against the address (never released): making accounts in bulk is what it limits.
	await admitAttempt(services, input.client === null ? [] : [bucket("signUp", input.client)], now);
	const emailNormalized = normalizeEmail(input.email);
	if (await findAccountByEmail(services.db, emailNormalized)) {
		throw new ApiError("conflict", `${input.email.trim()} already has an account: sign in, or reset its password from the sign-in page.`);
	}
	const accountId = newId("ac");
	const workspaceId = newId("ws");
	const email = input.email.trim();
	await createOrConflict(services, email, [
		insertPersonalWorkspaceStatement(services.d1, workspaceId, `${email}'s workspace`, now),
		insertSignInAccountStatement(services.d1, {
			accountId,
			workspaceId,
			plan: "free",
			role: "owner",
			email,
			emailNormalized,
			password: await hashPassword(input.password),
			now,
		}),
	]);
	const session = await startSession(services, accountId, emailNormalized, null, now);
	return { accountId, ...session };
}

/** Two sign-ups for one email at once: the unique index refuses the second, said as the 409 it is. */
async function createOrConflict(services: Services, email: string, statements: D1PreparedStatement[]): Promise<void> {
	try {
		await services.d1.batch(statements);
	} catch (error) {
		if (String(error).includes("UNIQUE")) {
			throw new ApiError("conflict", `${email} already has an account: sign in, or reset its password from the sign-in page.`);
		}
		throw error;
	}
}
