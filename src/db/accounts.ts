/**
 * Accounts as people sign in to them (DESIGN D30): found by normalised email, with their
 * password hash, and the account overview the console shows.
 */
import { eq } from "drizzle-orm";
import type { PasswordHash } from "../domain/passwords";
import { Plan } from "../domain/plans";
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
