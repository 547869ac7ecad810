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
