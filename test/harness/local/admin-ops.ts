/**
 * The admin operations behind the CLI and the local seed. Each is one `wrangler d1 execute`
 * call, so each is one transaction.
 */
import { issueApiKey } from "../../../src/credentials/api-keys.ts";
import { hashPassword, normalizeEmail } from "../../../src/credentials/passwords.ts";
import { newId } from "../../../src/domain/ids.ts";
import type { Plan, Scope } from "../../../src/domain/plans.ts";
import type { Role } from "../../../src/domain/roles.ts";
import type { ThemeDefinition } from "../../../src/domain/themes.ts";
import type { Target } from "./d1.ts";
import { execute, query, sql } from "./d1.ts";

export class AdminError extends Error {}

export interface NewAccount {
	plan: Plan;
	name?: string;
	/** Creates a new team workspace with this name. */
	team?: string;
	/** Joins an existing workspace. */
	workspaceId?: string;
	/** The role in the workspace it joins (editor unless given); an account that makes its workspace owns it. */
	role?: Role;
	/** Fixed ids, for the demo seed; random otherwise. */
	accountId?: string;
	newWorkspaceId?: string;
	/** A sign-in for the console: both or neither (the CLI checks). */
	email?: string;
	password?: string;
}

/** Emails are unique case-insensitively; say so plainly rather than as a constraint failure. */
async function requireFreeEmail(target: Target, email: string, exceptAccountId?: string): Promise<void> {
	const [taken] = await query(target, sql("SELECT id FROM accounts WHERE email_normalized = ?", normalizeEmail(email)));
	if (taken && taken.id !== exceptAccountId) throw new AdminError(`the email ${email} is already used by account ${String(taken.id)}`);
}

export async function loginStatement(accountId: string, email: string, password: string): Promise<string> {
	const hash = await hashPassword(password);
	return sql(
		"UPDATE accounts SET email = ?, email_normalized = ?, password_hash = ?, password_salt = ?, password_iterations = ? WHERE id = ?",
		email.trim(),
		normalizeEmail(email),
		hash.hash,
		hash.salt,
		hash.iterations,
		accountId,
	);
}

/** The statements that create an account (and its new workspace, unless it joins one), without reading anything. */
export async function newAccountStatements(input: NewAccount): Promise<{ accountId: string; workspaceId: string; statements: string[] }> {
	const now = Date.now();
	const accountId = input.accountId ?? newId("ac");
	const statements: string[] = [];
	const workspaceId = input.workspaceId ?? input.newWorkspaceId ?? newId("ws");
	if (!input.workspaceId) {
		const kind = input.team ? "team" : "personal";
		const name = input.team ?? input.name ?? "Personal workspace";
		statements.push(sql("INSERT INTO workspaces (id, name, kind, created_at) VALUES (?, ?, ?, ?)", workspaceId, name, kind, now));
	}
	statements.push(
		sql(
			"INSERT INTO accounts (id, workspace_id, name, plan, created_at, role, joined_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
			accountId,
			workspaceId,
			input.name ?? accountId,
			input.plan,
			now,
			input.workspaceId ? (input.role ?? "editor") : "owner",
			now,
		),
	);
	if (input.email !== undefined && input.password !== undefined)
		statements.push(await loginStatement(accountId, input.email, input.password));
	return { accountId, workspaceId, statements };
}

export async function createAccount(target: Target, input: NewAccount): Promise<{ accountId: string; workspaceId: string }> {
	if (input.email !== undefined) await requireFreeEmail(target, input.email);
	if (input.workspaceId) {
		const [workspace] = await query(target, sql("SELECT id FROM workspaces WHERE id = ?", input.workspaceId));
		if (!workspace) throw new AdminError(`there is no workspace ${input.workspaceId}`);
	}
	const { accountId, workspaceId, statements } = await newAccountStatements(input);
	await execute(target, statements);
	return { accountId, workspaceId };
}

/**
 * Sets an account's password (and, when given, its sign-in email). Sessions are left alone: a
 * person who changes their own password in the console ends their other sessions there.
 */
