/**
 * Runs npm scripts side by side and fails when any fails: `tsx scripts/parallel.ts typecheck lint`.
 * Each script's output is held and printed whole when it ends, so logs do not interleave. Used by
 * `npm test` for stages that each leave a core idle (tsc is single-threaded).
 */
import { spawn } from "node:child_process";

interface Finished {
	script: string;
	code: number;
	seconds: number;
}

function runScript(script: string): Promise<Finished> {
	const started = Date.now();
	return new Promise((resolve, reject) => {
		const child = spawn("npm", ["run", "--silent", script], { stdio: ["ignore", "pipe", "pipe"] });
		const chunks: Buffer[] = [];
		child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
		child.stderr.on("data", (chunk: Buffer) => chunks.push(chunk));
		child.once("error", reject);
		child.once("close", (code, signal) => {
			const output = Buffer.concat(chunks).toString("utf8").trimEnd();
			const finished = { script, code: code ?? (signal ? 1 : 0), seconds: Math.round((Date.now() - started) / 1000) };
			process.stdout.write(
				`── npm run ${script}: ${finished.code === 0 ? "passed" : `failed (${finished.code})`} in ${finished.seconds} s\n`,
			);
			if (output) process.stdout.write(`${output}\n`);
			resolve(finished);
		});
	});
}

const scripts = process.argv.slice(2);
if (scripts.length === 0) throw new Error("name the npm scripts to run: tsx scripts/parallel.ts typecheck lint");
const results = await Promise.all(scripts.map(runScript));
const failed = results.filter((result) => result.code !== 0);
if (failed.length > 0) {
	console.error(`failed: ${failed.map((result) => result.script).join(", ")}`);
	process.exit(1);
}
