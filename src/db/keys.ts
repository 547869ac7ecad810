/**
 * API keys: looked up by the SHA-256 of the presented key, joined with the account they belong to.
 */
import { eq } from "drizzle-orm";
import { z } from "zod";
import { Plan, Scope } from "../domain/plans";
import type { Database } from "./client";
import { parseJsonColumn } from "./rows";
import { accounts, apiKeys } from "./schema";

export interface KeyRecord {
	keyId: string;
	accountId: string;
	workspaceId: string;
	plan: Plan;
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
			scopes: apiKeys.scopes,
			revokedAt: apiKeys.revokedAt,
			lastUsedAt: apiKeys.lastUsedAt,
		})
		.from(apiKeys)
		.innerJoin(accounts, eq(accounts.id, apiKeys.accountId))
		.where(eq(apiKeys.hash, hash))
		.get();
	if (!row) return null;
	return { ...row, plan: Plan.parse(row.plan), scopes: parseJsonColumn(ScopeList, row.scopes, "api_keys.scopes") };
}

export async function markKeyUsed(db: Database, keyId: string, now: number): Promise<void> {
	await db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, keyId));
}
