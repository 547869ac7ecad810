/**
 * The election bench's `wrangler dev`: the bench's own Worker (`bench/workers/election.ts`) from a
 * copy of wrangler.toml without its `[build]` hook (a hook re-runs on every source edit anyone on
 * the machine makes), every path in it made absolute so the copy can live outside the repository.
 * `--test-scheduled` exposes `/__scheduled`, what the Cron Trigger calls; the queues run as
 * wrangler.toml configures them. The same state directory can be started again with other vars
 * (the reference phase: `LINKED_DATA_INLINE=true`). What the local queue broker and the Cron run
 * log is kept for the report: how the consumer kept up.
 */
import type { ChildProcess } from "node:child_process";
import { spawn } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";

const repo = process.cwd();
const wrangler = join(repo, "node_modules", ".bin", "wrangler");

/** One batch the local queue broker delivered, from its log line (`QUEUE <queue> <acked>/<total> (<ms>ms)`). */
export interface QueueBatch {
	at: number;
	queue: string;
	acked: number;
	total: number;
	ms: number;
}

/** One Cron run's report, from the Worker's own log line (`scheduled refresh {...}`, src/linked-data/schedule.ts). */
export interface ScheduledLine {
	at: number;
	enqueued: number;
	reads: Record<string, number>;
}

export interface ElectionServer {
	url: string;
	readonly batches: QueueBatch[];
	readonly scheduled: ScheduledLine[];
	/** The last 20,000 characters wrangler wrote (warnings and errors: it runs with --log-level warn). */
	log(): string;
	/** Lines wrangler wrote since the last call that name an error. */
	takeErrorLines(): string[];
	stop(): Promise<void>;
}

/** wrangler.toml without `[build]`, its relative paths made absolute, `main` the bench's Worker. */
export async function writeBenchConfig(dir: string, main: string): Promise<string> {
	const source = await readFile(join(repo, "wrangler.toml"), "utf8");
	const withoutBuild = source.replace(/^\[build\][\s\S]*?(?=^\[)/m, "");
	const absolute = withoutBuild
		.replace(/^main = ".*"$/m, `main = "${resolve(repo, main)}"`)
		.replace(/^migrations_dir = "(.*)"$/m, (_, dir: string) => `migrations_dir = "${resolve(repo, dir)}"`)
		.replace(/^directory = "(.*)"$/m, (_, dir: string) => `directory = "${resolve(repo, dir)}"`);
	if (/^\[build\]/m.test(absolute)) throw new Error("the bench's wrangler.toml copy still has a [build] section");
	const path = join(dir, "wrangler.toml");
	await writeFile(path, absolute);
	return path;
}

/**
 * wrangler's own lookup of `request.cf` data on workers.cloudflare.com fails on a machine without
 * internet access: not the service's error, so not one of the run's.
 */
const environmentNoise = /workers\.cloudflare\.com/;

/** Every server this process started and has not stopped: stopped on exit and on a signal. */
const running = new Set<ChildProcess>();

function killGroup(child: ChildProcess): void {
	if (child.exitCode !== null || child.pid === undefined) return;
	try {
		process.kill(-child.pid, "SIGTERM");
	} catch {
		// already gone
	}
}

let handlersInstalled = false;
function installExitHandlers(): void {
	if (handlersInstalled) return;
	handlersInstalled = true;
	process.once("exit", () => {
		for (const child of running) killGroup(child);
	});
	for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
		process.once(signal, () => {
			for (const child of running) killGroup(child);
			process.exit(130);
		});
	}
}

export async function startElectionServer(
	config: string,
	port: number,
	persistTo: string,
	vars: Record<string, string>,
): Promise<ElectionServer> {
	installExitHandlers();
	const args = [
		"dev",
		"--config",
		config,
		"--port",
		String(port),
		"--inspector-port",
		String(port + 10_000),
		"--ip",
		"127.0.0.1",
		"--persist-to",
		persistTo,
		"--test-scheduled",
		// "log": the queue broker's line per batch (its size, what was acked, how long it took, at
		// info) and the Worker's own console.log lines, the Cron run's report among them.
		"--log-level",
		"log",
		...Object.entries(vars).flatMap(([name, value]) => ["--var", `${name}:${value}`]),
	];
	const child = spawn(wrangler, args, {
		cwd: repo,
		detached: true,
		stdio: ["ignore", "pipe", "pipe"],
		env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
	});
	running.add(child);
	child.once("exit", () => running.delete(child));
	let output = "";
	let pending = "";
	const errorLines: string[] = [];
	const batches: QueueBatch[] = [];
	const scheduled: ScheduledLine[] = [];
	const keep = (chunk: Buffer) => {
		pending += chunk.toString();
		const lines = pending.split("\n");
		pending = lines.pop() ?? "";
		for (const raw of lines) {
			// biome-ignore lint/suspicious/noControlCharactersInRegex: wrangler colours its lines
			const line = raw.replace(/\x1b\[[0-9;]*m/g, "");
			const batch = /QUEUE (\S+) (\d+)\/(\d+)(?: \((\d+)ms\))?/.exec(line);
			if (batch) {
				batches.push({
					at: Date.now(),
					queue: batch[1] as string,
					acked: Number(batch[2]),
					total: Number(batch[3]),
					ms: Number(batch[4] ?? 0),
				});
				continue;
			}
			const report = /scheduled refresh (\{.*\})/.exec(line);
			if (report) {
				const parsed = JSON.parse(report[1] as string) as { enqueued: number; reads: Record<string, number> };
				scheduled.push({ at: Date.now(), enqueued: parsed.enqueued, reads: parsed.reads });
				continue;
			}
			// Request lines are many and say nothing the bench does not count itself.
			if (/^\[wrangler:info\] (GET|HEAD|POST|PUT|PATCH|DELETE) /.test(line)) continue;
			output = `${output}${line}\n`.slice(-20_000);
			if (/error|failed|exception|uncaught/i.test(line) && !environmentNoise.test(line)) errorLines.push(line.trim().slice(0, 400));
		}
	};
	child.stdout?.on("data", keep);
	child.stderr?.on("data", keep);
	const url = `http://127.0.0.1:${port}`;
	const stop = async () => {
		if (child.exitCode !== null || child.pid === undefined) return;
		const exited = new Promise((r) => child.once("exit", r));
		killGroup(child);
		await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
		if (child.exitCode === null) process.kill(-child.pid, "SIGKILL");
	};
	const deadline = Date.now() + 120_000;
	for (;;) {
		if (child.exitCode !== null) throw new Error(`wrangler dev exited early:\n${output}`);
		const up = await fetch(`${url}/v1/health`).then(
			async (res) => {
				await res.arrayBuffer();
				return res.ok;
			},
			() => false,
		);
		if (up) break;
		if (Date.now() > deadline) {
			await stop();
			throw new Error(`wrangler dev did not answer on ${url} within 120 s:\n${output}`);
		}
		await new Promise((r) => setTimeout(r, 500));
	}
	return { url, batches, scheduled, log: () => output, takeErrorLines: () => errorLines.splice(0), stop };
}
