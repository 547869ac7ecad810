/**
 * Own datasets kept per isolate by content hash for the export path: a chart exported again
 * after an edit of its title or settings (a cache miss) draws from memory instead of reading
 * and parsing its dataset from R2 again. The hash names the content, so an entry can never be
 * stale. Only small datasets are kept, within a small budget, because a Worker isolate has
 * 128 MB and a large chart's drawing needs that room far more than a cache does.
 */
import type { ChartRecord } from "../domain/chart";
import type { Dataset } from "../domain/dataset";
import { parseStoredDataset } from "../domain/dataset";
import type { Services } from "../request-services";
import { ByteLru } from "./byte-lru";
import type { ExportMaterials } from "./export-key";

/**
 * Keyed by content hash and sized by the stored JSON: at most 1 MiB a dataset (about 10,000 rows
 * of a few columns), 4 MiB in all, least recently used out first.
 */
const keptLimits = { maxEntryBytes: 1 << 20, budgetBytes: 4 << 20 };
const kept = new ByteLru<{ dataset: Dataset; bytes: number }>(keptLimits, (entry) => entry.bytes);

/** A shared dataset must never be changed by a drawing: freezing makes a mistake throw instead. */
function freezeDataset(dataset: Dataset): Dataset {
	for (const column of dataset.columns) {
		Object.freeze(column.values);
		Object.freeze(column);
	}
	Object.freeze(dataset.columns);
	return Object.freeze(dataset);
}

/** The dataset a missed export draws from: already resolved (statistics), kept, or read from R2 and kept. */
export async function exportDataset(services: Services, chart: ChartRecord, materials: ExportMaterials): Promise<Dataset> {
	if (materials.dataset) return materials.dataset;
	const hit = kept.get(materials.datasetHash);
	if (hit) return hit.dataset;
	const object = chart.dataBlobKey ? await services.blobs.get(chart.dataBlobKey) : null;
	if (!object) throw new Error(`chart ${chart.id}: data blob ${chart.dataBlobKey} is missing`);
	const text = await object.text();
	const dataset = parseStoredDataset(JSON.parse(text));
	// Only a kept dataset is shared between drawings, so only it is frozen.
	if (text.length <= keptLimits.maxEntryBytes) kept.set(materials.datasetHash, { dataset: freezeDataset(dataset), bytes: text.length });
	return dataset;
}
