/**
 * Starts `wrangler dev` on a port with its own throwaway state, and stops it (its whole
 * process group) afterwards. Only loopback addresses are used. The state starts migrated: a copy
 * of the prepared state when the test runner names one (prepared-state.ts), else migrated here.
 */
import type { ChildProcess } from "node:child_process";
import { spawn } from "node:child_process";
import { mkdtemp } from "node:fs/promises";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Target } from "./d1.ts";
import { applyMigrations } from "./d1.ts";
import { copyPreparedState } from "./prepared-state.ts";
import { toolEnv } from "./tool-env.ts";

export interface DevServer {
	url: string;
	target: Target;
	/** Its state is a copy of the prepared one (CHARTS_TEST_STATE): migrated, with the library and the demo. */
	prepared: boolean;
	stop(): Promise<void>;
	/** The last 4,000 characters wrangler wrote (its warnings and errors: it runs with --log-level warn). */
	log(): string;
}

/** Waits until `wrangler dev` answers on `url`; fails early if it exits. */
export async function waitUntilUp(url: string, child: ChildProcess, log: () => string): Promise<void> {
	const deadline = Date.now() + 90_000;
	while (Date.now() < deadline) {
		if (child.exitCode !== null) throw new Error(`wrangler dev exited early:\n${log()}`);
		try {
			const res = await fetch(`${url}/v1/openapi.json`);
			if (res.ok) return;
		} catch {
			// not listening yet
		}
		await new Promise((r) => setTimeout(r, 250));
	}
	throw new Error(`wrangler dev did not answer on ${url} within 90 s:\n${log()}`);
}

/** The DevTools port of the Worker isolate of a dev server on `port` (wrangler's inspector proxy). */
export function inspectorPortFor(port: number): number {
	return port + 10_000;
}

/** Fails when something already listens on `port`: waiting for "up" would then find that other
 * server (another run's, with other state) and the tests would talk to it. */
async function assertPortFree(port: number): Promise<void> {
	const inUse = await new Promise<boolean>((resolve) => {
		const socket = connect({ host: "127.0.0.1", port });
		socket.once("connect", () => {
			socket.destroy();
			resolve(true);
		});
		socket.once("error", () => resolve(false));
	});
	if (inUse) throw new Error(`port ${port} is already in use (another wrangler dev or test run?): stop it, or run this file alone later`);
}

/**
 * `vars` override wrangler.toml vars (e.g. EMBED_BASE for this port).
 */
export async function startDevServer(
	port: number,
	script?: string,
	vars: Record<string, string> = {},
	/** More `wrangler dev` flags, e.g. `--test-scheduled` (exposes /__scheduled, what a Cron Trigger calls). */
	extraArgs: readonly string[] = [],
): Promise<DevServer> {
	await assertPortFree(port);
	const copied = await copyPreparedState();
	const persistTo = copied ?? (await mkdtemp(join(tmpdir(), "charts-bench-")));
	const target: Target = { remote: false, persistTo };
	if (!copied) await applyMigrations(target);
	const args = [
		"dev",
		...(script ? [script] : []),
		"--port",
		String(port),
		// Each dev server its own debugger port: several may run at once (tests, bench, start).
		"--inspector-port",
		String(inspectorPortFor(port)),
		"--ip",
		"127.0.0.1",
		"--persist-to",
		persistTo,
		"--log-level",
		"warn",
		// Test servers keep mail in the local outbox (GET /auth/outbox), as `npm start` does.
		...Object.entries({ MAIL_OUTBOX: "local", ...vars }).flatMap(([name, value]) => ["--var", `${name}:${value}`]),
		...extraArgs,
	];
	const child = spawn(join("node_modules", ".bin", "wrangler"), args, {
		detached: true,
		stdio: ["ignore", "pipe", "pipe"],
		env: toolEnv(),
	});
	let output = "";
	child.stdout?.on("data", (chunk) => {
		output = (output + chunk).slice(-4000);
	});
	child.stderr?.on("data", (chunk) => {
		output = (output + chunk).slice(-4000);
	});
	const url = `http://127.0.0.1:${port}`;
	const stop = async () => {
		if (child.exitCode !== null || child.pid === undefined) return;
		process.kill(-child.pid, "SIGTERM");
		await new Promise((r) => child.once("exit", r));
	};
	try {
		await waitUntilUp(url, child, () => output);
	} catch (error) {
		await stop();
		throw error;
	}
	return { url, target, prepared: copied !== undefined, stop, log: () => output };
}