export async function setLogin(target: Target, accountId: string, password: string, email?: string): Promise<{ email: string }> {
	const [account] = await query(target, sql("SELECT id, email FROM accounts WHERE id = ?", accountId));
	if (!account) throw new AdminError(`there is no account ${accountId}`);
	const login = email ?? (typeof account.email === "string" ? account.email : undefined);
	if (login === undefined) throw new AdminError(`account ${accountId} has no email yet; give --email`);
	await requireFreeEmail(target, login, accountId);
	await execute(target, [await loginStatement(accountId, login, password)]);
	return { email: login.trim() };
}

export interface NewKey {
	accountId: string;
	scopes: Scope[];
	name: string;
}

/** The statement that stores a new key (its hash only) and the plain key, without reading anything. */
export async function newKeyStatement(input: NewKey): Promise<{ id: string; key: string; statement: string }> {
	const issued = await issueApiKey();
	const id = newId("key");
	const statement = sql(
		"INSERT INTO api_keys (id, account_id, name, prefix, hash, scopes, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
		id,
		input.accountId,
		input.name,
		issued.prefix,
		issued.hash,
		JSON.stringify(input.scopes),
		Date.now(),
	);
	return { id, key: issued.key, statement };
}

export async function createKey(target: Target, input: NewKey): Promise<{ id: string; key: string }> {
	const [account] = await query(target, sql("SELECT id FROM accounts WHERE id = ?", input.accountId));
	if (!account) throw new AdminError(`there is no account ${input.accountId}`);
	const { id, key, statement } = await newKeyStatement(input);
	await execute(target, [statement]);
	return { id, key };
}

/** A new account (with a new workspace, no sign-in) and a key of it, in one `wrangler d1 execute`. */
export async function createAccountWithKey(
	target: Target,
	account: Omit<NewAccount, "email" | "password" | "workspaceId">,
	key: Omit<NewKey, "accountId">,
): Promise<{ accountId: string; workspaceId: string; key: string }> {
	const created = await newAccountStatements(account);
	const issued = await newKeyStatement({ ...key, accountId: created.accountId });
	await execute(target, [...created.statements, issued.statement]);
	return { accountId: created.accountId, workspaceId: created.workspaceId, key: issued.key };
}

export async function revokeKey(target: Target, id: string): Promise<void> {
	const [key] = await query(target, sql("SELECT revoked_at FROM api_keys WHERE id = ?", id));
	if (!key) throw new AdminError(`there is no key ${id}`);
	if (key.revoked_at !== null) return;
	await execute(target, [sql("UPDATE api_keys SET revoked_at = ? WHERE id = ?", Date.now(), id)]);
}

export interface KeyListing {
	id: string;
	name: string;
	prefix: string;
	scopes: string[];
	createdAt: string;
	lastUsedAt: string | null;
	revokedAt: string | null;
}

function iso(value: unknown): string | null {
	return typeof value === "number" ? new Date(value).toISOString() : null;
}

export async function listKeys(target: Target, accountId: string): Promise<KeyListing[]> {
	const [account] = await query(target, sql("SELECT id FROM accounts WHERE id = ?", accountId));
	if (!account) throw new AdminError(`there is no account ${accountId}`);
	const rows = await query(
		target,
		sql(
			"SELECT id, name, prefix, scopes, created_at, last_used_at, revoked_at FROM api_keys WHERE account_id = ? ORDER BY created_at",
			accountId,
		),
	);
	return rows.map((row) => ({
		id: String(row.id),
		name: String(row.name),
		prefix: String(row.prefix),
		scopes: JSON.parse(String(row.scopes)) as string[],
		createdAt: iso(row.created_at) ?? "",
		lastUsedAt: iso(row.last_used_at),
		revokedAt: iso(row.revoked_at),
	}));
}

export async function importTheme(
	target: Target,
	workspaceId: string,
	definition: ThemeDefinition,
	makeDefault: boolean,
): Promise<{ id: string }> {
	const [workspace] = await query(target, sql("SELECT id FROM workspaces WHERE id = ?", workspaceId));
	if (!workspace) throw new AdminError(`there is no workspace ${workspaceId}`);
	const id = newId("th");
	await execute(target, [
		...(makeDefault ? [sql("UPDATE themes SET is_default = 0 WHERE workspace_id = ?", workspaceId)] : []),
		sql(
			"INSERT INTO themes (id, workspace_id, name, definition, is_default, created_at) VALUES (?, ?, ?, ?, ?, ?)",
			id,
			workspaceId,
			definition.name,
			JSON.stringify(definition),
			makeDefault,
			Date.now(),
		),
	]);
	return { id };
}
