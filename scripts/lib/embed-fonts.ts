/**
 * The bundled fonts as WOFF2 for the embed host (docs/design.md#d40): the TTFs the server draws
 * with (src/render/bundled-fonts.ts), compressed once at build time into `dist/embed-fonts/`, which the
 * Worker imports as data and serves under content-hashed `/_fonts/…` paths. A file newer than its
 * TTF is kept: converting takes seconds, and the build runs on every `wrangler dev` change.
 */
import { mkdir, readFile, stat, writeFile } from "node:fs/promises";
import { compress } from "wawoff2";

/** Output name → the TTF it is made from (the same files src/render/bundled-fonts.ts bundles). */
export const embedFontSources = {
	"inter-400": "node_modules/@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf",
	"inter-600": "node_modules/@expo-google-fonts/inter/600SemiBold/Inter_600SemiBold.ttf",
	"inter-700": "node_modules/@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf",
	"dejavu-sans-400": "node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf",
} as const;

const modified = (path: string) =>
	stat(path).then(
		(s) => s.mtimeMs,
		() => -1,
	);

export async function buildEmbedFonts(outDir = "dist/embed-fonts"): Promise<void> {
	await mkdir(outDir, { recursive: true });
	// One at a time, each result copied out at once: wawoff2 answers with a view of its
	// WebAssembly memory, which the next conversion overwrites.
	for (const [name, source] of Object.entries(embedFontSources)) {
		const out = `${outDir}/${name}.woff2`;
		if ((await modified(out)) >= (await modified(source))) continue;
		const woff2 = Buffer.from(await compress(await readFile(source)));
		if (woff2.subarray(0, 4).toString("latin1") !== "wOF2") throw new Error(`${source} did not convert to WOFF2`);
		await writeFile(out, woff2);
	}
}
