/**
 * Runs npm scripts side by side and fails when any fails: `tsx scripts/parallel.ts typecheck lint`.
 * Each script's output is held and printed whole when it ends, so logs do not interleave. Used by
 * `npm run typecheck` for checks that each leave a core idle (tsc is single-threaded).
 */
import { outcome, runScript } from "./lib/run-script.ts";

const scripts = process.argv.slice(2);
if (scripts.length === 0) throw new Error("name the npm scripts to run: tsx scripts/parallel.ts typecheck lint");
const results = await Promise.all(
	scripts.map(async (script) => {
		const finished = await runScript(script);
		process.stdout.write(`── npm run ${script}: ${outcome(finished)} in ${Math.round(finished.seconds)} s\n`);
		if (finished.output) process.stdout.write(`${finished.output}\n`);
		return finished;
	}),
);
const failed = results.filter((result) => result.code !== 0);
if (failed.length > 0) {
	console.error(`failed: ${failed.map((result) => result.script).join(", ")}`);
	process.exit(1);
}
