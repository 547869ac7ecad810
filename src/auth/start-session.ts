/**
 * What every way in ends with (a sign-in, an accepted invitation, a sign-up): a new session, and
 * this browser remembered as one the account signed in from (`devices.ts`).
 */

import { newSessionToken, sessionLifetimeMs, sessionTokenHash } from "../credentials/session-tokens";
import { createSession } from "../db/sessions";
import type { Services } from "../request-services";
import type { TrustedDevice } from "./devices";
import { rememberDevice } from "./devices";

export interface StartedSession {
	/** The session cookie's value. */
	token: string;
	/** The device cookie's value. */
	deviceToken: string;
}

export async function startSession(
	services: Services,
	accountId: string,
	emailNormalized: string,
	device: TrustedDevice | null,
	now: number,
): Promise<StartedSession> {
	const token = newSessionToken();
	await createSession(services.db, await sessionTokenHash(token), accountId, now, sessionLifetimeMs);
	const deviceToken = await rememberDevice(services, device, accountId, emailNormalized, now);
	return { token, deviceToken };
}
