/**
 * A published snapshot's files in R2, immutable per chart version: `embeds/<chart>/v<version>/`
 * holds the page, the SVG, a PNG preview for link unfurls and the data the page's client draws
 * from. Publishing writes them (`src/services/publish.ts`); the embed host serves the version the
 * chart row's `published_version` names (`serve.ts`), so republishing switches every embedding
 * page at once.
 */
import { sha256Hex } from "../domain/ids";

export const snapshotFiles = {
	"": { key: "index.html", contentType: "text/html; charset=utf-8" },
	"chart.svg": { key: "chart.svg", contentType: "image/svg+xml; charset=utf-8" },
	"preview.png": { key: "preview.png", contentType: "image/png" },
	"data.json": { key: "data.json", contentType: "application/json" },
	// Only when `meta.embed.dataLink` is on: the "Get the data" link's CSV.
	"data.csv": { key: "data.csv", contentType: "text/csv; charset=utf-8" },
	// Only for the kinds the overlay client makes interactive: its tooltips and marks (tips/model.ts).
	"tips.json": { key: "tips.json", contentType: "application/json" },
} as const;
export type SnapshotFile = keyof typeof snapshotFiles;

/** A snapshot's files by name, as stored. */
export type SnapshotFiles = Partial<Record<SnapshotFile, string | Uint8Array>>;

export function snapshotKey(chartId: string, version: number, file: SnapshotFile): string {
	return `embeds/${chartId}/v${version}/${snapshotFiles[file].key}`;
}

/** Where every snapshot of a chart is kept, for its delete. */
export function snapshotsPrefix(chartId: string): string {
	return `embeds/${chartId}/`;
}

/** The first 16 hex digits of a `tips.json`'s SHA-256: its page names it by them (`tips.json?h=…`). */
export async function tipsHash(tipsJson: string): Promise<string> {
	return (await sha256Hex(tipsJson)).slice(0, 16);
}
