/**
 * Where the embed host's static assets live inside the `[assets]` directory (dist/console), and
 * the manifest that names them (dist/static-assets.json, written by scripts/build-static-assets.ts).
 * Shared by the build and the Worker, so the two cannot disagree on a path.
 */

export interface StaticAssets {
	/** Client name → the first 16 hex digits of its file's SHA-256. */
	clients: Record<string, string>;
	/** Bundled font name (`inter-400`…) → the first 16 hex digits of its WOFF2's SHA-256. */
	fonts: Record<string, string>;
	/** The `unicode-range` of the fallback font: what it draws and Inter does not (font-ranges.ts). */
	fallbackUnicodeRange: string;
}

export const staticAssetPaths = {
	client: (name: string, hash: string) => `/_static/embed/${name}.${hash}.js`,
	font: (name: string, hash: string) => `/_static/fonts/${name}.${hash}.woff2`,
};
