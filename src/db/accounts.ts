/**
 * Accounts as people sign in to them (docs/design.md#d30): found by normalised email, with their
 * password hash, and the account overview the console shows.
 */
import { eq } from "drizzle-orm";
import type { PasswordHash } from "../credentials/passwords";
import { Plan } from "../domain/plans";
import { Role } from "../domain/roles";
import type { Database } from "./client";
import { accounts, workspaces } from "./schema";

export interface SignInAccount {
	accountId: string;
	workspaceId: string;
	plan: Plan;
	email: string;
	password: PasswordHash | null;
}

function passwordOf(row: {
	passwordHash: string | null;
	passwordSalt: string | null;
	passwordIterations: number | null;
}): PasswordHash | null {
	if (row.passwordHash === null || row.passwordSalt === null || row.passwordIterations === null) return null;
	return { hash: row.passwordHash, salt: row.passwordSalt, iterations: row.passwordIterations };
}

const signInColumns = {
	accountId: accounts.id,
	workspaceId: accounts.workspaceId,
	plan: accounts.plan,
	email: accounts.email,
	passwordHash: accounts.passwordHash,
	passwordSalt: accounts.passwordSalt,
	passwordIterations: accounts.passwordIterations,
};

export async function findAccountByEmail(db: Database, emailNormalized: string): Promise<SignInAccount | null> {
	const row = await db.select(signInColumns).from(accounts).where(eq(accounts.emailNormalized, emailNormalized)).get();
	if (!row) return null;
	return {
		accountId: row.accountId,
		workspaceId: row.workspaceId,
		plan: Plan.parse(row.plan),
		email: row.email ?? "",
		password: passwordOf(row),
	};
}

export async function findAccountPassword(db: Database, accountId: string): Promise<PasswordHash | null> {
	const row = await db.select(signInColumns).from(accounts).where(eq(accounts.id, accountId)).get();
	return row ? passwordOf(row) : null;
}

export async function setAccountPassword(db: Database, accountId: string, password: PasswordHash): Promise<void> {
	await db
		.update(accounts)
		.set({ passwordHash: password.hash, passwordSalt: password.salt, passwordIterations: password.iterations })
		.where(eq(accounts.id, accountId));
}

export interface AccountOverview {
	accountId: string;
	email: string;
	plan: Plan;
	workspace: { id: string; name: string; kind: "personal" | "team" };
}

export async function accountOverview(db: Database, accountId: string): Promise<AccountOverview | null> {
	const row = await db
		.select({
			accountId: accounts.id,
			email: accounts.email,
			plan: accounts.plan,
			workspaceId: workspaces.id,
			workspaceName: workspaces.name,
			workspaceKind: workspaces.kind,
		})
		.from(accounts)
		.innerJoin(workspaces, eq(workspaces.id, accounts.workspaceId))
		.where(eq(accounts.id, accountId))
		.get();
	if (!row) return null;
	return {
		accountId: row.accountId,
		email: row.email ?? "",
		plan: Plan.parse(row.plan),
		workspace: { id: row.workspaceId, name: row.workspaceName, kind: row.workspaceKind },
	};
}

/** What a session's answer says of its account: the workspace's name and the account's role there. */
export interface SessionFacts {
	accountId: string;
	workspaceId: string;
	workspaceName: string;
	plan: Plan;
	role: Role;
	email: string;
}

export async function sessionFacts(db: Database, accountId: string): Promise<SessionFacts | null> {
	const row = await db
		.select({
			accountId: accounts.id,
			workspaceId: accounts.workspaceId,
			workspaceName: workspaces.name,
			plan: accounts.plan,
			role: accounts.role,
			email: accounts.email,
		})
		.from(accounts)
		.innerJoin(workspaces, eq(workspaces.id, accounts.workspaceId))
		.where(eq(accounts.id, accountId))
		.get();
	if (!row) return null;
	return { ...row, plan: Plan.parse(row.plan), role: Role.parse(row.role), email: row.email ?? "" };
}

export interface NewSignInAccount {
	accountId: string;
	workspaceId: string;
	plan: Plan;
	role: Role;
	email: string;
	emailNormalized: string;
	password: PasswordHash;
	now: number;
}

/**
 * The statement that makes an account with a sign-in in an existing workspace. With
 * `acceptedInvitation`, only if that invitation has just been accepted for this account (the
 * statement before it in the same batch), so a link used twice at once makes one account.
 */
export function insertSignInAccountStatement(d1: D1Database, account: NewSignInAccount, acceptedInvitation?: string): D1PreparedStatement {
	const guard = acceptedInvitation === undefined ? "" : "WHERE EXISTS (SELECT 1 FROM invitations WHERE id = ? AND accepted_by = ?)";
	return d1
		.prepare(
			`INSERT INTO accounts (id, workspace_id, name, plan, created_at, email, email_normalized, password_hash, password_salt, password_iterations, role, joined_at)
			 SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ? ${guard}`,
		)
		.bind(
			account.accountId,
			account.workspaceId,
			account.email,
			account.plan,
			account.now,
			account.email,
			account.emailNormalized,
			account.password.hash,
			account.password.salt,
			account.password.iterations,
			account.role,
			account.now,
			...(acceptedInvitation === undefined ? [] : [acceptedInvitation, account.accountId]),
		);
}

/** A person's own workspace: made with their account at sign-up, or when they leave a team. */
export function insertPersonalWorkspaceStatement(d1: D1Database, workspaceId: string, name: string, now: number): D1PreparedStatement {
	return d1.prepare("INSERT INTO workspaces (id, name, kind, created_at) VALUES (?, ?, 'personal', ?)").bind(workspaceId, name, now);
}
