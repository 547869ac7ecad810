/**
 * Drawing at the limits (DESIGN D23/D25): every kind at its maximum size (200,000 rows), drawn
 * as SVG, PNG (800×500 at scale 2) and PDF by the Worker's own render code in a Node process
 * per kind. Reports each format's time and the process's peak memory beside the 128 MB a
 * Worker isolate may use: the process before drawing (Node, the bundled code, fonts and the
 * parsed data), its peak, and what drawing added on top, which is the figure to hold against
 * the limit (the data itself is what the isolate holds anyway).
 */
import { execFile } from "node:child_process";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import type { Plugin } from "esbuild";
import { build } from "esbuild";
import { chartKinds } from "../src/domain/kinds.ts";
import { markdownTable, ms } from "./lib/stats.ts";

const run = promisify(execFile);
export const maxRows = 200_000;
const isolateLimitMiB = 128;

/** Fonts as ArrayBuffer and resvg's wasm as a compiled module, as wrangler's module rules give them. */
const workerAssets: Plugin = {
	name: "worker-assets",
	setup(builder) {
		builder.onLoad({ filter: /\.ttf$/ }, async (args) => ({
			contents: `import { readFileSync } from "node:fs"; const b = readFileSync(${JSON.stringify(args.path)}); export default b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength);`,
			loader: "js",
		}));
		builder.onLoad({ filter: /\.wasm$/ }, async (args) => ({
			contents: `import { readFileSync } from "node:fs"; export default new WebAssembly.Module(readFileSync(${JSON.stringify(args.path)}));`,
			loader: "js",
		}));
	},
};

export async function bundleChild(): Promise<string> {
	const outfile = join(tmpdir(), "charts-render-limits-child.mjs");
	await build({
		entryPoints: [resolve("bench/render-limits-child.ts")],
		outfile,
		bundle: true,
		platform: "node",
		format: "esm",
		target: "node20",
		define: { "process.env.NODE_ENV": '"production"' },
		// pdfkit and its dependencies are CommonJS that calls require(); give the ESM bundle one.
		banner: {
			js: "import { createRequire as createRequireForBundle } from 'node:module'; const require = createRequireForBundle(import.meta.url);",
		},
		plugins: [workerAssets],
		logLevel: "error",
	});
	return outfile;
}

interface KindResult {
	kind: string;
	rows: number;
	svgMs: number;
	pngMs: number;
	pdfMs: number;
	svgKiB: number;
	baselineMiB: number;
	peakMiB: number;
}

export async function runRenderLimitsBench() {
	const child = await bundleChild();
	const results: KindResult[] = [];
	for (const kind of chartKinds) {
		const { stdout } = await run(process.execPath, [child, kind, String(maxRows)], { maxBuffer: 1 << 20, timeout: 600_000 });
		results.push(JSON.parse(stdout.trim().split("\n").at(-1) ?? "{}") as KindResult);
	}
	const mib = (v: number) => `${v.toFixed(0)} MiB`;
	const table = markdownTable(
		[
			"kind at 200,000 rows (800×500)",
			"SVG",
			"PNG ×2",
			"PDF",
			"SVG size",
			"process before drawing",
			"peak",
			"added by drawing",
			"isolate limit",
		],
		results.map((r) => [
			r.kind,
			ms(r.svgMs),
			ms(r.pngMs),
			ms(r.pdfMs),
			`${r.svgKiB.toFixed(0)} KiB`,
			mib(r.baselineMiB),
			mib(r.peakMiB),
			mib(r.peakMiB - r.baselineMiB),
			mib(isolateLimitMiB),
		]),
	);
	return { name: "render-limits", table, data: { rows: maxRows, isolateLimitMiB, results } };
}
