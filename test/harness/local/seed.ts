/**
 * The local demo: a Business team workspace with an editor (its owner) and a teammate (an editor), and a Free account,
 * each with a key and a console sign-in. Keys are stored only as hashes, so the plain keys are
 * kept in a local file (inside the git-ignored state directory) to print them again on the next
 * start. The demo passwords are fixed and printed: this is local demo data, never production.
 * Re-running keeps data, logins included (a password changed in the console stays changed).
 */
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { normalizeEmail } from "../../../src/credentials/passwords.ts";
import { sha256Hex } from "../../../src/domain/ids.ts";
import type { Plan } from "../../../src/domain/plans.ts";
import { allScopes } from "../../../src/domain/plans.ts";
import { AdminError, loginStatement, newAccountStatements, newKeyStatement } from "./admin-ops.ts";
import type { Target } from "./d1.ts";
import { execute, sql } from "./d1.ts";

export interface DemoKey {
	role: string;
	accountId: string;
	workspaceId: string;
	plan: Plan;
	key: string;
	email: string;
	/** The fixed demo password (still right unless someone changed it in the console). */
	password: string;
}

const demoAccounts = [
	{
		role: "editor",
		accountId: "ac_demo_editor",
		workspaceId: "ws_demo_newsroom",
		team: "Demo newsroom",
		plan: "business",
		name: "Demo editor",
		email: "editor@demo.test",
		password: "demo-editor-password",
	},
	{
		role: "teammate",
		accountId: "ac_demo_teammate",
		workspaceId: "ws_demo_newsroom",
		team: undefined,
		plan: "business",
		name: "Demo teammate",
		email: "teammate@demo.test",
		password: "demo-teammate-password",
	},
	{
		role: "free",
		accountId: "ac_demo_free",
		workspaceId: "ws_demo_free",
		team: undefined,
		plan: "free",
		name: "Demo free account",
		email: "free@demo.test",
		password: "demo-free-password",
	},
] as const;

/** `?, ?, ?` for an IN list of `count` values. */
function placeholders(count: number): string {
	return Array.from({ length: count }, () => "?").join(", ");
}

type Row = Record<string, unknown>;

/** What the database already holds of the demo: its rows by the queries in `seedDemo`. */
interface DemoRows {
	accounts: Row[];
	workspaces: Row[];
	emailOwners: Row[];
	liveKeys: Row[];
}

const noDemoRows: DemoRows = { accounts: [], workspaces: [], emailOwners: [], liveKeys: [] };

/**
 * The statements that add what the demo lacks, and its keys: the saved ones that still work
 * (`savedHashes[i]` is `saved[i]`'s hash), new ones otherwise.
 */
async function demoPlan(
	rows: DemoRows,
	saved: readonly DemoKey[],
	savedHashes: readonly string[],
): Promise<{ statements: string[]; keys: DemoKey[] }> {
	const existingWorkspaces = new Set(rows.workspaces.map((row) => row.id));
	const working = new Set(rows.liveKeys.map((row) => row.hash));
	const statements: string[] = [];
	const keys: DemoKey[] = [];
	for (const demo of demoAccounts) {
		const account = rows.accounts.find((row) => row.id === demo.accountId);
		if (!account) {
			const owner = rows.emailOwners.find((row) => row.email_normalized === normalizeEmail(demo.email));
			if (owner) throw new AdminError(`the email ${demo.email} is already used by account ${String(owner.id)}`);
			const joins = existingWorkspaces.has(demo.workspaceId);
			const created = await newAccountStatements({
				plan: demo.plan,
				name: demo.name,
				accountId: demo.accountId,
				email: demo.email,
				password: demo.password,
				...(joins ? { workspaceId: demo.workspaceId } : { newWorkspaceId: demo.workspaceId, team: demo.team }),
			});
			statements.push(...created.statements);
			existingWorkspaces.add(demo.workspaceId);
		} else if (account.password_hash === null) {
			// Demo state from before sign-in existed: give the account its login.
			statements.push(await loginStatement(demo.accountId, demo.email, demo.password));
		}
		const previous = saved.findIndex((k) => k.accountId === demo.accountId);
		let key = saved[previous]?.key;
		if (key === undefined || !working.has(savedHashes[previous])) {
			// Every scope: what the account's role allows of them is what the key can do (src/domain/roles.ts).
			const issued = await newKeyStatement({ accountId: demo.accountId, scopes: [...allScopes], name: `demo ${demo.role}` });
			statements.push(issued.statement);
			key = issued.key;
		}
		keys.push({
			role: demo.role,
			accountId: demo.accountId,
			workspaceId: demo.workspaceId,
			plan: demo.plan,
			key,
			email: demo.email,
			password: demo.password,
		});
	}
	return { statements, keys };
}

async function writeDemoKeys(keysFile: string, keys: readonly DemoKey[]): Promise<void> {
	await mkdir(dirname(keysFile), { recursive: true });
	await writeFile(keysFile, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
}

/**
 * Two `wrangler d1 execute` calls whatever the state (each call starts wrangler, seconds on a
 * busy machine): one reads which demo accounts, workspaces, emails and saved keys exist, one
 * writes what is missing in a single transaction.
 */
export async function seedDemo(target: Target, keysFile: string): Promise<DemoKey[]> {
	const saved: DemoKey[] = existsSync(keysFile) ? (JSON.parse(await readFile(keysFile, "utf8")) as DemoKey[]) : [];
	const accountIds = demoAccounts.map((demo) => demo.accountId);
	const workspaceIds = demoAccounts.map((demo) => demo.workspaceId);
	const emails = demoAccounts.map((demo) => normalizeEmail(demo.email));
	const savedHashes = await Promise.all(saved.map((k) => sha256Hex(k.key)));
	const [accounts = [], workspaces = [], emailOwners = [], liveKeys = []] = await execute(target, [
		sql(`SELECT id, password_hash FROM accounts WHERE id IN (${placeholders(accountIds.length)})`, ...accountIds),
		sql(`SELECT id FROM workspaces WHERE id IN (${placeholders(workspaceIds.length)})`, ...workspaceIds),
		sql(`SELECT id, email_normalized FROM accounts WHERE email_normalized IN (${placeholders(emails.length)})`, ...emails),
		savedHashes.length > 0
			? sql(`SELECT hash FROM api_keys WHERE revoked_at IS NULL AND hash IN (${placeholders(savedHashes.length)})`, ...savedHashes)
			: "SELECT hash FROM api_keys WHERE 0",
	]);
	const { statements, keys } = await demoPlan({ accounts, workspaces, emailOwners, liveKeys }, saved, savedHashes);
	if (statements.length > 0) await execute(target, statements);
	await writeDemoKeys(keysFile, keys);
	return keys;
}

/**
 * The demo's statements for a database that holds none of it (just migrated), and its keys,
 * written to `keysFile` now: the caller runs the statements, with others, in one wrangler call.
 */
export async function freshDemo(keysFile: string): Promise<{ statements: string[]; keys: DemoKey[] }> {
	const plan = await demoPlan(noDemoRows, [], []);
	await writeDemoKeys(keysFile, plan.keys);
	return plan;
}
