/**
 * The service the integration tests talk to: the one named by CHARTS_TEST_URL and CHARTS_TEST_KEYS
 * (scripts/test-clients.ts shares one server between both clients' suites), else a `wrangler dev`
 * started for this file by test/harness/local/clients-dev-server.ts (port 8803, its own state; it stops when
 * its stdin closes).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { after, before } from "node:test";
import { fileURLToPath } from "node:url";

export interface Service {
	url: string;
	keys: Record<string, string>;
}

const repo = join(fileURLToPath(import.meta.url), "..", "..", "..", "..");

async function startServer(): Promise<{ service: Service; child: ChildProcess }> {
	const child = spawn(
		join(repo, "node_modules", ".bin", "tsx"),
		["test/harness/local/clients-dev-server.ts", "--port", process.env.CHARTS_TEST_PORT ?? "8803"],
		{
			cwd: repo,
			stdio: ["pipe", "pipe", "inherit"],
		},
	);
	const lines = createInterface({ input: child.stdout as NonNullable<typeof child.stdout> });
	const [line] = (await Promise.race([once(lines, "line"), once(child, "exit").then(() => [undefined])])) as [string | undefined];
	if (!line) throw new Error("test/harness/local/clients-dev-server.ts exited before its server answered");
	return { service: JSON.parse(line) as Service, child };
}

/** Registers the hooks of a test file and answers the service once `before` has run. */
export function useService(): () => Service {
	let service: Service | undefined;
	let child: ChildProcess | undefined;
	before(async () => {
		const url = process.env.CHARTS_TEST_URL;
		const keys = process.env.CHARTS_TEST_KEYS;
		if (url && keys) {
			service = { url, keys: JSON.parse(keys) as Record<string, string> };
			return;
		}
		({ service, child } = await startServer());
	});
	after(async () => {
		if (!child || child.exitCode !== null) return;
		const exited = once(child, "exit");
		child.stdin?.end();
		await exited;
	});
	return () => {
		if (!service) throw new Error("the service is not started yet (use it inside a test)");
		return service;
	};
}
