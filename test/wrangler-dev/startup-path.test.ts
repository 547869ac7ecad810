/**
 * What an isolate evaluates when it starts: the Worker entry's static imports only.
 * Everything else (the API with zod and drizzle, the embed host, the renderer, the Cron run) is
 * behind a dynamic `import()` and loads on the first request that needs it. Checked on the
 * module graph, not on timings: the entry is bundled with esbuild's code splitting, which puts
 * what only `import()` reaches into other chunks, and the chunks the entry loads statically must
 * hold no npm package and none of the lazy parts of src/. The embed host, loaded by its first
 * request, must not bring zod or drizzle either: most of its requests are readers of a page.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Metafile } from "esbuild";
import { build } from "esbuild";

// npm packages (zod, drizzle, the renderer's libraries) and the parts of src/ built on them; the zod-free
// error classes the one error path maps (src/domain/invalid-data.ts, src/library/invalid-series.ts) may load.
const lazyOnly = [
	/^node_modules\//,
	/^src\/(api|services|render|db|mcp|linked-data|console|auth)\//,
	/^src\/embed\/serve\.ts$/,
	/^src\/request-services\.ts$/,
	/^src\/api-app\.ts$/,
];

async function splitBundle(): Promise<Metafile> {
	const result = await build({
		entryPoints: ["src/index.ts"],
		bundle: true,
		splitting: true,
		format: "esm",
		write: false,
		outdir: "/tmp/startup-path-check",
		metafile: true,
		platform: "neutral",
		conditions: ["workerd", "worker", "browser"],
		mainFields: ["browser", "module", "main"],
		// The binaries (fonts, resvg's WebAssembly) and the runtime's own modules are not code that starts.
		external: ["cloudflare:*", "node:*", "*.ttf", "*.woff2", "*.wasm"],
		define: { "process.env.NODE_ENV": '"production"', "import.meta.url": '"file:///worker.js"' },
		logLevel: "silent",
	});
	return result.metafile;
}

/** The source files of the chunks of `entries` and of every chunk they import statically: what loading them evaluates. */
function loadedInputs(metafile: Metafile, entries: readonly string[]): Set<string> {
	const reached = new Set<string>();
	const pending = entries.map((entry) => {
		const chunk = Object.keys(metafile.outputs).find((output) => metafile.outputs[output]?.entryPoint === entry);
		assert.ok(chunk, `esbuild wrote no chunk for ${entry}: is it still imported (statically or with import()) from src/index.ts?`);
		return chunk;
	});
	for (let chunk = pending.pop(); chunk !== undefined; chunk = pending.pop()) {
		if (reached.has(chunk)) continue;
		reached.add(chunk);
		for (const imported of metafile.outputs[chunk]?.imports ?? []) {
			if (imported.kind === "import-statement" && !imported.external) pending.push(imported.path);
		}
	}
	return new Set([...reached].flatMap((chunk) => Object.keys(metafile.outputs[chunk]?.inputs ?? {})));
}

describe("the Worker's startup path", () => {
	const bundled = splitBundle();

	it("evaluates no npm package and none of the lazily loaded parts of src/", async () => {
		const metafile = await bundled;
		const atStartup = [...loadedInputs(metafile, ["src/index.ts"])];
		assert.ok(atStartup.includes("src/http/dispatch.ts"), "the check no longer sees the dispatcher: is src/index.ts still the entry?");
		assert.deepEqual(
			atStartup.filter((input) => lazyOnly.some((pattern) => pattern.test(input))),
			[],
			"these load when the isolate starts; import them from the lazily loaded side (src/lazy-*.ts) instead",
		);
		// The lazy parts are still in the Worker, only not at startup: the check is not vacuous.
		const everything = Object.keys(metafile.inputs);
		for (const part of ["src/api-app.ts", "src/embed/serve.ts", "src/request-services.ts", "src/linked-data/schedule.ts"]) {
			assert.ok(everything.includes(part), `${part} is not in the Worker at all`);
		}
		assert.ok(
			everything.some((input) => input.startsWith("node_modules/zod/")),
			"zod is not in the Worker at all",
		);
	});

	it("loads neither zod, drizzle nor src/db/ for an embed page: views read R2 and the Cache API only", async () => {
		const metafile = await bundled;
		// What src/lazy-embed.ts imports for the isolate's first embed request.
		const forPages = [...loadedInputs(metafile, ["src/embed/serve.ts", "src/host-services.ts"])];
		assert.ok(forPages.includes("src/embed/page.ts"), "the check no longer sees the embed page");
		assert.deepEqual(
			forPages.filter((input) => /^node_modules\/(zod|drizzle-orm)\//.test(input) || input.startsWith("src/db/")),
			[],
			"an embed page loads these; embed views read no database (docs/scale.md)",
		);
	});
});
