/**
 * `npm run test:browser`: the browser tests (test/browser/*.test.ts, Node's test runner) with
 * what every file would otherwise make for itself made once: the local state prepared (migrated,
 * library imported, demo seeded; each file's `wrangler dev` starts on its own copy) and one
 * Chromium the files connect to. `dist/` is built by then (`npm test` builds first; otherwise
 * the first `wrangler dev` builds it through the `[build]` hook and the others find it current).
 *
 * Which files: `npm test` runs the quick tier (`quickTierFiles`: a smoke test of sign-in and the
 * account, axe on every console screen, the theme studio and the live embed); `-- --rest` runs
 * the other files (each a feature's whole workflow: CI runs them after `npm test`); FULL=1
 * (`npm run test:full`) or `-- --all` runs every file.
 *
 *   npm run test:browser [-- --rest | --all | test/browser/embed.test.ts …]
 *
 * A file run alone (`node --import tsx --test test/browser/x.test.ts`) still prepares its own.
 */
import { spawn } from "node:child_process";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromiumMissing, launchChromiumServer, sharedBrowserVar } from "./lib/chromium.ts";
import { preparedStateVar, prepareState } from "./lib/prepared-state.ts";

const dir = "test/browser";

/** Kept to what a change most often breaks, so `npm test` stays under 10 minutes (issue 25). */
const quickTierFiles = ["console.test.ts", "console-axe.test.ts", "console-themes.test.ts", "embed.test.ts"];

async function chosenFiles(args: readonly string[]): Promise<string[]> {
	const named = args.filter((arg) => !arg.startsWith("--"));
	if (named.length > 0) return named;
	const every = (await readdir(dir)).filter((name) => name.endsWith(".test.ts")).sort();
	const missing = quickTierFiles.filter((name) => !every.includes(name));
	if (missing.length > 0) throw new Error(`scripts/test-browser.ts names quick-tier files that do not exist: ${missing.join(", ")}`);
	let chosen = quickTierFiles;
	if (args.includes("--all") || process.env.FULL === "1") chosen = every;
	else if (args.includes("--rest")) chosen = every.filter((name) => !quickTierFiles.includes(name));
	return chosen.map((name) => join(dir, name));
}

const files = await chosenFiles(process.argv.slice(2));

function runTests(env: NodeJS.ProcessEnv): Promise<number> {
	return new Promise((resolve, reject) => {
		// One file at a time: each runs its own wrangler dev and drives pages, which fill both cores.
		const child = spawn(process.execPath, ["--import", "tsx", "--test", "--test-concurrency=1", ...files], { stdio: "inherit", env });
		child.once("error", reject);
		child.once("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
	});
}

let exitCode: number;
if (chromiumMissing()) {
	// Every file skips, saying why; nothing to prepare.
	exitCode = await runTests(process.env);
} else {
	const state = await mkdtemp(join(tmpdir(), "charts-test-state-"));
	const browser = await launchChromiumServer();
	try {
		await prepareState(state);
		exitCode = await runTests({ ...process.env, [preparedStateVar]: state, [sharedBrowserVar]: browser.wsEndpoint() });
	} finally {
		await browser.close();
		await rm(state, { recursive: true, force: true });
	}
}
process.exit(exitCode);
