/**
 * What an isolate evaluates when it starts (issue 26): the Worker entry's static imports only.
 * Everything else (the API with zod and drizzle, the embed host, the renderer, the Cron run) is
 * behind a dynamic `import()` and loads on the first request that needs it. Checked on the
 * module graph, not on timings: the entry is bundled with esbuild's code splitting, which puts
 * what only `import()` reaches into other chunks, and the chunks the entry loads statically must
 * hold no npm package and none of the lazy parts of src/.
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

/** The source files of the entry chunk and every chunk it imports statically: what runs at startup. */
function startupInputs(metafile: Metafile): string[] {
	const entry = Object.keys(metafile.outputs).find((output) => metafile.outputs[output]?.entryPoint === "src/index.ts");
	assert.ok(entry, "esbuild wrote no chunk for src/index.ts");
	const reached = new Set<string>();
	const pending = [entry];
	for (let chunk = pending.pop(); chunk !== undefined; chunk = pending.pop()) {
		if (reached.has(chunk)) continue;
		reached.add(chunk);
		for (const imported of metafile.outputs[chunk]?.imports ?? []) {
			if (imported.kind === "import-statement" && !imported.external) pending.push(imported.path);
		}
	}
	return [...reached].flatMap((chunk) => Object.keys(metafile.outputs[chunk]?.inputs ?? {}));
}

describe("the Worker's startup path", () => {
	it("evaluates no npm package and none of the lazily loaded parts of src/", async () => {
		const metafile = await splitBundle();
		const atStartup = startupInputs(metafile);
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
});
