/**
 * The browsers an account has signed in from (OWASP "device cookies"). A sign-in that
 * bears a live device cookie issued for its email is throttled by that device's own counter, so
 * a stranger's wrong guesses for the email do not lock its owner out; an unknown, expired or
 * malformed cookie, or one issued for another email, counts like none.
 */

import { deviceLifetimeMs, deviceTokenHash, deviceTokenPattern, maxDevicesPerAccount, newDeviceToken } from "../credentials/device-tokens";
import { deleteDevicesUnusedSince, findDevice, insertDevice, touchDevice, trimAccountDevices } from "../db/sign-in-devices";
import type { Services } from "../request-services";

export interface TrustedDevice {
	/** The stored hash: the device's id and the name of its throttle bucket. */
	tokenHash: string;
	token: string;
}

export async function trustedDevice(
	services: Services,
	token: string | null,
	emailNormalized: string,
	now: number,
): Promise<TrustedDevice | null> {
	if (token === null || !deviceTokenPattern.test(token)) return null;
	const tokenHash = await deviceTokenHash(token);
	const device = await findDevice(services.db, tokenHash);
	if (!device || device.emailNormalized !== emailNormalized || device.lastUsedAt <= now - deviceLifetimeMs) return null;
	return { tokenHash, token };
}

/**
 * After a right password: the device is remembered (or its year starts again) and the token to
 * set as the cookie is returned. An account keeps its `maxDevicesPerAccount` most recent devices.
 */
export async function rememberDevice(
	services: Services,
	known: TrustedDevice | null,
	accountId: string,
	emailNormalized: string,
	now: number,
): Promise<string> {
	if (known) {
		await touchDevice(services.db, known.tokenHash, now);
		return known.token;
	}
	const token = newDeviceToken();
	await insertDevice(services.db, await deviceTokenHash(token), accountId, emailNormalized, now);
	services.waitUntil(
		Promise.all([
			trimAccountDevices(services.db, accountId, maxDevicesPerAccount),
			deleteDevicesUnusedSince(services.db, now - deviceLifetimeMs),
		]),
	);
	return token;
}
