/**
 * Admin CLI: accounts, API keys and themes. Local by default (works while `wrangler dev`
 * runs), `--persist-to DIR` like wrangler, `--remote` for production. `--json` for scripts.
 *
 *   npm run admin -- account create --plan business [--team "Newsroom" | --workspace ws_… [--role editor]] [--name N] [--email E --password-stdin] [--json]
 *   echo 'a long password' | npm run admin -- account set-password --account ac_… --password-stdin [--email E]
 *   npm run admin -- key create --account ac_… --scopes chart:read,chart:write [--name N] [--json]
 *   npm run admin -- key revoke --id key_…
 *   npm run admin -- key list --account ac_… [--json]
 *   npm run admin -- theme import --workspace ws_… --file theme.json [--default] [--json]
 */
import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { Email, NewPassword } from "../src/credentials/passwords.ts";
import { Plan, Scope } from "../src/domain/plans.ts";
import { InvitableRole } from "../src/domain/roles.ts";
import { ThemeWrite } from "../src/domain/themes.ts";
import { checkLogo } from "../src/formats/svg/logo.ts";
import { createAccount, createKey, importTheme, listKeys, revokeKey, setLogin } from "../test/harness/local/admin-ops.ts";
import type { Target } from "../test/harness/local/d1.ts";

class UsageError extends Error {}

const usage = `Usage: npm run admin -- <command> [options]

  account create --plan <free|starter|professional|business> [--team <name> | --workspace <id> [--role <role>]]
                 [--name <name>] [--email <email> --password-stdin]
  account set-password --account <id> --password-stdin [--email <email>]
  key create     --account <id> --scopes <scope,scope,...> [--name <name>]
  key revoke     --id <key id>
  key list       --account <id>
  theme import   --workspace <id> --file <theme.json> [--default]

Common options:
  --json             print machine-readable JSON
  --persist-to DIR   local state directory (as wrangler's --persist-to)
  --remote           act on the production database

Sign-in (the console): --email gives the account a sign-in email (unique, any case);
--password-stdin reads the password as one line from standard input (8 to 1,000 characters),
so it never appears in the shell history or the process list:
  printf '%s\\n' "$PASSWORD" | npm run admin -- account set-password --account ac_… --password-stdin

Roles (--role, with --workspace; editor unless given): admin, editor, viewer. An account that makes its
workspace (--team, or neither) owns it; hand ownership on in the console or with PATCH /v1/team/members.

Scopes: ${Scope.options.join(", ")}`;

function required(values: Record<string, unknown>, name: string): string {
	const value = values[name];
	if (typeof value !== "string" || value === "") throw new UsageError(`--${name} is required`);
	return value;
}

/** One line from standard input: the password, without its line ending. */
async function readPasswordLine(): Promise<string> {
	if (process.stdin.isTTY) process.stderr.write("Password (one line, shown as typed): ");
	let input = "";
	for await (const chunk of process.stdin) {
		input += String(chunk);
		if (input.includes("\n")) break;
	}
	const line = input.split(/\r?\n/)[0] ?? "";
	const checked = NewPassword.safeParse(line);
	if (!checked.success) throw new UsageError(`the password ${checked.error.issues[0]?.message ?? "is not valid"}`);
	return checked.data;
}

function parseEmail(raw: string): string {
	const checked = Email.safeParse(raw);
	if (!checked.success) throw new UsageError(`--email ${checked.error.issues[0]?.message ?? "is not valid"}`);
	return checked.data;
}

function parseScopes(raw: string): Scope[] {
	const scopes = raw
		.split(",")
		.map((s) => s.trim())
		.filter(Boolean);
	const unknown = scopes.filter((s) => !Scope.safeParse(s).success);
	if (unknown.length > 0) throw new UsageError(`unknown scope(s): ${unknown.join(", ")}. Known: ${Scope.options.join(", ")}`);
	if (scopes.length === 0) throw new UsageError("--scopes needs at least one scope");
	return [...new Set(scopes)] as Scope[];
}

