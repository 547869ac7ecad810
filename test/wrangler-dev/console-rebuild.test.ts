/**
 * `npm run build` under a running `wrangler dev`: the console answers 200
 * throughout, and wrangler picks the new build up without a restart. The dist starts out as an
 * older build would leave it (its page differs), so the build has something to replace. Slow:
 * one dev server and one full build.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import { after, before, describe, it } from "node:test";
import type { DevServer } from "../harness/local/dev-server.ts";
import { startDevServer } from "../harness/local/dev-server.ts";

const page = "dist/console/index.html";
const olderBuild = "<!-- an older build -->";

/** Polls `check` until it holds, for at most a minute (wrangler reloads its assets after a change). */
async function eventually(what: string, check: () => Promise<boolean>): Promise<void> {
	for (let attempt = 0; attempt < 240; attempt++) {
		if (await check()) return;
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
	assert.fail(`${what} did not happen within a minute`);
}

function runBuild(): Promise<number> {
	const child = spawn("npm", ["run", "build"], { stdio: "ignore" });
	return new Promise((resolve, reject) => {
		child.on("error", reject);
		child.on("exit", (code) => resolve(code ?? 1));
	});
}

// A minute of its own plus a dev server's start: the full tier runs it (FULL=1, `npm run test:full`).
const quickTier = process.env.FULL !== "1" && "slow (a full build under a running dev server): npm run test:full runs it";

describe("npm run build under a running wrangler dev", { skip: quickTier }, () => {
	let server: DevServer;

	before(async () => {
		server = await startDevServer(8843);
	});

	after(async () => {
		await server?.stop();
	});

	const servedPage = async () => (await fetch(`${server.url}/`)).text();

	it("keeps every console route at 200 while it builds, and the new build is served without a restart", async () => {
		const built = await readFile(page, "utf8");
		await writeFile(page, built.replace("</head>", `${olderBuild}\n</head>`));
		await eventually("serving the older page", async () => (await servedPage()).includes(olderBuild));

		const failures: string[] = [];
		let building = true;
		const polling = (async () => {
			while (building) {
				const html = await servedPage();
				const script = /src="(\/assets\/main-[A-Z0-9]+\.js)"/.exec(html)?.[1] ?? "/assets/no-script-named.js";
				for (const path of ["/", "/charts/ch_anything", "/account", "/favicon.ico", script]) {
					const res = await fetch(`${server.url}${path}`);
					await res.arrayBuffer();
					if (res.status !== 200) failures.push(`${path}: ${res.status}`);
				}
			}
		})();
		const code = await runBuild();
		building = false;
		await polling;
		assert.equal(code, 0, "npm run build failed");
		assert.deepEqual(failures, [], "answers other than 200 while building");

		assert.equal(await readFile(page, "utf8"), built);
		await eventually("serving the new page", async () => !(await servedPage()).includes(olderBuild));
		const script = /src="(\/assets\/main-[A-Z0-9]+\.js)"/.exec(built)?.[1] ?? "";
		assert.ok((await servedPage()).includes(script));
		for (const path of ["/", "/sign-in", "/favicon.svg", script]) {
			const res = await fetch(`${server.url}${path}`);
			assert.equal(res.status, 200, path);
		}
	});
});
