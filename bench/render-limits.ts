/**
 * Drawing at the limits (docs/design.md#d23/#d25): every kind at its maximum size (200,000 rows), drawn
 * as SVG, PNG (800×500 at scale 2) and PDF by the Worker's own render code in a Node process
 * per kind, with V8's heap capped at the 128 MB a Worker isolate may use: a kind that needed
 * more would fail here. Reports each format's time, the live heap the parsed data takes, the
 * process's peak RSS and what drawing added to it. RSS counts garbage not yet collected, Node's
 * own runtime and resvg's WebAssembly memory, so it overstates what an isolate must hold; the
 * capped heap is the test that counts.
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
export const workerAssets: Plugin = {
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
	dataLiveMiB: number;
	peakMiB: number;
	/** Set when the kind did not finish within the capped heap. */
	failed?: string;
}

export async function runRenderLimitsBench() {
	const child = await bundleChild();
	const results: KindResult[] = [];
	for (const kind of chartKinds) {
		// V8's heap capped at the isolate's 128 MB: a kind that needed more would die here, not pass.
		const { stdout } = await run(
			process.execPath,
			[`--max-old-space-size=${isolateLimitMiB}`, "--expose-gc", child, kind, String(maxRows)],
			{
				maxBuffer: 1 << 20,
				timeout: 600_000,
			},
		).catch((error: { stdout?: string; stderr?: string }) => ({
			stdout: JSON.stringify({ kind, failed: (error.stderr ?? "").slice(-200) }),
		}));
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
			"data held (live heap)",
			"process peak RSS",
			"added by drawing (RSS)",
			"finished in a 128 MB V8 heap",
		],
		results.map((r) =>
			r.failed
				? [r.kind, "–", "–", "–", "–", "–", "–", "–", `no: ${r.failed.replace(/\s+/g, " ").replace(/\|/g, "/")}`]
				: [
						r.kind,
						ms(r.svgMs),
						ms(r.pngMs),
						ms(r.pdfMs),
						`${r.svgKiB.toFixed(0)} KiB`,
						mib(r.dataLiveMiB),
						mib(r.peakMiB),
						mib(r.peakMiB - r.baselineMiB),
						"yes",
					],
		),
	);
	return { name: "render-limits", table, data: { rows: maxRows, isolateLimitMiB, results } };
}
