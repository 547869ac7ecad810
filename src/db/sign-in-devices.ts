/**
 * Device cookies (docs/design.md#d31): the browsers that have signed in to an account, found by
 * the SHA-256 of their `charts_device` token. Each account keeps its most recently used
 * `maxDevicesPerAccount`; a device unused for its lifetime is purged.
 */
import { and, desc, eq, lt, notInArray } from "drizzle-orm";
import type { Database } from "./client";
import { signInDevices } from "./schema";

export interface DeviceRecord {
	accountId: string;
	emailNormalized: string;
	lastUsedAt: number;
}

export async function findDevice(db: Database, tokenHash: string): Promise<DeviceRecord | null> {
	const row = await db
		.select({ accountId: signInDevices.accountId, emailNormalized: signInDevices.emailNormalized, lastUsedAt: signInDevices.lastUsedAt })
		.from(signInDevices)
		.where(eq(signInDevices.tokenHash, tokenHash))
		.get();
	return row ?? null;
}

export async function insertDevice(
	db: Database,
	tokenHash: string,
	accountId: string,
	emailNormalized: string,
	now: number,
): Promise<void> {
	await db.insert(signInDevices).values({ tokenHash, accountId, emailNormalized, createdAt: now, lastUsedAt: now });
}

export async function touchDevice(db: Database, tokenHash: string, now: number): Promise<void> {
	await db.update(signInDevices).set({ lastUsedAt: now }).where(eq(signInDevices.tokenHash, tokenHash));
}

/** Keeps the account's `keep` most recently used devices and forgets the rest. */
export async function trimAccountDevices(db: Database, accountId: string, keep: number): Promise<void> {
	const newest = db
		.select({ tokenHash: signInDevices.tokenHash })
		.from(signInDevices)
		.where(eq(signInDevices.accountId, accountId))
		.orderBy(desc(signInDevices.lastUsedAt))
		.limit(keep);
	await db.delete(signInDevices).where(and(eq(signInDevices.accountId, accountId), notInArray(signInDevices.tokenHash, newest)));
}

/** After a password change: trust earned with the old password ends. */
export async function deleteAccountDevices(db: Database, accountId: string): Promise<void> {
	await db.delete(signInDevices).where(eq(signInDevices.accountId, accountId));
}

export async function deleteDevicesUnusedSince(db: Database, before: number): Promise<void> {
	await db.delete(signInDevices).where(lt(signInDevices.lastUsedAt, before));
}
