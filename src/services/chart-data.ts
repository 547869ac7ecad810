/**
 * A chart's data: from library statistics (resolved again whenever it is read, so charts show
 * current values) or from own CSV (parsed once, stored as a content-addressed dataset in R2).
 * The chart row keeps the series names, so reading a chart never reads its data.
 */
import type { ChartSnapshot } from "../domain/chart";
import { parseCsv } from "../domain/csv-parse";
import type { Dataset } from "../domain/dataset";
import { parseStoredDataset } from "../domain/dataset";
import { sha256Hex } from "../domain/ids";
import type { ChartKind } from "../domain/kinds";
import { seriesForLayout } from "../domain/layouts";
import type { SeriesReference } from "../domain/series";
import { resolveReferences, statisticsDataset } from "../library/resolve";
import type { Services } from "../request-services";

export type ChartData = Pick<ChartSnapshot, "seriesNames" | "dataBlobKey" | "hasData">;

export const noData: ChartData = { seriesNames: [], dataBlobKey: null, hasData: false };

/** Stores a dataset under the hash of its content: identical data shares one object. */
export async function storeDataset(services: Services, dataset: Dataset): Promise<string> {
	const body = JSON.stringify(dataset);
	const key = `data/${await sha256Hex(body)}.json`;
	if (!(await services.blobs.head(key))) {
		await services.blobs.put(key, body, { httpMetadata: { contentType: "application/json" } });
	}
	return key;
}

async function loadStoredDataset(services: Services, key: string): Promise<Dataset> {
	const object = await services.blobs.get(key);
	if (!object) throw new Error(`data blob ${key} is missing`);
	return parseStoredDataset(await object.json());
}

/** Checks a parsed dataset against the kind's layout, and stores it. */
export async function dataFromDataset(services: Services, kind: ChartKind, dataset: Dataset): Promise<ChartData> {
	const seriesNames = seriesForLayout(kind, dataset);
	return { seriesNames, dataBlobKey: await storeDataset(services, dataset), hasData: true };
}

/** Parses own CSV, checks it against the kind's layout, and stores it. */
export function dataFromCsv(services: Services, kind: ChartKind, csv: string): Promise<ChartData> {
	return dataFromDataset(services, kind, parseCsv(csv));
}

/** Resolves series references and checks the aligned table against the kind's layout. */
export async function dataFromReferences(services: Services, kind: ChartKind, references: readonly SeriesReference[]): Promise<ChartData> {
	if (references.length === 0) return noData;
	const dataset = await statisticsDataset(services.d1, await resolveReferences(services.d1, references));
	return { seriesNames: seriesForLayout(kind, dataset), dataBlobKey: null, hasData: true };
}

/** The chart's current dataset, or null when it has none. */
export async function datasetOf(
	services: Services,
	chart: Pick<ChartSnapshot, "seriesRefs" | "dataBlobKey" | "hasData">,
): Promise<Dataset | null> {
	if (!chart.hasData) return null;
	if (chart.seriesRefs.length > 0) return statisticsDataset(services.d1, await resolveReferences(services.d1, chart.seriesRefs));
	return chart.dataBlobKey ? loadStoredDataset(services, chart.dataBlobKey) : null;
}

/** Re-checks existing data against a new kind (PATCH kind): series names may change. */
export async function dataForKind(services: Services, chart: ChartSnapshot, kind: ChartKind): Promise<ChartData> {
	const dataset = await datasetOf(services, chart);
	if (!dataset) return { seriesNames: chart.seriesNames, dataBlobKey: chart.dataBlobKey, hasData: chart.hasData };
	return { seriesNames: seriesForLayout(kind, dataset), dataBlobKey: chart.dataBlobKey, hasData: true };
}
