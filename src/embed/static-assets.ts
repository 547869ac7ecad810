/**
 * The embed host's static assets: the page clients and the bundled WOFF2 fonts are
 * files of the `[assets]` directory under content-hashed names, not modules of the Worker, which
 * keeps only their manifest (`static-asset-paths.ts`). The embed host still answers them under
 * its own paths (`/_client/…`, `/_fonts/…`) with its own headers; the bytes come from `ASSETS`.
 */
import manifest from "../../dist/static-assets.json";
import type { StaticAssets } from "./static-asset-paths";

export const staticAssets: StaticAssets = manifest;

/**
 * A static asset's response from the `ASSETS` binding. The binding's single-page fallback would
 * answer a missing file with the console's page, so anything but the file itself is an error:
 * the manifest and the directory come from one build, and a mismatch is a broken deploy.
 */
export async function fetchStaticAsset(assets: Fetcher, path: string): Promise<Response> {
	const response = await assets.fetch(new URL(path, "https://assets.local").href);
	if (response.status !== 200 || response.headers.get("Content-Type")?.startsWith("text/html")) {
		await response.body?.cancel();
		throw new Error(`static asset ${path} is missing from the assets directory (answered ${response.status})`);
	}
	return response;
}
