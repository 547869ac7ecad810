/**
 * What wrangler itself says about a Worker, for the coldstart suite: its upload size from
 * `wrangler deploy --dry-run` (the "Total Upload … / gzip …" line Cloudflare checks against the
 * plan's limit), its startup CPU from `wrangler check startup`'s profile, and a fresh
 * `wrangler dev` whose first request is timed.
 */
import type { ChildProcess } from "node:child_process";
import { execFile, spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
const wrangler = join(process.cwd(), "node_modules", ".bin", "wrangler");
const quiet = { ...process.env, WRANGLER_SEND_METRICS: "false" };

export interface UploadSize {
	rawKiB: number;
	gzipKiB: number;
}

/** `wrangler deploy --dry-run` with `config`: the size Cloudflare weighs against the plan's limit. */
export async function uploadSize(config: string): Promise<UploadSize> {
	const outdir = await mkdtemp(join(tmpdir(), "charts-coldstart-dry-"));
	try {
		const { stdout, stderr } = await run(wrangler, ["deploy", "--dry-run", "--config", config, "--outdir", outdir], {
			env: quiet,
			maxBuffer: 16 * 2 ** 20,
		});
		const line = /Total Upload:\s*([\d.]+)\s*KiB\s*\/\s*gzip:\s*([\d.]+)\s*KiB/.exec(stdout + stderr);
		if (!line) throw new Error(`wrangler deploy --dry-run printed no upload size:\n${stdout}\n${stderr}`);
		return { rawKiB: Number(line[1]), gzipKiB: Number(line[2]) };
	} finally {
		await rm(outdir, { recursive: true, force: true });
	}
}

interface CpuProfile {
	nodes: { id: number; callFrame: { functionName: string } }[];
	samples: number[];
	timeDeltas: number[];
}

/** Startup CPU from one `wrangler check startup` profile, in ms, with the machine's load when it ran. */
export interface StartupCpu {
	/** Every sample but `(idle)`: what Cloudflare's startup limit counts, and what the startup work's target is about. */
	cpuMs: number;
	/** Of it, JavaScript (the Worker's top-level code, the modules it evaluates) and garbage collection. */
	jsMs: number;
	/** Of it, `(program)`: the engine's own native work (parsing and compiling the script, loading). */
	programMs: number;
	/** The 1-minute load average when the run started: the machine is shared, so every figure carries it. */
	load1: number;
}

/** What the isolate spent before its first request, from the profile `wrangler check startup` writes (`(idle)` left out). */
export function startupCpuMs(profile: CpuProfile): Omit<StartupCpu, "load1"> {
	const kinds = new Map(profile.nodes.map((node) => [node.id, node.callFrame.functionName]));
	let js = 0;
	let program = 0;
	profile.samples.forEach((sample, i) => {
		const kind = kinds.get(sample);
		const micros = profile.timeDeltas[i] ?? 0;
		if (kind === "(program)") program += micros;
		else if (kind !== "(idle)") js += micros;
	});
	return { cpuMs: (js + program) / 1000, jsMs: js / 1000, programMs: program / 1000 };
}

/**
 * `runs` runs of `wrangler check startup` on one bundle of `config`, built first with
 * `wrangler deploy --dry-run --outfile` (check startup itself would bundle the directory's
 * wrangler.toml whatever `--config` says).
 */
export async function startupCpu(config: string, runs: number): Promise<StartupCpu[]> {
	const dir = await mkdtemp(join(tmpdir(), "charts-coldstart-profile-"));
	const bundle = join(dir, "worker.bundle");
	const outfile = join(dir, "startup.cpuprofile");
	try {
		await run(wrangler, ["deploy", "--dry-run", "--config", config, "--outfile", bundle], { env: quiet, maxBuffer: 16 * 2 ** 20 });
		const results: StartupCpu[] = [];
		for (let i = 0; i < runs; i++) {
			const load1 = loadavg()[0] ?? 0;
			await run(wrangler, ["check", "startup", "--worker", bundle, "--outfile", outfile], { env: quiet, maxBuffer: 16 * 2 ** 20 });
			results.push({ ...startupCpuMs(JSON.parse(await readFile(outfile, "utf8")) as CpuProfile), load1 });
		}
		return results;
	} finally {
		await rm(dir, { recursive: true, force: true });
	}
}

export interface FreshDev {
	url: string;
	stop(): Promise<void>;
}

/**
 * A fresh `wrangler dev` of `config` on `port`, up once `probePath` answers: a path that loads
 * nothing lazily (a console file, for ours), so the request measured next is the isolate's
 * first of its kind.
 */
export async function freshDev(
	config: string,
	port: number,
	persistTo: string | undefined,
	probePath: string,
	/** Vars over the config's own, e.g. EMBED_BASE for this port so the embed host answers here. */
	vars: Record<string, string> = {},
): Promise<FreshDev> {
	const args = ["dev", "--config", config, "--port", String(port), "--inspector-port", String(port + 10_000), "--ip", "127.0.0.1"];
	if (persistTo) args.push("--persist-to", persistTo);
	for (const [name, value] of Object.entries(vars)) args.push("--var", `${name}:${value}`);
	args.push("--log-level", "warn");
	const child: ChildProcess = spawn(wrangler, args, { detached: true, stdio: ["ignore", "pipe", "pipe"], env: quiet });
	let output = "";
	const keep = (chunk: Buffer) => {
		output = (output + chunk).slice(-4000);
	};
	child.stdout?.on("data", keep);
	child.stderr?.on("data", keep);
	const url = `http://127.0.0.1:${port}`;
	const stop = async () => {
		if (child.exitCode !== null || child.pid === undefined) return;
		process.kill(-child.pid, "SIGTERM");
		await new Promise((resolve) => child.once("exit", resolve));
	};
	const deadline = Date.now() + 90_000;
	while (Date.now() < deadline) {
		if (child.exitCode !== null) throw new Error(`wrangler dev exited early:\n${output}`);
		const up = await fetch(`${url}${probePath}`).then(
			async (res) => {
				await res.arrayBuffer();
				return res.ok;
			},
			() => false,
		);
		if (up) return { url, stop };
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
	await stop();
	throw new Error(`wrangler dev of ${config} did not answer ${probePath} within 90 s:\n${output}`);
}
