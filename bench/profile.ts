/**
 * `npm run bench -- profile`: where the milliseconds of one SVG, PNG (scale 2) and PDF export
 * go inside the renderer, stage by stage, with the stages the leaner path replaced measured
 * beside their replacements in the same run. The request around the drawing (key, limiter,
 * D1, R2, the export gate) is measured by the render suite (`GET chart`, cached repeat).
 */
import { execFile } from "node:child_process";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { build } from "esbuild";
import { markdownTable } from "./lib/stats.ts";
import { workerAssets } from "./render-limits.ts";

const run = promisify(execFile);

export async function runProfileBench() {
	const outfile = join(tmpdir(), `charts-profile-child-${process.pid}.mjs`);
	await build({
		entryPoints: [resolve("bench/profile-child.ts")],
		outfile,
		bundle: true,
		platform: "node",
		format: "esm",
		target: "node20",
		define: { "process.env.NODE_ENV": '"production"' },
		banner: {
			js: "import { createRequire as createRequireForBundle } from 'node:module'; const require = createRequireForBundle(import.meta.url);",
		},
		plugins: [workerAssets],
		logLevel: "error",
	});
	const { stdout } = await run(process.execPath, [outfile, "4"], { maxBuffer: 16 * 2 ** 20 });
	const result = JSON.parse(stdout) as { rounds: number; scale: number; cases: Record<string, Record<string, number>> };
	const names = Object.keys(result.cases);
	const stages = Object.keys(result.cases[names[0] as string] ?? {});
	const table = markdownTable(
		["stage (ms, mean of 4 warm rounds, 800×500, PNG at scale 2)", ...names],
		stages.map((stage) => [stage, ...names.map((name) => (result.cases[name]?.[stage] ?? Number.NaN).toFixed(2))]),
	);
	return { name: "profile", table, data: result };
}
