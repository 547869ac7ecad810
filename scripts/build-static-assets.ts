/**
 * What a reader's browser downloads from the embed host (the page clients and the WOFF2 fonts) as
 * static assets, not Worker modules: each is written under a content-hashed name in
 * `dist/console/_static/` (inside the `[assets]` directory, so the Worker reaches it through the
 * `ASSETS` binding), and `dist/static-assets.json` (outside it, bundled into the Worker) names
 * them: the Worker keeps only that small manifest. The hash is the first 16 hex digits of the
 * file's SHA-256, as the Worker computed it before, so pages published earlier keep naming a
 * current, immutable file. The fallback font's `unicode-range` is computed here too, so serving
 * a page never parses a font.
 *
 * Files of the previous build stay beside the new ones (a `wrangler dev` that has not reloaded
 * yet still names them); older ones are removed.
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readdir, readFile, unlink } from "node:fs/promises";
import { join } from "node:path";
import { fallbackUnicodeRange } from "../src/embed/font-ranges.ts";
import type { StaticAssets } from "../src/embed/static-asset-paths.ts";
import { staticAssetPaths } from "../src/embed/static-asset-paths.ts";
import { fontMetrics } from "../src/formats/fonts/metrics.ts";
import { replaceFile } from "./publish-files.ts";

const assetsDir = "dist/console";
const manifestFile = "dist/static-assets.json";

function contentHash(bytes: Uint8Array): string {
	return createHash("sha256").update(bytes).digest("hex").slice(0, 16);
}

const byName = ([a]: [string, unknown], [b]: [string, unknown]) => (a < b ? -1 : a > b ? 1 : 0);

const arrayBuffer = (bytes: Buffer) => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;

/** The files a manifest names, relative to the assets directory. */
function namedFiles(manifest: StaticAssets): string[] {
	return [
		...Object.entries(manifest.clients).map(([name, hash]) => staticAssetPaths.client(name, hash).slice(1)),
		...Object.entries(manifest.fonts).map(([name, hash]) => staticAssetPaths.font(name, hash).slice(1)),
	];
}

export async function publishStaticAssets(
	clients: ReadonlyMap<string, Uint8Array>,
	fonts: ReadonlyMap<string, Uint8Array>,
	rangeFonts: { primaryTtf: string; fallbackTtf: string },
): Promise<void> {
	const manifest: StaticAssets = {
		// Sorted: the same build writes the same manifest, which then stays untouched (no Worker rebuild).
		clients: Object.fromEntries([...clients].sort(byName).map(([name, bytes]) => [name, contentHash(bytes)])),
		fonts: Object.fromEntries([...fonts].sort(byName).map(([name, bytes]) => [name, contentHash(bytes)])),
		fallbackUnicodeRange: fallbackUnicodeRange(
			fontMetrics(arrayBuffer(await readFile(rangeFonts.primaryTtf))),
			fontMetrics(arrayBuffer(await readFile(rangeFonts.fallbackTtf))),
		),
	};
	for (const [name, bytes] of clients)
		await replaceFile(join(assetsDir, staticAssetPaths.client(name, manifest.clients[name] as string)), bytes);
	for (const [name, bytes] of fonts) await replaceFile(join(assetsDir, staticAssetPaths.font(name, manifest.fonts[name] as string)), bytes);
	const previous = existsSync(manifestFile) ? (JSON.parse(await readFile(manifestFile, "utf8")) as StaticAssets) : null;
	// The manifest last: the Worker rebuilt from it names only files that are already in place.
	await replaceFile(manifestFile, new TextEncoder().encode(`${JSON.stringify(manifest, null, "\t")}\n`));
	const kept = new Set([...namedFiles(manifest), ...(previous ? namedFiles(previous) : [])]);
	const staticDir = join(assetsDir, "_static");
	const present = await readdir(staticDir, { recursive: true, withFileTypes: true });
	for (const entry of present) {
		const file = join(entry.parentPath, entry.name).slice(assetsDir.length + 1);
		if (entry.isFile() && !kept.has(file)) await unlink(join(assetsDir, file));
	}
}
