/**
 * Factories: each test builds the accounts and keys it needs, with unique ids, so nothing
 * leaks between tests.
 */
import { env } from "cloudflare:workers";
import { issueApiKey } from "../../../src/credentials/api-keys";
import { hashPassword, normalizeEmail } from "../../../src/credentials/passwords";
import { newId } from "../../../src/domain/ids";
import type { Plan, Scope } from "../../../src/domain/plans";
import { allScopes } from "../../../src/domain/plans";

export interface TestAccount {
	key: string;
	keyId: string;
	accountId: string;
	workspaceId: string;
	/** Set when the account was made with a password: what it signs in with. */
	email: string;
	password: string;
}

export async function makeWorkspace(kind: "personal" | "team" = "team"): Promise<string> {
	const id = newId("ws");
	await env.DB.prepare("INSERT INTO workspaces (id, name, kind, created_at) VALUES (?, ?, ?, ?)")
		.bind(id, `Workspace ${id}`, kind, Date.now())
		.run();
	return id;
}

export async function makeKey(accountId: string, scopes: readonly Scope[] = allScopes): Promise<{ key: string; keyId: string }> {
	const issued = await issueApiKey();
	const keyId = newId("key");
	await env.DB.prepare("INSERT INTO api_keys (id, account_id, name, prefix, hash, scopes, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)")
		.bind(keyId, accountId, "test key", issued.prefix, issued.hash, JSON.stringify(scopes), Date.now())
		.run();
	return { key: issued.key, keyId };
}

export interface AccountOptions {
	plan?: Plan;
	scopes?: readonly Scope[];
	workspaceId?: string;
	/** Gives the account a sign-in: this password and `email` (a unique one if not given). */
	password?: string;
	email?: string;
}

export async function makeAccount(options: AccountOptions = {}): Promise<TestAccount> {
	const workspaceId = options.workspaceId ?? (await makeWorkspace("personal"));
	const accountId = newId("ac");
	await env.DB.prepare("INSERT INTO accounts (id, workspace_id, name, plan, created_at) VALUES (?, ?, ?, ?, ?)")
		.bind(accountId, workspaceId, `Account ${accountId}`, options.plan ?? "business", Date.now())
		.run();
	let email = "";
	let password = "";
	if (options.password !== undefined) {
		email = options.email ?? `${accountId.toLowerCase()}@example.test`;
		password = options.password;
		const hash = await hashPassword(password);
		await env.DB.prepare(
			"UPDATE accounts SET email = ?, email_normalized = ?, password_hash = ?, password_salt = ?, password_iterations = ? WHERE id = ?",
		)
			.bind(email, normalizeEmail(email), hash.hash, hash.salt, hash.iterations, accountId)
			.run();
	}
	const { key, keyId } = await makeKey(accountId, options.scopes ?? allScopes);
	return { key, keyId, accountId, workspaceId, email, password };
}

export async function makeTheme(workspaceId: string, options: { isDefault?: boolean; name?: string } = {}): Promise<string> {
	const id = newId("th");
	await env.DB.prepare("INSERT INTO themes (id, workspace_id, name, definition, is_default, created_at) VALUES (?, ?, ?, ?, ?, ?)")
		.bind(id, workspaceId, options.name ?? "Brand", "{}", options.isDefault ? 1 : 0, Date.now())
		.run();
	return id;
}
