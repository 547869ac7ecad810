/**
 * The embed page's client scripts (built by `npm run build:embed` from `src/embed/client/` into
 * static assets, `static-assets.ts`), as the embed host serves them: one per kind family (`cartesian`, `pie`, `plane`, `table`, `other`,
 * `map`), each with only the ECharts code its kinds use; `overlay`, no ECharts at all:
 * tooltips, keyboard and legend over the server's own drawing of a line, bar, pie or scatter
 * chart (`client/overlay/`); `chart`, every kind but maps,
 * for pages published before the split; `embed` is the loader a host page may add to size our
 * iframes (`/embed.js`, docs/design.md#d39).
 *
 * A page names its client by a content-hashed path, `/_client/cartesian.<hash>.js`, served
 * `immutable` for a year (docs/design.md#d40): readers fetch a client once, and a new build gets a new
 * path. The unhashed path (`/_client/chart.js`, what pages published before hashing name) and a
 * hash of an earlier build (a page published before a deploy) still answer, with the current
 * script under a short cache, so no published page loses its client.
 */

import type { ChartKind } from "../domain/kinds";
import { kindClients } from "./client-kinds";
import { staticAssetPaths } from "./static-asset-paths";
import { staticAssets } from "./static-assets";

const clientNames = ["cartesian", "pie", "plane", "table", "other", "map", "chart", "overlay", "embed"] as const;
export type ClientName = (typeof clientNames)[number];

const clientPathPattern = new RegExp(`^/_client/(${clientNames.join("|")})(?:\\.([0-9a-f]{16}))?\\.js$`);

/** The first 16 hex digits of the SHA-256 of a client's content, as the build named its file. */
function contentHash(name: ClientName): string {
	const hash = staticAssets.clients[name];
	if (!hash) throw new Error(`the build's static-assets manifest names no ${name} client`);
	return hash;
}

/** The hashed path of a client below the embed base. */
export function hashedClientPath(name: ClientName): string {
	return `/_client/${name}.${contentHash(name)}.js`;
}

/** The client a published page of this kind loads, as a hashed path below the embed base. */
export function clientPath(kind: ChartKind): string {
	return hashedClientPath(kindClients[kind]);
}

export interface ClientScript {
	/** The file in the assets directory (static-assets.ts). */
	assetPath: string;
	etag: string;
	/** Whether the path named this very content, so it may be cached for good. */
	immutable: boolean;
}

/** The script for a path below the embed base, or null if it names none. */
export function clientScript(path: string): ClientScript | null {
	// `/embed.js` is the loader's stable address (D39); the publish response names its hashed one.
	const match = clientPathPattern.exec(path === "/embed.js" ? "/_client/embed.js" : path);
	if (!match) return null;
	const name = match[1] as ClientName;
	const hash = contentHash(name);
	return { assetPath: staticAssetPaths.client(name, hash), etag: `"${name}-${hash}"`, immutable: match[2] === hash };
}
