/**
 * A port nobody listens on, so suites never measure another engineer's server that happens to
 * hold a fixed port on a shared machine (`wrangler dev` would fail to bind, and the suite would
 * then talk to the stranger).
 */
import { createServer } from "node:net";

export function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const probe = createServer();
		probe.once("error", reject);
		probe.listen(0, "127.0.0.1", () => {
			const address = probe.address();
			probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
		});
	});
}

/**
 * The first port in `first`…`last` nobody listens on, for suites that must stay inside a range
 * agreed with the other sessions on the machine (the embeds suite: 8970–8979).
 */
export async function freePortIn(first: number, last: number, taken: number[] = []): Promise<number> {
	for (let port = first; port <= last; port++) {
		if (taken.includes(port)) continue;
		const free = await new Promise<boolean>((resolve) => {
			const probe = createServer();
			probe.once("error", () => resolve(false));
			probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
		});
		if (free) return port;
	}
	throw new Error(`no free port in ${first}–${last}`);
}
