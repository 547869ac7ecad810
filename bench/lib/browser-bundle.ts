/**
 * ECharts and our option builders bundled for the browser (`bench/browser-entry.ts`), so
 * Chromium draws the very same options the Worker draws.
 */
import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

export async function browserBundle(): Promise<string> {
	const out = join(tmpdir(), `charts-bench-browser-${process.pid}.js`);
	await run(join("node_modules", ".bin", "esbuild"), [
		"bench/browser-entry.ts",
		"--bundle",
		"--format=iife",
		"--minify",
		`--outfile=${out}`,
		'--define:process.env.NODE_ENV="production"',
		"--log-level=error",
	]);
	return readFile(out, "utf8");
}
