/**
 * Builds what the Worker serves from dist/ (the embed clients and fonts, the console) and stamps
 * dist/ with a hash of the build's inputs. `--if-stale` (wrangler's `[build]` hook) skips the
 * build when the stamp matches, so each `wrangler dev` a test run starts no longer rebuilds what
 * `npm test` has just built; `npm run build` always builds.
 *
 * The inputs are hashed by content, over-inclusively (all of `src/`, the build scripts, the lock
 * file and the patches): an edit to a Worker-only file costs a rebuild, never a stale bundle.
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";

const stampFile = "dist/.build-stamp";
const inputDirs = ["src", "patches"];
const inputFiles = [
	"scripts/build.ts",
	"scripts/build-console.ts",
	"scripts/build-embed-client.ts",
	"scripts/build-static-assets.ts",
	"scripts/lib/embed-fonts.ts",
	"package-lock.json",
];
const builds = ["scripts/build-embed-client.ts", "scripts/build-console.ts"];

async function filesUnder(dir: string): Promise<string[]> {
	if (!existsSync(dir)) return [];
	const entries = await readdir(dir, { withFileTypes: true, recursive: true });
	return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/** One hash over every input's path and bytes, in a fixed order. */
async function inputsHash(): Promise<string> {
	const files = [...(await Promise.all(inputDirs.map(filesUnder))).flat(), ...inputFiles.filter((file) => existsSync(file))].sort();
	const hash = createHash("sha256");
	for (const file of files) {
		hash.update(`${file}\0`);
		hash.update(await readFile(file));
		hash.update("\0");
	}
	return hash.digest("hex");
}

function runScript(script: string): Promise<void> {
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, ["--import", "tsx", script], { stdio: "inherit" });
		child.once("error", reject);
		child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${script} exited with ${code}`))));
	});
}

const onlyIfStale = process.argv.includes("--if-stale");
const hash = await inputsHash();
const stamp = existsSync(stampFile) ? (await readFile(stampFile, "utf8")).trim() : "";
if (onlyIfStale && stamp === hash) {
	console.log("dist/ is current (its build stamp matches the inputs): nothing to build");
} else {
	// No stamp while building: a failed or interrupted build is never taken for a current one.
	await rm(stampFile, { force: true });
	// The two builds share no output; side by side they use both cores.
	await Promise.all(builds.map(runScript));
	await writeFile(stampFile, `${hash}\n`);
}
