/**
 * A real embed host to publish charts on and read them in a browser: `wrangler dev` on its own
 * port and throwaway state (its embed host at `/embed` on the same port), a Business account's
 * key, and Chromium. The embed browser tests share it.
 */
import assert from "node:assert/strict";
import type { Browser } from "playwright-core";
import { createAccountWithKey } from "../local/admin-ops.ts";
import type { DevServer } from "../local/dev-server.ts";
import { startDevServer } from "../local/dev-server.ts";
import { launchChromium } from "./chromium.ts";
import { reportStalledRequests } from "./stalled-requests.ts";

export interface EmbedFixture {
	server: DevServer;
	browser: Browser;
	/** Calls the API with the account's key; fails the test on anything but a 2xx, quoting the answer. */
	api(method: string, path: string, body?: unknown): Promise<Record<string, unknown>>;
	stop(): Promise<void>;
}

export async function startEmbedHost(port: number, keyName: string): Promise<EmbedFixture> {
	const server = await startDevServer(port, undefined, { EMBED_BASE: `http://127.0.0.1:${port}/embed` });
	try {
		const { key } = await createAccountWithKey(
			server.target,
			{ plan: "business" },
			{ scopes: ["chart:read", "chart:write"], name: keyName },
		);
		const browser = reportStalledRequests(await launchChromium());
		return {
			server,
			browser,
			async api(method, path, body) {
				const res = await fetch(`${server.url}${path}`, {
					method,
					headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
					body: body === undefined ? undefined : JSON.stringify(body),
				});
				assert.ok(res.ok, `${method} ${path} answered ${res.status}: ${await res.clone().text()}`);
				return (await res.json()) as Record<string, unknown>;
			},
			async stop() {
				await browser.close();
				await server.stop();
			},
		};
	} catch (error) {
		await server.stop();
		throw error;
	}
}