async function main(argv: string[]): Promise<void> {
	const { values, positionals } = parseArgs({
		args: argv,
		allowPositionals: true,
		options: {
			json: { type: "boolean", default: false },
			remote: { type: "boolean", default: false },
			"persist-to": { type: "string" },
			plan: { type: "string" },
			team: { type: "string" },
			workspace: { type: "string" },
			role: { type: "string" },
			name: { type: "string" },
			account: { type: "string" },
			scopes: { type: "string" },
			id: { type: "string" },
			file: { type: "string" },
			default: { type: "boolean", default: false },
			email: { type: "string" },
			"password-stdin": { type: "boolean", default: false },
			help: { type: "boolean", short: "h", default: false },
		},
	});
	if (values.help || positionals.length === 0) {
		console.log(usage);
		return;
	}
	const target: Target = { remote: values.remote ?? false, persistTo: values["persist-to"] };
	const print = (result: unknown, human: string) => console.log(values.json ? JSON.stringify(result) : human);
	const command = positionals.slice(0, 2).join(" ");

	switch (command) {
		case "account create": {
			const plan = Plan.safeParse(values.plan);
			if (!plan.success) throw new UsageError(`--plan must be one of: ${Plan.options.join(", ")}`);
			if (values.team && values.workspace) throw new UsageError("give --team or --workspace, not both");
			const role = values.role === undefined ? undefined : InvitableRole.safeParse(values.role);
			if (role && !role.success) throw new UsageError(`--role must be one of: ${InvitableRole.options.join(", ")}`);
			if (role && !values.workspace) throw new UsageError("--role goes with --workspace: an account that makes its workspace owns it");
			if ((values.email === undefined) !== !values["password-stdin"]) throw new UsageError("give --email and --password-stdin together");
			const email = values.email === undefined ? undefined : parseEmail(values.email);
			const password = values["password-stdin"] ? await readPasswordLine() : undefined;
			const result = await createAccount(target, {
				plan: plan.data,
				name: values.name,
				team: values.team,
				workspaceId: values.workspace,
				role: role?.data,
				email,
				password,
			});
			print(
				{ ...result, ...(email ? { email } : {}) },
				`Created account ${result.accountId} in workspace ${result.workspaceId}${email ? `; it signs in as ${email}` : ""}`,
			);
			return;
		}
		case "account set-password": {
			const accountId = required(values, "account");
			if (!values["password-stdin"]) throw new UsageError("--password-stdin is required: the password is read from standard input");
			const email = values.email === undefined ? undefined : parseEmail(values.email);
			const result = await setLogin(target, accountId, await readPasswordLine(), email);
			print({ accountId, email: result.email, passwordSet: true }, `Set the password of ${accountId}; it signs in as ${result.email}`);
			return;
		}
		case "key create": {
			const result = await createKey(target, {
				accountId: required(values, "account"),
				scopes: parseScopes(required(values, "scopes")),
				name: values.name ?? "API key",
			});
			print(result, `Created key ${result.id}. Copy it now, it is not shown again:\n\n  ${result.key}\n`);
			return;
		}
		case "key revoke": {
			const id = required(values, "id");
			await revokeKey(target, id);
			print({ id, revoked: true }, `Revoked key ${id}`);
			return;
		}
		case "key list": {
			const keys = await listKeys(target, required(values, "account"));
			const lines = keys.map(
				(k) => `${k.id}  ${k.prefix}…  ${k.name}  [${k.scopes.join(", ")}]${k.revokedAt ? `  revoked ${k.revokedAt}` : ""}`,
			);
			print(keys, lines.length ? lines.join("\n") : "No keys.");
			return;
		}
		case "theme import": {
			const file = required(values, "file");
			let raw: unknown;
			try {
				raw = JSON.parse(await readFile(file, "utf8"));
			} catch (error) {
				throw new UsageError(`cannot read ${file} as JSON: ${error instanceof Error ? error.message : String(error)}`);
			}
			const definition = ThemeWrite.safeParse(raw);
			if (!definition.success) {
				const problems = definition.error.issues.map((i) => `  ${i.path.join(".") || "(root)"}: ${i.message}`);
				throw new UsageError(`${file} is not a valid theme:\n${problems.join("\n")}`);
			}
			// The same logo check as the console's theme routes: the logo is drawn into every export and embed.
			const logo = definition.data.logo ? checkLogo(definition.data.logo.dataUri) : null;
			if (logo?.problem !== undefined) throw new UsageError(`${file} is not a valid theme:\n  logo.dataUri: ${logo.problem}`);
			const stored =
				definition.data.logo && logo ? { ...definition.data, logo: { ...definition.data.logo, dataUri: logo.dataUri } } : definition.data;
			const result = await importTheme(target, required(values, "workspace"), stored, values.default ?? false);
			print(result, `Imported theme ${result.id} (${definition.data.name})${values.default ? " as the workspace default" : ""}`);
			return;
		}
		default:
			throw new UsageError(`unknown command "${positionals.join(" ")}"`);
	}
}

main(process.argv.slice(2)).catch((error: unknown) => {
	if (error instanceof UsageError) {
		console.error(`admin: ${error.message}\n\n${usage}`);
	} else {
		console.error(`admin: ${error instanceof Error ? error.message : String(error)}`);
	}
	process.exit(1);
});
