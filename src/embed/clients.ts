/**
 * The embed page's client scripts (built by `npm run build:embed` from `src/embed/client/`), as
 * the embed host serves them: one per kind family (`cartesian`, `pie`, `plane`, `table`, `other`,
 * `map`), each with only the ECharts code its kinds use (issue 16); `overlay`, no ECharts at all:
 * tooltips, keyboard and legend over the server's own drawing of a line, bar, pie or scatter
 * chart (`client/overlay/`); `chart`, every kind but maps,
 * for pages published before the split; `embed` is the loader a host page may add to size our
 * iframes (`/embed.js`, DESIGN D39).
 *
 * A page names its client by a content-hashed path, `/_client/cartesian.<hash>.js`, served
 * `immutable` for a year (DESIGN D40): readers fetch a client once, and a new build gets a new
 * path. The unhashed path (`/_client/chart.js`, what pages published before hashing name) and a
 * hash of an earlier build (a page published before a deploy) still answer, with the current
 * script under a short cache, so no published page loses its client.
 */

import cartesianClient from "../../dist/embed-client/cartesian.bundle.txt";
import chartClient from "../../dist/embed-client/chart.bundle.txt";
import loaderScript from "../../dist/embed-client/loader.bundle.txt";
import mapClient from "../../dist/embed-client/map.bundle.txt";
import otherClient from "../../dist/embed-client/other.bundle.txt";
import overlayClient from "../../dist/embed-client/overlay.bundle.txt";
import pieClient from "../../dist/embed-client/pie.bundle.txt";
import planeClient from "../../dist/embed-client/plane.bundle.txt";
import tableClient from "../../dist/embed-client/table.bundle.txt";
import { sha256Hex } from "../domain/ids";
import type { ChartKind } from "../domain/kinds";
import { kindClients } from "./client-kinds";

const clients = {
	cartesian: cartesianClient,
	pie: pieClient,
	plane: planeClient,
	table: tableClient,
	other: otherClient,
	map: mapClient,
	chart: chartClient,
	overlay: overlayClient,
	embed: loaderScript,
} as const;
export type ClientName = keyof typeof clients;

const clientNames = Object.keys(clients).join("|");
const clientPathPattern = new RegExp(`^/_client/(${clientNames})(?:\\.([0-9a-f]{16}))?\\.js$`);

const hashes = new Map<ClientName, Promise<string>>();

/** The first 16 hex digits of the SHA-256 of a client's content, computed once per isolate. */
function contentHash(name: ClientName): Promise<string> {
	let hash = hashes.get(name);
	if (!hash) {
		hash = sha256Hex(clients[name]).then((hex) => hex.slice(0, 16));
		hashes.set(name, hash);
	}
	return hash;
}

/** The hashed path of a client below the embed base. */
export async function hashedClientPath(name: ClientName): Promise<string> {
	return `/_client/${name}.${await contentHash(name)}.js`;
}

/** The client a published page of this kind loads, as a hashed path below the embed base. */
export function clientPath(kind: ChartKind): Promise<string> {
	return hashedClientPath(kindClients[kind]);
}

export interface ClientScript {
	body: string;
	etag: string;
	/** Whether the path named this very content, so it may be cached for good. */
	immutable: boolean;
}

/** The script for a path below the embed base, or null if it names none. */
export async function clientScript(path: string): Promise<ClientScript | null> {
	// `/embed.js` is the loader's stable address (D39); the publish response names its hashed one.
	const match = clientPathPattern.exec(path === "/embed.js" ? "/_client/embed.js" : path);
	if (!match) return null;
	const name = match[1] as ClientName;
	const hash = await contentHash(name);
	return { body: clients[name], etag: `"${name}-${hash}"`, immutable: match[2] === hash };
}
