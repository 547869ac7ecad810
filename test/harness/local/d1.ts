/**
 * Runs SQL against the D1 database through `wrangler d1 execute`, so the admin CLI and the
 * seed work on the local database (even while `wrangler dev` runs) and on the remote one.
 */
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { toolEnv } from "./tool-env.ts";

export { literal, sql } from "../library/sql-literal.ts";

const run = promisify(execFile);
const wrangler = join(process.cwd(), "node_modules", ".bin", "wrangler");

export interface Target {
	remote: boolean;
	/** Local state directory, like wrangler's own --persist-to. */
	persistTo?: string;
}

export function targetFlags(target: Target): string[] {
	if (target.remote) return ["--remote"];
	return ["--local", ...(target.persistTo ? ["--persist-to", target.persistTo] : [])];
}

interface StatementResult {
	results: Record<string, unknown>[];
	success: boolean;
}

/** Runs statements in one call (one transaction) and returns each statement's rows. */
export async function execute(target: Target, statements: string[]): Promise<Record<string, unknown>[][]> {
	const dir = await mkdtemp(join(tmpdir(), "charts-sql-"));
	const file = join(dir, "statements.sql");
	try {
		await writeFile(file, `${statements.map((s) => s.trim().replace(/;$/, "")).join(";\n")};\n`);
		const { stdout } = await run(wrangler, ["d1", "execute", "DB", ...targetFlags(target), "--file", file, "--json", "--yes"], {
			maxBuffer: 64 * 1024 * 1024,
			env: toolEnv(),
		});
		const parsed = JSON.parse(stdout) as StatementResult[];
		return parsed.map((result) => result.results ?? []);
	} catch (error) {
		const stderr = (error as { stderr?: string }).stderr;
		const stdout = (error as { stdout?: string }).stdout;
		throw new Error(`wrangler d1 execute failed: ${stderr || stdout || String(error)}`);
	} finally {
		await rm(dir, { recursive: true, force: true });
	}
}

export async function query(target: Target, statement: string): Promise<Record<string, unknown>[]> {
	const [rows] = await execute(target, [statement]);
	return rows ?? [];
}

export async function applyMigrations(target: Target): Promise<void> {
	await run(wrangler, ["d1", "migrations", "apply", "DB", ...targetFlags(target)], {
		env: toolEnv({ CI: "true" }),
	});
}
