/**
 * Many bench accounts, each with one key, in a single `wrangler d1 execute` (one call per
 * account would spend seconds each). Each suite's clients get their own account so the
 * per-account rate limit measures nothing here.
 */

import { issueApiKey } from "../../src/credentials/api-keys.ts";
import { newId } from "../../src/domain/ids.ts";
import type { Plan, Scope } from "../../src/domain/plans.ts";
import { execute, sql, type Target } from "../../test/harness/local/d1.ts";

export async function createBenchKeys(target: Target, count: number, plan: Plan, scopes: Scope[], keysPerAccount = 1): Promise<string[]> {
	const now = Date.now();
	const statements: string[] = [];
	const keys: string[] = [];
	for (let i = 0; i < count; i++) {
		const workspaceId = newId("ws");
		const accountId = newId("ac");
		statements.push(
			sql("INSERT INTO workspaces (id, name, kind, created_at) VALUES (?, ?, ?, ?)", workspaceId, `bench ${i}`, "personal", now),
			sql(
				"INSERT INTO accounts (id, workspace_id, name, plan, created_at) VALUES (?, ?, ?, ?, ?)",
				accountId,
				workspaceId,
				`bench ${i}`,
				plan,
				now,
			),
		);
		// More than one key per account: the queries suite sets a chart up with one and measures with another the isolate has not seen.
		for (let k = 0; k < keysPerAccount; k++) {
			const issued = await issueApiKey();
			keys.push(issued.key);
			statements.push(
				sql(
					"INSERT INTO api_keys (id, account_id, name, prefix, hash, scopes, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
					newId("key"),
					accountId,
					`bench ${k}`,
					issued.prefix,
					issued.hash,
					JSON.stringify(scopes),
					now,
				),
			);
		}
	}
	await execute(target, statements);
	return keys;
}
