/**
 * Builds the console (docs/design.md#d36): `src/console/main.tsx` bundled by esbuild into
 * `dist/console/`, which the Worker serves as static assets with a single-page fallback.
 * Files under `assets/` carry their content hash in their names (cached for good); `index.html`
 * names them and is revalidated on every load. The chart engine (ECharts and our option builders)
 * is a separate chunk the editor loads when it first draws a preview, so the app's own
 * JavaScript stays small: the build fails when it passes 150 KB gzipped.
 * Run by `npm run build` (which `npm start`, `npm test`, `npm run deploy` and wrangler's build
 * hook call), often while a server serves the directory: the build is written to a staging
 * directory beside it and moved in file by file, the page last (`publish-files.ts`), so the
 * running server never sees a half-built console.
 */
import { rmSync } from "node:fs";
import { copyFile, mkdir, readFile, writeFile } from "node:fs/promises";
import { basename } from "node:path";
import { gzipSync } from "node:zlib";
import type { Metafile } from "esbuild";
import { build } from "esbuild";
import { consoleIconIco, consoleIconSvg } from "./console-icon";
import { publishDirectory } from "./publish-files";

const target = "dist/console";
/** Beside the target, so moving a file in is a rename on the same filesystem. */
const outdir = `dist/.console-next-${process.pid}`;
/** The console's own JavaScript, the chart engine aside (docs/design.md#console-checks). */
const ownScriptBudget = 150 * 1024;
const fonts = ["400Regular/Inter_400Regular.ttf", "500Medium/Inter_500Medium.ttf", "600SemiBold/Inter_600SemiBold.ttf"];

// Whatever happens, no staging directory is left behind (a failed build leaves the target as it was).
process.on("exit", () => rmSync(outdir, { recursive: true, force: true }));
await mkdir(`${outdir}/assets/fonts`, { recursive: true });
await Promise.all([
	...fonts.map((font) => copyFile(`node_modules/@expo-google-fonts/inter/${font}`, `${outdir}/assets/fonts/${basename(font)}`)),
	writeFile(`${outdir}/favicon.svg`, consoleIconSvg),
	writeFile(`${outdir}/favicon.ico`, consoleIconIco()),
]);

const result = await build({
	entryPoints: ["src/console/main.tsx"],
	outdir: `${outdir}/assets`,
	entryNames: "[name]-[hash]",
	chunkNames: "chunk-[hash]",
	assetNames: "[name]-[hash]",
	bundle: true,
	splitting: true,
	format: "esm",
	minify: true,
	target: "es2022",
	jsx: "automatic",
	jsxImportSource: "preact",
	define: { "process.env.NODE_ENV": '"production"' },
	// Fonts are referenced by absolute path from the CSS and copied above, not inlined.
	external: ["/assets/fonts/*"],
	metafile: true,
	logLevel: "error",
});

const outputs = result.metafile.outputs;
const entry = Object.entries(outputs).find(([, output]) => output.entryPoint === "src/console/main.tsx");
if (!entry) throw new Error("esbuild produced no console entry");
const [entryPath, entryOutput] = entry;
const stylesheet = entryOutput.cssBundle;
if (!stylesheet) throw new Error("the console entry produced no stylesheet");

/** A file and every chunk it imports (statically, or also lazily): what loading it downloads. */
function closure(path: string, files: Metafile["outputs"], followDynamic: boolean, seen = new Set<string>()): Set<string> {
	if (seen.has(path)) return seen;
	seen.add(path);
	for (const imported of files[path]?.imports ?? []) {
		const follows = imported.kind === "import-statement" || (followDynamic && imported.kind === "dynamic-import");
		if (follows && !imported.external) closure(imported.path, files, followDynamic, seen);
	}
	return seen;
}
// The engine is what only the chart engine's chunk needs; a chunk the app shares with it counts as the app's.
const engineEntry = Object.keys(outputs).find((path) => outputs[path]?.entryPoint === "src/console/preview/engine.ts");
const appFiles = closure(entryPath, outputs, false);
const engineFiles = engineEntry ? closure(engineEntry, outputs, true) : new Set<string>();
let ownBytes = 0;
let engineBytes = 0;
for (const path of Object.keys(outputs).filter((p) => p.endsWith(".js"))) {
	const gzipped = gzipSync(await readFile(path)).length;
	if (engineFiles.has(path) && !appFiles.has(path)) engineBytes += gzipped;
	else ownBytes += gzipped;
}

const url = (path: string) => `/${path.slice(outdir.length + 1)}`;
await writeFile(
	`${outdir}/index.html`,
	`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>Charts</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="preload" href="/assets/fonts/Inter_400Regular.ttf" as="font" type="font/ttf" crossorigin>
<link rel="stylesheet" href="${url(stylesheet)}">
<script type="module" src="${url(entryPath)}"></script>
</head>
<body>
<div id="app"></div>
<noscript><p style="font-family:sans-serif;padding:24px">The console needs JavaScript. The API works without it: see /v1/openapi.json.</p></noscript>
</body>
</html>
`,
);

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(
	`console: own JavaScript ${kb(ownBytes)} gzipped (budget ${kb(ownScriptBudget)}); chart engine ${kb(engineBytes)} gzipped, loaded lazily`,
);
if (ownBytes > ownScriptBudget) {
	console.error(`The console's own JavaScript is over its budget of ${kb(ownScriptBudget)} gzipped; ${target} is left as it was.`);
	process.exit(1);
}
// `_static/` is the embed build's (scripts/build-static-assets.ts), in the same assets directory.
await publishDirectory(outdir, target, { last: ["index.html"], record: "dist/console.files.json", foreign: "_static/" });
