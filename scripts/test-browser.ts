/**
 * `npm run test:browser`: the browser tests (test/browser/*.test.ts, Node's test runner) with
 * what every file would otherwise make for itself made once: the local state prepared (migrated,
 * library imported, demo seeded; `npm test` hands over the one it made) and one Chromium the
 * files connect to. Each file's `wrangler dev`
 * starts on its own copy of that state. `dist/` is built by then (`npm test` builds first; otherwise
 * the first `wrangler dev` builds it through the `[build]` hook and the others find it current).
 *
 * Which files: `npm test` runs the quick tier (`quickTierFiles`: a smoke test of sign-in and the
 * account, axe on every console screen, the theme studio and the live embed, two at a time, each
 * screen in two of its four modes and widths); `-- --rest` runs the other files (each a
 * feature's whole workflow: CI runs them after `npm test`) and console-axe in the other two;
 * FULL=1 (`npm run test:full`) or `-- --all` runs every file, every screen in all four.
 *
 *   npm run test:browser [-- --rest | --all | test/browser/embed.test.ts …]
 *
 * A file run alone (`node --import tsx --test test/browser/x.test.ts`) still prepares its own.
 */
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromiumMissing, launchChromiumServer, sharedBrowserVar } from "../test/harness/browser/chromium.ts";
import { screenVariantsVar } from "../test/harness/browser/screen-variants.ts";
import { preparedStateVar, prepareState } from "../test/harness/local/prepared-state.ts";
import type { Finished } from "./lib/run-script.ts";
import { outcome, runCommand } from "./lib/run-script.ts";

const dir = "test/browser";

/**
 * Kept to what a change most often breaks, so `npm test` stays under 10 minutes. Run
 * two at a time, longest first (about 85, 75, 65 and 55 s), so both halves end together. Each
 * reads only what it made itself or the demo's charts it does not change (a file that counts what
 * a workspace holds works in an account of its own: console-fixture.ts, newAccount).
 */
const quickTierFiles = ["console-axe.test.ts", "console.test.ts", "console-themes.test.ts", "embed.test.ts"];

interface Chosen {
	files: string[];
	/**
	 * Files run at once. The quick tier runs two: its four files one at a time kept 0.8 of the two
	 * cores busy (205 CPU-seconds in 250 s), two at a time took 238 s instead of about 280, four
	 * at a time no less (250 s). The other tiers keep one, so a workflow's waits stay what they
	 * were written against.
	 */
	concurrency: number;
	/** Which of each screen's modes and widths the quick tier's files check (test/harness/browser/screen-variants.ts). */
	screenVariants?: "quick" | "others";
}

async function chosenFiles(args: readonly string[]): Promise<Chosen> {
	const named = args.filter((arg) => !arg.startsWith("--"));
	if (named.length > 0) return { files: named, concurrency: 1 };
	const every = (await readdir(dir)).filter((name) => name.endsWith(".test.ts")).sort();
	const missing = quickTierFiles.filter((name) => !every.includes(name));
	if (missing.length > 0) throw new Error(`scripts/test-browser.ts names quick-tier files that do not exist: ${missing.join(", ")}`);
	const inDir = (names: readonly string[]) => names.map((name) => join(dir, name));
	if (args.includes("--all") || process.env.FULL === "1") return { files: inDir(every), concurrency: 1 };
	if (args.includes("--rest")) {
		// console-axe checks only screens, so the rest tier runs it again in the quick tier's other
		// two modes and widths: between them, CI checks those screens in all four.
		const rest = [...every.filter((name) => !quickTierFiles.includes(name)), "console-axe.test.ts"];
		return { files: inDir(rest), concurrency: 1, screenVariants: "others" };
	}
	return { files: inDir(quickTierFiles), concurrency: 2, screenVariants: "quick" };
}

const { files, concurrency, screenVariants } = await chosenFiles(process.argv.slice(2));

/** One file in its own `node --test`; its output is held and printed whole, so files run side by side do not interleave. */
function runFile(file: string, env: NodeJS.ProcessEnv): Promise<Finished> {
	return runCommand(file, process.execPath, ["--import", "tsx", "--test", file], { env });
}

function report(run: Finished): void {
	process.stdout.write(`── ${run.script}: ${outcome(run)} in ${run.seconds.toFixed(0)} s\n${run.output}\n`);
}

/**
 * The files, `concurrency` at a time. A failed file fails the run: it is not run again, so a
 * flaky file shows as one. Its output holds the `stalled request` lines of any request that
 * waited (docs/testing.md, "When a browser test times out").
 */
async function runTests(env: NodeJS.ProcessEnv): Promise<number> {
	const queue = [...files];
	const failed: string[] = [];
	await Promise.all(
		Array.from({ length: concurrency }, async () => {
			for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
				const run = await runFile(file, env);
				report(run);
				if (run.code !== 0) failed.push(file);
			}
		}),
	);
	if (failed.length > 0) process.stdout.write(`\nfailed: ${failed.join(", ")}\n`);
	return failed.length === 0 ? 0 : 1;
}

let exitCode: number;
if (chromiumMissing()) {
	// Every file skips, saying why; nothing to prepare.
	exitCode = await runTests(process.env);
} else {
	// `npm test` prepares one state for all its servers and names it; run alone, this prepares its own.
	const given = process.env[preparedStateVar];
	const state = given ?? (await mkdtemp(join(tmpdir(), "charts-test-state-")));
	const browser = await launchChromiumServer();
	try {
		if (!given) await prepareState(state);
		process.env[preparedStateVar] = state;
		const env: NodeJS.ProcessEnv = { ...process.env, [sharedBrowserVar]: browser.wsEndpoint() };
		if (screenVariants) env[screenVariantsVar] = screenVariants;
		else delete env[screenVariantsVar];
		exitCode = await runTests(env);
	} finally {
		await browser.close();
		if (!given) await rm(state, { recursive: true, force: true });
	}
}
process.exit(exitCode);
