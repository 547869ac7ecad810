/**
 * The embed page's client scripts (built by `npm run build:embed` from `src/embed/client/`), as
 * the embed host serves them: `/_client/chart.js` for every kind but maps, `/_client/map.js`
 * for maps (the base maps make it heavier). Each is versioned by an ETag of its content.
 */

import chartClient from "../../dist/embed-client/chart.bundle.txt";
import mapClient from "../../dist/embed-client/map.bundle.txt";
import { sha256Hex } from "../domain/ids";
import type { ChartKind } from "../domain/kinds";

const clients = { chart: chartClient, map: mapClient } as const;
type ClientName = keyof typeof clients;

/** The client a published page of this kind loads, as a path below the embed base. */
export function clientPath(kind: ChartKind): string {
	return `/_client/${kind === "map" ? "map" : "chart"}.js`;
}

const etags = new Map<ClientName, Promise<string>>();

/** The script for a path below the embed base, or null if it names none. */
export async function clientScript(path: string): Promise<{ body: string; etag: string } | null> {
	const name = /^\/_client\/(chart|map)\.js$/.exec(path)?.[1] as ClientName | undefined;
	if (!name) return null;
	const body = clients[name];
	let etag = etags.get(name);
	if (!etag) {
		etag = sha256Hex(body).then((hash) => `"${name}-${hash.slice(0, 16)}"`);
		etags.set(name, etag);
	}
	return { body, etag: await etag };
}
