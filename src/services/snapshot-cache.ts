/**
 * Publish's snapshot files through the export cache (docs/design.md#d37): a snapshot's files
 * are kept once more under their content key, `exports/<chart>/<key>.snapshot/<file>`, and a
 * publish whose key is there takes them from it without drawing anything and without taking an
 * export slot (so republishing an unchanged chart succeeds while both slots are busy). The key
 * covers everything the files hold: what the drawings depend on (as for an export), the chart's
 * name (the page's title), the embed host and the client the page names. Deleting the chart
 * removes these with its other cached exports (one `exports/<chart>/` prefix).
 */
import type { ChartRecord } from "../domain/chart";
import { sha256Hex } from "../domain/ids";
import { clientPath, hashedClientPath } from "../embed/clients";
import type { SnapshotFile, SnapshotFiles } from "../embed/snapshot-files";
import { snapshotFiles } from "../embed/snapshot-files";
import { rendererBuild } from "../render/renderer-build";
import type { Services } from "../request-services";
import { exportCachePrefix } from "./export-cache";
import type { ExportMaterials } from "./export-key";
import { canonicalJson } from "./export-key";

/** The content key of the snapshot a chart would publish now, from what its drawing is made of. */
export async function snapshotContentKey(services: Services, chart: ChartRecord, materials: ExportMaterials): Promise<string> {
	return sha256Hex(
		canonicalJson({
			// Bumped whenever what publish writes changes beyond the drawings and the client: the page's
			// layout or tips.json (2: the overlay's tips, and both modes in one drawing; 3: the page's h1,
			// and a table drawn as tall as its rows).
			snapshot: 3,
			renderer: rendererBuild,
			kind: chart.kind,
			name: chart.name,
			dataset: materials.datasetHash,
			seriesNames: chart.seriesNames,
			columnRoles: chart.columnRoles ?? null,
			fromStatistics: chart.seriesRefs.length > 0,
			// A linked chart's page watches for redraws.
			linked: Boolean(chart.dataSource),
			meta: chart.meta,
			theme: materials.theme,
			fonts: materials.fonts.map((font) => font.id),
			embedBase: services.config.embedBase,
			// The page names one of these: the overlay where it can make the drawing interactive, else the kind's.
			client: [hashedClientPath("overlay"), clientPath(chart.kind)],
		}),
	);
}

function cachedPath(chartId: string, key: string, file: SnapshotFile): string {
	return `${exportCachePrefix}${chartId}/${key}.snapshot/${snapshotFiles[file].key}`;
}

/** The page goes last when storing, so a cached page means every file before it is there. */
const storeOrder: SnapshotFile[] = ["chart.svg", "preview.png", "data.json", "data.csv", "tips.json", ""];
/** Files only some snapshots have: `data.csv` when linked, `tips.json` for the overlay's kinds. */
const optionalFiles: ReadonlySet<SnapshotFile> = new Set(["data.csv", "tips.json"]);

/**
 * The cached snapshot under `key`, its page as text (publish reads the fonts it names), or null
 * when there is none or a file of it is gone (the caller then draws it afresh).
 */
export async function readCachedSnapshot(services: Services, chartId: string, key: string): Promise<SnapshotFiles | null> {
	if (!(await services.blobs.head(cachedPath(chartId, key, "")))) return null;
	const found = await Promise.all(
		storeOrder.map(async (file) => {
			const object = await services.blobs.get(cachedPath(chartId, key, file));
			if (!object) return { file, body: null };
			return { file, body: file === "" ? await object.text() : new Uint8Array(await object.arrayBuffer()) };
		}),
	);
	// A missing file that every snapshot has means a partial entry: draw afresh.
	if (found.some(({ file, body }) => body === null && !optionalFiles.has(file))) return null;
	const files: SnapshotFiles = {};
	for (const { file, body } of found) if (body !== null) files[file] = body;
	return files;
}

/** Keeps a freshly drawn snapshot's files under its key. A failed write is logged: the publish itself goes on. */
export async function storeSnapshotInCache(services: Services, chartId: string, key: string, files: SnapshotFiles): Promise<void> {
	try {
		for (const file of storeOrder) {
			const body = files[file];
			if (body === undefined) continue;
			await services.blobs.put(cachedPath(chartId, key, file), body, { httpMetadata: { contentType: snapshotFiles[file].contentType } });
		}
	} catch (error) {
		console.error(`storing the cached snapshot ${key} of ${chartId} failed`, error);
	}
}
