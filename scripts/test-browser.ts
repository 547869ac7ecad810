/**
 * `npm run test:browser`: the browser tests (test/browser/*.test.ts, Node's test runner) with
 * what every file would otherwise make for itself made once: the local state prepared (migrated,
 * library imported, demo seeded; each file's `wrangler dev` starts on its own copy) and one
 * Chromium the files connect to. `dist/` is built by then (`npm test` builds first; otherwise
 * the first `wrangler dev` builds it through the `[build]` hook and the others find it current).
 *
 *   npm run test:browser [-- test/browser/embed.test.ts …]
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
const named = process.argv.slice(2);
const files =
	named.length > 0
		? named
		: (await readdir(dir))
				.filter((name) => name.endsWith(".test.ts"))
				.map((name) => join(dir, name))
				.sort();

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
