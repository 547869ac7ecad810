/**
 * A chart's data: from library statistics (resolved again whenever it is read, so charts show
 * current values) or from own CSV (parsed once, stored as a content-addressed dataset in R2).
 * The chart row keeps the series names, so reading a chart never reads its data.
 */
import type { ChartSnapshot } from "../domain/chart";
import { projectDataset } from "../domain/column-roles";
import type { TableReading as Reading } from "../domain/column-roles-auto";
import { readTable } from "../domain/column-roles-auto";
import type { Dataset } from "../domain/dataset";
import { parseStoredDataset } from "../domain/dataset";
import { inDrawingOrder } from "../domain/drawing-order";
import { sha256Hex } from "../domain/ids";
import type { ChartKind } from "../domain/kinds";
import { seriesForLayout } from "../domain/layouts";
import type { SeriesReference } from "../domain/series";
import { readDayMonthDates } from "../domain/table-dates";
import { resolveReferences, statisticsDataset } from "../library/resolve";
import type { Services } from "../request-services";

export type ChartData = Pick<ChartSnapshot, "seriesNames" | "columnRoles" | "dataBlobKey" | "hasData">;

export const noData: ChartData = { seriesNames: [], columnRoles: null, dataBlobKey: null, hasData: false };

/** Stores a dataset under the hash of its content: identical data shares one object. */
export async function storeDataset(services: Services, dataset: Dataset): Promise<string> {
	const body = JSON.stringify(dataset);
	const key = `data/${await sha256Hex(body)}.json`;
	if (!(await services.blobs.head(key))) {
		await services.blobs.put(key, body, { httpMetadata: { contentType: "application/json" } });
	}
	return key;
}

/** The dataset stored under `key`, or null when no blob is stored there (any more). */
export async function findStoredDataset(services: Services, key: string): Promise<Dataset | null> {
	const object = await services.blobs.get(key);
	return object ? parseStoredDataset(await object.json()) : null;
}

async function loadStoredDataset(services: Services, key: string): Promise<Dataset> {
	const dataset = await findStoredDataset(services, key);
	if (!dataset) throw new Error(`data blob ${key} is missing`);
	return dataset;
}

type StoredData = ChartData & { dataBlobKey: string };

/** The chart data a dataset gives, read for the kind with the chart's column roles (given or chosen). */
function tableData(kind: ChartKind, dataset: Dataset, meta: Reading): Omit<StoredData, "dataBlobKey"> {
	const { seriesNames, roles } = readTable(kind, dataset, meta);
	return { seriesNames, columnRoles: roles, hasData: true };
}

/** Reads a parsed dataset for the kind, then stores it as it came (data that does not fit is never stored). */
export async function dataFromDataset(services: Services, kind: ChartKind, dataset: Dataset, meta: Reading): Promise<StoredData> {
	const data = tableData(kind, dataset, meta);
	return { ...data, dataBlobKey: await storeDataset(services, dataset) };
}

/** Reads a dataset already stored under `dataBlobKey` for the kind (a queued redraw's: no second look in R2). */
export function dataOfStoredDataset(kind: ChartKind, dataset: Dataset, meta: Reading, dataBlobKey: string): StoredData {
	return { ...tableData(kind, dataset, meta), dataBlobKey };
}

/** Resolves series references and checks the aligned table against the kind's layout (statistics are drawn as they are aligned). */
export async function dataFromReferences(services: Services, kind: ChartKind, references: readonly SeriesReference[]): Promise<ChartData> {
	if (references.length === 0) return noData;
	const dataset = await statisticsDataset(services.d1, await resolveReferences(services.d1, references));
	return { seriesNames: seriesForLayout(kind, dataset, { fromStatistics: true }), columnRoles: null, dataBlobKey: null, hasData: true };
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

/** Reads existing data again for a new kind or new column roles (PATCH): series names and roles may change. */
export async function dataForKind(services: Services, chart: ChartSnapshot, kind: ChartKind, meta: Reading): Promise<ChartData> {
	const dataset = await datasetOf(services, chart);
	const kept = { seriesNames: chart.seriesNames, columnRoles: chart.columnRoles, dataBlobKey: chart.dataBlobKey, hasData: chart.hasData };
	if (!dataset) return kept;
	if (chart.seriesRefs.length > 0) return { ...kept, seriesNames: seriesForLayout(kind, dataset, { fromStatistics: true }) };
	const { seriesNames, roles } = readTable(kind, dataset, meta);
	return { ...kept, seriesNames, columnRoles: roles, hasData: true };
}

/**
 * What a chart draws of its dataset: the projection its column roles make, in the order it draws
 * the rows (a line's periods in order: drawing-order.ts); the table as stored when it has none
 * (statistics, or data written before roles).
 */
export function drawnDataset(chart: Pick<ChartSnapshot, "kind" | "columnRoles" | "meta">, dataset: Dataset): Dataset {
	if (!chart.columnRoles) return dataset;
	return inDrawingOrder(chart.kind, projectDataset(chart.kind, readDayMonthDates(dataset, chart.meta.dateOrder), chart.columnRoles));
}
