/** Starts the reference export server (`server.ts`) in its own process and stops it afterwards. */
import { spawn } from "node:child_process";
import { join } from "node:path";

export interface PeerServer {
	url: string;
	stop(): Promise<void>;
}

export async function startPeerServer(port: number, pages = 2): Promise<PeerServer> {
	const child = spawn(join("node_modules", ".bin", "tsx"), ["bench/peer/server.ts", String(port), String(pages)], {
		stdio: ["ignore", "pipe", "pipe"],
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
		if (child.exitCode !== null) return;
		child.kill("SIGTERM");
		await new Promise((r) => child.once("exit", r));
	};
	const deadline = Date.now() + 60_000;
	for (;;) {
		if (child.exitCode !== null) throw new Error(`the reference server exited early:\n${output}`);
		if (Date.now() > deadline) {
			await stop();
			throw new Error(`the reference server did not answer within 60 s:\n${output}`);
		}
		try {
			if ((await fetch(`${url}/health`)).ok) return { url, stop };
		} catch {
			// not listening yet
		}
		await new Promise((r) => setTimeout(r, 250));
	}
}
