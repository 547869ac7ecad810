/**
 * `npm run test:browser`: the browser tests (test/browser/*.test.ts, Node's test runner) with
 * what every file would otherwise make for itself made once: the local state prepared (migrated,
 * library imported, demo seeded) and one Chromium the files connect to. The quick tier's files
 * share one `wrangler dev` on a copy of that state; in the other tiers each file's `wrangler dev`
 * starts on its own copy. `dist/` is built by then (`npm test` builds first; otherwise
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
import type { DevServer } from "./lib/dev-server.ts";
import { sharedServerVar, startDevServer } from "./lib/dev-server.ts";
import { preparedStateVar, prepareState } from "./lib/prepared-state.ts";

const dir = "test/browser";

/**
 * Kept to what a change most often breaks, so `npm test` stays under 10 minutes (issue 25). Run
 * two at a time, longest first (about 85, 75, 65 and 55 s), so both halves end together. Each
 * reads only what it made itself or the demo's charts it does not change (a file that counts what
 * a workspace holds works in an account of its own: console-fixture.ts, newAccount), so they
 * can also share one server (`shareServer`, off: a start costs only 5-8 s).
 */
const quickTierFiles = ["console-axe.test.ts", "console.test.ts", "console-themes.test.ts", "embed.test.ts"];

interface Chosen {
	files: string[];
	/** The quick tier's files share one `wrangler dev`: each builds its own accounts or only reads the demo's. */
	shareServer: boolean;
	/**
	 * Files run at once. Each file's `wrangler dev` and pages keep about three quarters of one core
	 * busy (measured: 229 CPU-seconds in 300 s for the quick tier), so the quick tier runs two at a
	 * time; the others keep one, for a workflow's timing to stay what it was written against.
	 */
	concurrency: number;
}

async function chosenFiles(args: readonly string[]): Promise<Chosen> {
	const named = args.filter((arg) => !arg.startsWith("--"));
	if (named.length > 0) return { files: named, shareServer: false, concurrency: 1 };
	const every = (await readdir(dir)).filter((name) => name.endsWith(".test.ts")).sort();
	const missing = quickTierFiles.filter((name) => !every.includes(name));
	if (missing.length > 0) throw new Error(`scripts/test-browser.ts names quick-tier files that do not exist: ${missing.join(", ")}`);
	const inDir = (names: readonly string[]) => names.map((name) => join(dir, name));
	if (args.includes("--all") || process.env.FULL === "1") return { files: inDir(every), shareServer: false, concurrency: 1 };
	if (args.includes("--rest"))
		return { files: inDir(every.filter((name) => !quickTierFiles.includes(name))), shareServer: false, concurrency: 1 };
	return { files: inDir(quickTierFiles), shareServer: false, concurrency: 2 };
}

const { files, shareServer, concurrency } = await chosenFiles(process.argv.slice(2));
const sharedPort = 8790;

function runTests(env: NodeJS.ProcessEnv): Promise<number> {
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, ["--import", "tsx", "--test", `--test-concurrency=${concurrency}`, ...files], {
			stdio: "inherit",
			env,
		});
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
	let server: DevServer | undefined;
	try {
		await prepareState(state);
		process.env[preparedStateVar] = state;
		const env: NodeJS.ProcessEnv = { ...process.env, [sharedBrowserVar]: browser.wsEndpoint() };
		if (shareServer) {
			server = await startDevServer(sharedPort, undefined, { EMBED_BASE: `http://127.0.0.1:${sharedPort}/embed` });
			env[sharedServerVar] = JSON.stringify({ url: server.url, persistTo: server.target.persistTo });
		}
		exitCode = await runTests(env);
		if (exitCode !== 0 && server) process.stderr.write(`The shared wrangler dev's last output:\n${server.log()}\n`);
	} finally {
		await server?.stop();
		await browser.close();
		await rm(state, { recursive: true, force: true });
		if (server?.target.persistTo) await rm(server.target.persistTo, { recursive: true, force: true });
	}
}
process.exit(exitCode);
