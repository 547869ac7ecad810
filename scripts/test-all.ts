/**
 * `npm test`: every test family, in the order that uses both cores best, and a table of how long
 * each stage took. A stage's scripts run side by side; the next stage starts when all passed.
 * The first failing stage stops the run (its output is printed whole) and sets the exit code.
 *
 *   npm test            the quick tier (what CI runs)
 *   npm run test:full   FULL=1: the same stages at full budgets (test/helpers/tier.ts)
 *
 * Scripts are npm script names, so each can also be run alone (`npm run test:browser`).
 */
import { spawn } from "node:child_process";

interface Finished {
	script: string;
	code: number;
	seconds: number;
	output: string;
}

/** Stages in order. Within one, scripts that each leave a core idle (tsc is single-threaded). */
const stages: readonly (readonly string[])[] = [
	["build"],
	["typecheck", "lint", "check:cycles", "test:console"],
	["test:workerd"],
	["test:browser"],
	["test:dev"],
	["test:clients"],
];

/** Started with the first stage and awaited before the stage that needs it: it mostly waits on the network (PyPI). */
const background = { script: "test:clients:prepare", neededBy: "test:clients" };

function runScript(script: string, live: boolean): Promise<Finished> {
	const started = Date.now();
	return new Promise((resolve, reject) => {
		// A stage of one script streams its output (long runs show progress); side-by-side
		// scripts are held and printed whole when each ends, so logs do not interleave.
		const child = spawn("npm", ["run", "--silent", script], { stdio: ["ignore", live ? "inherit" : "pipe", live ? "inherit" : "pipe"] });
		const chunks: Buffer[] = [];
		child.stdout?.on("data", (chunk: Buffer) => chunks.push(chunk));
		child.stderr?.on("data", (chunk: Buffer) => chunks.push(chunk));
		child.once("error", reject);
		child.once("close", (code, signal) => {
			resolve({
				script,
				code: code ?? (signal ? 1 : 0),
				seconds: (Date.now() - started) / 1000,
				output: Buffer.concat(chunks).toString("utf8").trimEnd(),
			});
		});
	});
}

function table(rows: readonly Finished[], totalSeconds: number): string {
	const width = Math.max(...rows.map((row) => row.script.length), "total".length);
	const line = (name: string, seconds: number, state: string) => `  ${name.padEnd(width)}  ${seconds.toFixed(0).padStart(5)} s  ${state}`;
	return [
		...rows.map((row) => line(row.script, row.seconds, row.code === 0 ? "passed" : `failed (${row.code})`)),
		line("total", totalSeconds, ""),
	].join("\n");
}

const started = Date.now();
const done: Finished[] = [];
let failed: Finished[] = [];
const backgroundRun = runScript(background.script, false);
for (const stage of stages) {
	if (stage.includes(background.neededBy)) {
		const prepared = await backgroundRun;
		process.stdout.write(
			`── npm run ${prepared.script}: ${prepared.code === 0 ? "passed" : `failed (${prepared.code})`} in ${prepared.seconds.toFixed(0)} s\n`,
		);
		if (prepared.output) process.stdout.write(`${prepared.output}\n`);
		done.push(prepared);
		if (prepared.code !== 0) {
			failed = [prepared];
			break;
		}
	}
	const live = stage.length === 1;
	const results = await Promise.all(
		stage.map(async (script) => {
			const result = await runScript(script, live);
			const state = result.code === 0 ? "passed" : `failed (${result.code})`;
			process.stdout.write(`── npm run ${script}: ${state} in ${result.seconds.toFixed(0)} s\n`);
			if (!live && result.output) process.stdout.write(`${result.output}\n`);
			return result;
		}),
	);
	done.push(...results);
	failed = results.filter((result) => result.code !== 0);
	if (failed.length > 0) break;
}
process.stdout.write(`\n${process.env.FULL === "1" ? "npm run test:full" : "npm test"}:\n${table(done, (Date.now() - started) / 1000)}\n`);
if (failed.length > 0) {
	console.error(`failed: ${failed.map((result) => result.script).join(", ")}`);
	process.exit(1);
}
