/**
 * Runs a command (most often one npm script) and reports how it ended. `live` streams its output
 * as it comes (a long run shows progress); otherwise the output is held and handed back whole,
 * so commands run side by side do not interleave their logs. Used by `npm test`
 * (scripts/test-all.ts), scripts/parallel.ts, the browser runner (a file per `node --test`) and
 * the clients' steps (scripts/test-clients.ts).
 */
import { spawn } from "node:child_process";

export interface Finished {
	/** What ran: the npm script's name, or the name the caller gave the command. */
	script: string;
	code: number;
	seconds: number;
	/** Empty when the output was streamed. */
	output: string;
}

export interface RunOptions {
	live?: boolean;
	cwd?: string;
	/** The whole environment (the parent's when absent). */
	env?: NodeJS.ProcessEnv;
}

/** Runs `command` under the name `name`. A command that cannot start is a failure, its reason in the output. */
export function runCommand(name: string, command: string, args: readonly string[], options: RunOptions = {}): Promise<Finished> {
	const started = Date.now();
	return new Promise((resolve) => {
		const stdio = options.live ? "inherit" : "pipe";
		const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ["ignore", stdio, stdio] });
		const chunks: Buffer[] = [];
		const finish = (code: number) =>
			resolve({ script: name, code, seconds: (Date.now() - started) / 1000, output: Buffer.concat(chunks).toString("utf8").trimEnd() });
		child.stdout?.on("data", (chunk: Buffer) => chunks.push(chunk));
		child.stderr?.on("data", (chunk: Buffer) => chunks.push(chunk));
		child.once("error", (error) => {
			chunks.push(Buffer.from(`${command}: ${error.message}\n`));
			finish(1);
		});
		// After "error" too, when it comes: the promise keeps the first outcome.
		child.once("close", (code, signal) => finish(code ?? (signal ? 1 : 0)));
	});
}

export function runScript(script: string, live = false): Promise<Finished> {
	return runCommand(script, "npm", ["run", "--silent", script], { live });
}

/** "passed" or "failed (code)". */
export function outcome(finished: Finished): string {
	return finished.code === 0 ? "passed" : `failed (${finished.code})`;
}
