/**
 * API keys: looked up by the SHA-256 of the presented key, joined with the account they belong to;
 * listed, created and revoked per account (the console's keys routes, docs/design.md#d33).
 */
import { and, asc, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { Plan, Scope } from "../domain/plans";
import { Role } from "../domain/roles";
import type { Database } from "./client";
import { parseJsonColumn } from "./rows";
import { accounts, apiKeys } from "./schema";

export interface KeyRecord {
	keyId: string;
	accountId: string;
	workspaceId: string;
	plan: Plan;
	/** The account's role now: the key's scopes are used only as far as the role allows. */
	role: Role;
	/** The scopes the key was made with. */
	scopes: Scope[];
	revokedAt: number | null;
	lastUsedAt: number | null;
}

const ScopeList = z.array(Scope);

export async function findKeyByHash(db: Database, hash: string): Promise<KeyRecord | null> {
	const row = await db
		.select({
			keyId: apiKeys.id,
			accountId: accounts.id,
			workspaceId: accounts.workspaceId,
			plan: accounts.plan,
			role: accounts.role,
			scopes: apiKeys.scopes,
			revokedAt: apiKeys.revokedAt,
			lastUsedAt: apiKeys.lastUsedAt,
		})
		.from(apiKeys)
		.innerJoin(accounts, eq(accounts.id, apiKeys.accountId))
		.where(eq(apiKeys.hash, hash))
		.get();
	if (!row) return null;
	return {
		...row,
		plan: Plan.parse(row.plan),
		role: Role.parse(row.role),
		scopes: parseJsonColumn(ScopeList, row.scopes, "api_keys.scopes"),
	};
}

export async function markKeyUsed(db: Database, keyId: string, now: number): Promise<void> {
	await db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, keyId));
}

/** A key as its owner sees it: never the key itself, only its prefix. */
export interface KeyListing {
	id: string;
	name: string;
	prefix: string;
	scopes: Scope[];
	createdAt: number;
	lastUsedAt: number | null;
}

/** The account's keys that still work, oldest first. */
export async function listActiveKeys(db: Database, accountId: string): Promise<KeyListing[]> {
	const rows = await db
		.select({
			id: apiKeys.id,
			name: apiKeys.name,
			prefix: apiKeys.prefix,
			scopes: apiKeys.scopes,
			createdAt: apiKeys.createdAt,
			lastUsedAt: apiKeys.lastUsedAt,
		})
		.from(apiKeys)
		.where(and(eq(apiKeys.accountId, accountId), isNull(apiKeys.revokedAt)))
		.orderBy(asc(apiKeys.createdAt), asc(apiKeys.id));
	return rows.map((row) => ({ ...row, scopes: parseJsonColumn(ScopeList, row.scopes, "api_keys.scopes") }));
}

export async function insertKey(
	db: Database,
	key: { id: string; accountId: string; name: string; prefix: string; hash: string; scopes: Scope[]; createdAt: number },
): Promise<void> {
	await db.insert(apiKeys).values({ ...key, scopes: JSON.stringify(key.scopes) });
}

/** Revokes every working key of the account (a member removed); answers the ids revoked. */
export async function revokeAccountKeys(db: Database, accountId: string, now: number): Promise<string[]> {
	const revoked = await db
		.update(apiKeys)
		.set({ revokedAt: now })
		.where(and(eq(apiKeys.accountId, accountId), isNull(apiKeys.revokedAt)))
		.returning({ id: apiKeys.id });
	return revoked.map((row) => row.id);
}

/** Revokes one of the account's working keys; false if the account has no such key (another account's id included). */
export async function revokeAccountKey(db: Database, accountId: string, keyId: string, now: number): Promise<boolean> {
	const revoked = await db
		.update(apiKeys)
		.set({ revokedAt: now })
		.where(and(eq(apiKeys.id, keyId), eq(apiKeys.accountId, accountId), isNull(apiKeys.revokedAt)))
		.returning({ id: apiKeys.id });
	return revoked.length === 1;
}
