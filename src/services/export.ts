/**
 * Exporting a chart (docs/contract.md#section-4-1, docs/design.md#d16, #d37), in one place: read the chart with what its
 * drawing needs → key the file by the hash of its inputs → answer from the export cache → or draw
 * it in an export slot and keep it. The route (`src/api/exports.ts`) parses the request and turns
 * the result into a response: 304, the file gzipped or not, its headers.
 */
import { ApiError } from "../api-error";
import type { Actor } from "../domain/caller";
import type { ChartRecord } from "../domain/chart";
import { gunzipStream, gzip } from "../formats/gzip";
import { csvFile } from "../render/csv";
import type { DrawingFormat, ExportFile, ExportOptions } from "../render/exporters";
import { largestPngScale, maxPngPixels, pngBudgetProblem } from "../render/pixel-budget";
import { warningsHeaderValue, warningsOfHeaderValue } from "../render/warnings-header";
import type { Services } from "../request-services";
import { datasetOf } from "./chart-data";
import { loadChart } from "./chart-writes";
import { readChartForDrawing } from "./drawing-reads";
import type { CachedExport } from "./export-cache";
import { cachedExportPath, readCachedExport, storeCachedExport } from "./export-cache";
import { exportDataset } from "./export-datasets";
import { exportKey, exportMaterials } from "./export-key";
import type { DrawingOptions } from "./export-options";
import { resolveDrawingOptions } from "./export-options";
import { renderInExportSlot } from "./export-slot";
import { renderInput } from "./render-input";
import { loadRenderFonts } from "./theme-fonts";

/** What the export needs to know of the request it answers. */
export interface ExportRequest {
	/** Whether the client already holds the file with this key (`If-None-Match`): then nothing more is read. */
	holds(key: string): boolean;
	/** Resolves once the rate limit has admitted the request: a miss waits for it before it takes a slot and stores a file. */
	admitted(): Promise<void>;
}

export interface DrawingExport {
	chart: ChartRecord;
	/** The hash of everything the file is drawn from: the same key, the same bytes. */
	key: string;
	/** The file, cached or drawn now; null when the client already holds it. */
	file: CachedExport | null;
	/** A file stored gzipped that was drawn just now, uncompressed: a client without gzip gets these bytes rather than the compression undone. */
	uncompressed: Uint8Array | null;
	/** What the file leaves out or cannot show, as its first drawing found; none when the client already holds the file. */
	warnings: string[];
}

/** Text formats are stored gzipped (`src/formats/gzip.ts`); PNG and PDF are compressed already. */
export const storedGzipped = (format: DrawingFormat) => format === "svg";

function requireData(chart: ChartRecord): void {
	if (!chart.hasData) {
		throw new ApiError(
			"invalid_data",
			`Chart ${chart.id} has no data yet, so there is nothing to export. Create it with series or data, or load data with PUT /v1/charts/${chart.id}/data.`,
		);
	}
}

/** 422 before any work when the PNG would be past the pixel budget (D25); the message names the scale that fits. */
function checkPngBudget({ width, height, scale }: DrawingOptions): void {
	if (scale === null) return;
	const size = { width, height };
	const problem = pngBudgetProblem(size, scale);
	if (problem)
		throw new ApiError("invalid_query", problem, { path: "scale", maxPixels: maxPngPixels, largestScale: largestPngScale(size) });
}

/** A PNG, SVG or PDF of the chart: known to the client already, from the export cache, or drawn in an export slot and cached. */
export async function exportDrawing(
	services: Services,
	actor: Actor,
	chartId: string,
	format: DrawingFormat,
	/** The query's export options, resolved here against the chart, once. */
	query: ExportOptions,
	request: ExportRequest,
): Promise<DrawingExport> {
	// A drawing's key names its theme and the theme's uploaded fonts: they are read in one batch
	// with the chart, so a cache hit costs that one round trip. A deleted chart is still 404
	// before any cache is looked at.
	const { chart, ...preread } = await readChartForDrawing(services, actor, chartId);
	requireData(chart);
	const options = resolveDrawingOptions(chart, format, query);
	checkPngBudget(options);
	const materials = await exportMaterials(services, chart, preread);
	const key = await exportKey(chart, options, materials);
	// The key names the bytes, so a client that holds it needs nothing, not even an R2 read.
	if (request.holds(key)) return { chart, key, file: null, uncompressed: null, warnings: [] };
	const path = cachedExportPath(chart.id, key, format);
	const cached = await readCachedExport(services, path);
	if (cached) return { chart, key, file: cached, uncompressed: null, warnings: warningsOfHeaderValue(cached.warnings) };

	await request.admitted();
	// The renderer is loaded by the first drawing, not when the Worker starts.
	const [dataset, { fonts, warnings: fontWarnings }, { drawFile }] = await Promise.all([
		exportDataset(services, chart, materials),
		loadRenderFonts(services, materials.fonts),
		import("../render/drawing-exporters"),
	]);
	const input = renderInput(chart, options, dataset, materials.theme, fonts);
	const file = await renderInExportSlot(services.exportSlots, () => drawFile(input, options));
	const drawn = new Uint8Array(await new Response(file.body).arrayBuffer());
	const warnings = warningsHeaderValue([...fontWarnings, ...(file.warnings ?? [])]);
	// Text is stored compressed once, so no later answer compresses it again.
	const encoding = storedGzipped(format) ? "gzip" : null;
	const stored = { body: encoding ? await gzip(drawn) : drawn, contentType: file.contentType, warnings, encoding } as const;
	await storeCachedExport(services, path, stored);
	// The list as the cache keeps it (a value cut to the header's 1 KiB), so a miss and a hit say the same.
	return { chart, key, file: stored, uncompressed: encoding ? drawn : null, warnings: warningsOfHeaderValue(warnings) };
}

/** A drawn file's bytes, uncompressed, for a caller that takes the file whole rather than as an HTTP body (MCP). */
export async function exportedBytes({ file, uncompressed }: Pick<DrawingExport, "file" | "uncompressed">): Promise<Uint8Array> {
	if (uncompressed) return uncompressed;
	if (!file) throw new Error("no file: the caller said it holds it already");
	const body = file.encoding === "gzip" ? gunzipStream(file.body) : file.body;
	return new Uint8Array(await new Response(body).arrayBuffer());
}

/** The chart's data as CSV: written out without drawing or a slot, cheap enough to answer fresh every time. */
export async function exportCsv(services: Services, actor: Actor, chartId: string): Promise<{ chart: ChartRecord; file: ExportFile }> {
	const chart = await loadChart(services, actor, chartId);
	requireData(chart);
	const dataset = await datasetOf(services, chart);
	if (!dataset) throw new Error(`chart ${chart.id} has no dataset`);
	return { chart, file: csvFile({ dataset, seriesNames: chart.seriesNames, meta: chart.meta }) };
}
