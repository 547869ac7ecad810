/**
 * Runs one npm script and reports how it ended. `live` streams its output as it comes (a long
 * run shows progress); otherwise the output is held and handed back whole, so scripts run side
 * by side do not interleave their logs. Used by `npm test` (scripts/test-all.ts) and
 * scripts/parallel.ts.
 */
import { spawn } from "node:child_process";

export interface Finished {
	script: string;
	code: number;
	seconds: number;
	/** Empty when the output was streamed. */
	output: string;
}

export function runScript(script: string, live = false): Promise<Finished> {
	const started = Date.now();
	return new Promise((resolve, reject) => {
		const stdio = live ? "inherit" : "pipe";
		const child = spawn("npm", ["run", "--silent", script], { stdio: ["ignore", stdio, stdio] });
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

/** "passed" or "failed (code)". */
export function outcome(finished: Finished): string {
	return finished.code === 0 ? "passed" : `failed (${finished.code})`;
}
