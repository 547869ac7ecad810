/**
 * A `wrangler dev` for the client suites (clients/python, clients/typescript): port 8803 (inspector
 * 18803), its own throwaway state, migrated and seeded with the demo accounts (a copy of the
 * prepared state when the runner names one). When it answers it prints one JSON line,
 * `{ "url", "keys": { editor, teammate, free } }`, and it stops its server when its standard
 * input closes, so whoever started it (the pytest session fixture, or
 * scripts/test-clients.ts sharing one server between both suites) need not track its children.
 *
 *   tsx test/harness/local/clients-dev-server.ts [--port 8803]
 */
import { rm } from "node:fs/promises";
import { parseArgs } from "node:util";
import { startDevServer } from "./dev-server.ts";
import { demoKeysOf } from "./prepared-state.ts";

export interface ClientsServer {
	url: string;
	keys: Record<string, string>;
	stop(): Promise<void>;
}

/** Starts the server on `port` with a seeded state of its own; `stop` also removes that state. */
export async function startClientsServer(port: number): Promise<ClientsServer> {
	// startDevServer copies the runner's prepared state (CHARTS_TEST_STATE) when there is one, or
	// migrates a fresh one; the demo accounts are seeded here in the second case (d1 execute works
	// beside a running wrangler dev).
	const server = await startDevServer(port, undefined, { EMBED_BASE: `http://127.0.0.1:${port}/embed`, LINKED_DATA_ALLOW_PRIVATE: "true" });
	const persistTo = server.target.persistTo ?? "";
	try {
		const demo = await demoKeysOf(server);
		return {
			url: server.url,
			keys: Object.fromEntries(demo.map((k) => [k.role, k.key])),
			async stop() {
				await server.stop();
				await rm(persistTo, { recursive: true, force: true });
			},
		};
	} catch (error) {
		await server.stop();
		throw error;
	}
}

if (import.meta.url === `file://${process.argv[1]}`) {
	const { values } = parseArgs({ args: process.argv.slice(2), options: { port: { type: "string", default: "8803" } } });
	const server = await startClientsServer(Number(values.port));
	process.stdout.write(`${JSON.stringify({ url: server.url, keys: server.keys })}\n`);
	const stop = () => void server.stop().then(() => process.exit(0));
	process.stdin.on("end", stop);
	process.stdin.on("close", stop);
	process.stdin.resume();
	for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, stop);
}
