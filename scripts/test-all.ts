/**
 * `npm test`: every test family, in the order that uses both cores best, and a table of how long
 * each stage took. A stage's scripts run side by side; the next stage starts when all passed.
 * The first failing stage stops the run (its output is printed whole) and sets the exit code.
 *
 *   npm test            the quick tier (what CI runs)
 *   npm run test:full   FULL=1: the same stages at full budgets (test/harness/workerd/tier.ts)
 *
 * Scripts are npm script names, so each can also be run alone (`npm run test:browser`).
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { preparedStateVar, prepareState } from "../test/harness/local/prepared-state.ts";
import type { Finished } from "./lib/run-script.ts";
import { outcome, runScript } from "./lib/run-script.ts";

const fullTier = process.env.FULL === "1";

/**
 * Stages in order. Within one, scripts that each leave a core idle (tsc is single-threaded). In
 * the quick tier test:wrangler-dev (a wrangler dev per file, mostly waiting on it: a Cron run, an MCP
 * session) runs beside the short checks, where its waits cost the run nothing; in the full tier
 * it rebuilds dist/ under a running server, which the console tests read, so it runs last.
 */
const stages: readonly (readonly string[])[] = [
	["build"],
	// No check:cycles or check:references: test:node runs scripts/check-import-cycles.test.ts and
	// scripts/check-references.test.ts, the same checks and the checkers' own tests.
	["typecheck", "lint", "test:node", ...(fullTier ? [] : ["test:wrangler-dev"])],
	["test:workerd"],
	["test:browser"],
	// Last, so the clients' venv (filled from PyPI in the background since the start) is ready.
	[...(fullTier ? ["test:wrangler-dev"] : []), "test:clients"],
];

/**
 * The quick tier's test:wrangler-dev files run two at a time: each mostly waits on its own wrangler dev
 * (ports of their own). One at a time in the full tier, whose console-rebuild rewrites dist/
 * under the others' servers.
 */
if (!fullTier) process.env.TEST_DEV_CONCURRENCY = "2";

/** Started with the first stage and awaited before the stage that needs it: it mostly waits on the network (PyPI). */
const background = { script: "test:clients:prepare", neededBy: "test:clients" };

/**
 * The scripts whose `wrangler dev` servers start on a copy of one prepared state (migrated, the
 * library imported, the demo seeded: test/harness/local/prepared-state.ts), made once beside the build
 * instead of by each server (three to five `wrangler d1` runs each, 20–35 s on this machine) and
 * by the browser runner. Each waits for it; the other scripts of its stage do not.
 */
const stateUsers = ["test:wrangler-dev", "test:browser", "test:clients"];

/** Not an npm script: its line in the report and the table. */
const stateStep = "prepare the test state";

/** Prepares the shared state into a directory of its own and names it to the scripts after (CHARTS_TEST_STATE). */
async function prepareSharedState(directory: string): Promise<Finished> {
	const started = Date.now();
	const script = stateStep;
	try {
		await prepareState(directory);
		process.env[preparedStateVar] = directory;
		return { script, code: 0, seconds: (Date.now() - started) / 1000, output: "" };
	} catch (error) {
		return {
			script,
			code: 1,
			seconds: (Date.now() - started) / 1000,
			output: error instanceof Error ? (error.stack ?? error.message) : String(error),
		};
	}
}

/** One line per finished script; held output (side-by-side scripts) follows it whole. */
function report(finished: Finished): void {
	const what = finished.script === stateStep ? finished.script : `npm run ${finished.script}`;
	process.stdout.write(`── ${what}: ${outcome(finished)} in ${finished.seconds.toFixed(0)} s\n`);
	if (finished.output) process.stdout.write(`${finished.output}\n`);
}

function table(rows: readonly Finished[], totalSeconds: number): string {
	const width = Math.max(...rows.map((row) => row.script.length), "total".length);
	const line = (name: string, seconds: number, state: string) => `  ${name.padEnd(width)}  ${seconds.toFixed(0).padStart(5)} s  ${state}`;
	return [...rows.map((row) => line(row.script, row.seconds, outcome(row))), line("total", totalSeconds, "")].join("\n");
}

const started = Date.now();
const done: Finished[] = [];
let failed: Finished[] = [];
const backgroundRun = runScript(background.script);
const stateDirectory = await mkdtemp(join(tmpdir(), "charts-test-state-"));
const statePrepared = prepareSharedState(stateDirectory);
let stateReported = false;

/** Waits for the shared state; reports it once. False when it could not be made. */
async function stateReady(): Promise<boolean> {
	const prepared = await statePrepared;
	if (!stateReported) {
		stateReported = true;
		report(prepared);
		done.push(prepared);
	}
	return prepared.code === 0;
}

for (const stage of stages) {
	if (stage.includes(background.neededBy)) {
		const prepared = await backgroundRun;
		report(prepared);
		done.push(prepared);
		if (prepared.code !== 0) {
			failed = [prepared];
			break;
		}
	}
	// A stage of one script streams its output (long runs show progress).
	const live = stage.length === 1;
	const results = await Promise.all(
		stage.map(async (script) => {
			if (stateUsers.includes(script) && !(await stateReady())) return undefined;
			const result = await runScript(script, live);
			report(result);
			return result;
		}),
	);
	const ran = results.filter((result) => result !== undefined);
	done.push(...ran);
	failed = done.filter((result) => result.code !== 0);
	if (failed.length > 0) break;
}
// Still being made when an early stage failed: removed once its wrangler runs are done with it.
await statePrepared;
await rm(stateDirectory, { recursive: true, force: true });
process.stdout.write(`\n${fullTier ? "npm run test:full" : "npm test"}:\n${table(done, (Date.now() - started) / 1000)}\n`);
if (failed.length > 0) {
	console.error(`failed: ${failed.map((result) => result.script).join(", ")}`);
	process.exit(1);
}
