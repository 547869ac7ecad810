/**
 * The local demo: a Business team workspace with an editor and a teammate, and a Free account,
 * each with a key and a console sign-in. Keys are stored only as hashes, so the plain keys are
 * kept in a local file (inside the git-ignored state directory) to print them again on the next
 * start. The demo passwords are fixed and printed: this is local demo data, never production.
 * Re-running keeps data, logins included (a password changed in the console stays changed).
 */
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { sha256Hex } from "../../src/domain/ids.ts";
import type { Plan } from "../../src/domain/plans.ts";
import { allScopes } from "../../src/domain/plans.ts";
import { createAccount, createKey, setLogin } from "./admin-ops.ts";
import type { Target } from "./d1.ts";
import { query, sql } from "./d1.ts";

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

async function keyStillWorks(target: Target, key: string): Promise<boolean> {
	const rows = await query(target, sql("SELECT revoked_at FROM api_keys WHERE hash = ?", await sha256Hex(key)));
	return rows.length === 1 && rows[0]?.revoked_at === null;
}

export async function seedDemo(target: Target, keysFile: string): Promise<DemoKey[]> {
	const saved: DemoKey[] = existsSync(keysFile) ? (JSON.parse(await readFile(keysFile, "utf8")) as DemoKey[]) : [];
	const result: DemoKey[] = [];
	for (const demo of demoAccounts) {
		const [account] = await query(target, sql("SELECT id, password_hash FROM accounts WHERE id = ?", demo.accountId));
		if (!account) {
			const [workspace] = await query(target, sql("SELECT id FROM workspaces WHERE id = ?", demo.workspaceId));
			await createAccount(target, {
				plan: demo.plan,
				name: demo.name,
				accountId: demo.accountId,
				email: demo.email,
				password: demo.password,
				...(workspace ? { workspaceId: demo.workspaceId } : { newWorkspaceId: demo.workspaceId, team: demo.team }),
			});
		} else if (account.password_hash === null) {
			// Demo state from before sign-in existed: give the account its login.
			await setLogin(target, demo.accountId, demo.password, demo.email);
		}
		const previous = saved.find((k) => k.accountId === demo.accountId);
		const key =
			previous && (await keyStillWorks(target, previous.key))
				? previous.key
				: (await createKey(target, { accountId: demo.accountId, scopes: [...allScopes], name: `demo ${demo.role}` })).key;
		result.push({
			role: demo.role,
			accountId: demo.accountId,
			workspaceId: demo.workspaceId,
			plan: demo.plan,
			key,
			email: demo.email,
			password: demo.password,
		});
	}
	await mkdir(dirname(keysFile), { recursive: true });
	await writeFile(keysFile, `${JSON.stringify(result, null, 2)}\n`, { mode: 0o600 });
	return result;
}
