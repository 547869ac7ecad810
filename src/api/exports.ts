/**
 * `GET /v1/charts/{id}/export/{format}` (spec §4.1, DESIGN D16, D37). The format is checked before
 * anything else is spent, then the options and the PNG pixel budget (D25). A drawn file is keyed
 * by the hash of its inputs: a client holding that `ETag` gets 304, a file already in the export
 * cache is answered from R2 without an export slot, and only a miss takes a slot to render.
 */
import { z } from "zod";
import type { ChartRecord } from "../domain/chart";
import { acceptsGzip, gunzipStream, gzip } from "../http/content-encoding";
import { ApiError } from "../http/errors";
import { defineRoute } from "../http/route";
import { csvFile } from "../render/csv";
import type { DrawingFormat, ExportFile, ExportFormat } from "../render/exporters";
import { contentDisposition, drawingExporters, ExportOptions, exportFormats, isDrawingFormat } from "../render/exporters";
import { defaultPngScale, drawingSize, largestPngScale, maxPngPixels, pngBudgetProblem } from "../render/pixel-budget";
import { warningsHeaderValue } from "../render/warnings-header";
import { datasetOf } from "../services/chart-data";
import { loadChart } from "../services/chart-writes";
import type { Services } from "../services/context";
import type { ChartForDrawing } from "../services/drawing-reads";
import { readChartForDrawing } from "../services/drawing-reads";
import type { CachedExport } from "../services/export-cache";
import { cachedExportPath, readCachedExport, storeCachedExport } from "../services/export-cache";
import { exportDataset } from "../services/export-datasets";
import { exportKey, exportMaterials } from "../services/export-key";
import { loadRenderFonts } from "../services/fonts";
import { renderInputFrom } from "../services/render-input";
import { renderInExportSlot } from "./export-slot";

function parseFormat(raw: string | undefined): ExportFormat {
	const format = (raw ?? "").toLowerCase();
	if (!(exportFormats as readonly string[]).includes(format)) {
		throw new ApiError("invalid_format", `Export format "${raw}" is not one of: ${exportFormats.join(", ")}.`, {
			path: "format",
			allowed: exportFormats,
		});
	}
	return format as ExportFormat;
}

/** 422 before any work when the PNG would be past the pixel budget; the message names the scale that fits. */
function checkPngBudget(chart: ChartRecord, options: ExportOptions): void {
	const size = drawingSize(chart.meta, options);
	const scale = options.scale ?? defaultPngScale;
	const problem = pngBudgetProblem(size, scale);
	if (problem)
		throw new ApiError("invalid_query", problem, { path: "scale", maxPixels: maxPngPixels, largestScale: largestPngScale(size) });
}

/**
 * A drawn file is an authenticated download whose bytes never change under its ETag: `private`
 * keeps shared caches out, `no-cache` has the client revalidate every time, which costs one
 * 304 and shows a changed chart at once (its key, hence its ETag, is new).
 */
const drawnCacheControl = "private, no-cache";

/** Whether `If-None-Match` names `etag` (weak or strong, in a list, or `*`). */
function clientHasCurrent(ifNoneMatch: string | null, etag: string): boolean {
	if (ifNoneMatch === null) return false;
	return ifNoneMatch.split(",").some((tag) => {
		const trimmed = tag.trim();
		return trimmed === "*" || trimmed.replace(/^W\//, "") === etag;
	});
}

/** Text formats, stored gzipped (`src/http/content-encoding.ts`); PNG and PDF are compressed already. */
const storedGzipped = (format: DrawingFormat) => format === "svg";

/** What every answer about a drawn file carries, 304 included (RFC 9110 §15.4.5). */
function validatorHeaders(format: DrawingFormat, etag: string): Record<string, string> {
	return { ETag: etag, "Cache-Control": drawnCacheControl, ...(storedGzipped(format) ? { Vary: "Accept-Encoding" } : {}) };
}

/**
 * A drawn file's answer. A file stored gzipped (SVG) goes out as stored to a client that accepts
 * gzip, and decompressed to one that does not. Both carry the key's `ETag`, as D37 has it: they
 * are the same file, and `Vary` keeps caches from mixing them up.
 */
function drawnResponse(request: Request, chart: ChartRecord, format: DrawingFormat, etag: string, file: CachedExport): Response {
	const gzipped = file.encoding === "gzip";
	const sendGzipped = gzipped && acceptsGzip(request);
	const body = gzipped && !sendGzipped ? gunzipStream(file.body) : file.body;
	return new Response(body, {
		headers: {
			"Content-Type": file.contentType,
			"Content-Disposition": contentDisposition(chart.name, format),
			...validatorHeaders(format, etag),
			...(sendGzipped ? { "Content-Encoding": "gzip" } : {}),
			...(file.warnings ? { "X-Render-Warnings": file.warnings } : {}),
		},
		// Sent as stored: the runtime must not compress it again.
		...(sendGzipped ? { encodeBody: "manual" as const } : {}),
	});
}

/** 304, the cached file, or a fresh render in an export slot that is then cached. */
async function drawnExport(
	services: Services,
	request: Request,
	{ chart, ...preread }: ChartForDrawing,
	format: DrawingFormat,
	options: ExportOptions,
	admitted: () => Promise<void>,
): Promise<Response> {
	const materials = await exportMaterials(services, chart, preread);
	const key = await exportKey(chart, format, options, materials);
	const etag = `"${key}"`;
	// The key names the bytes, so a client that holds it needs nothing, not even an R2 read.
	if (clientHasCurrent(request.headers.get("if-none-match"), etag)) {
		return new Response(null, { status: 304, headers: validatorHeaders(format, etag) });
	}
	const path = cachedExportPath(chart.id, key, format);
	const cached = await readCachedExport(services, path);
	if (cached) return drawnResponse(request, chart, format, etag, cached);

	// A miss takes a slot and stores a file: not before the rate limit has admitted the request.
	await admitted();
	const dataset = await exportDataset(services, chart, materials);
	const { fonts, warnings: fontWarnings } = await loadRenderFonts(services, materials.fonts);
	const input = renderInputFrom(chart, options, dataset, materials.theme, fonts);
	const file = await renderInExportSlot(services.exportSlots, () => drawingExporters[format](input, options));
	const drawn = new Uint8Array(await new Response(file.body).arrayBuffer());
	const warnings = warningsHeaderValue([...fontWarnings, ...(file.warnings ?? [])]);
	// Text is stored compressed once, so no later answer compresses it again.
	const encoding = storedGzipped(format) ? "gzip" : null;
	const stored = { body: encoding ? await gzip(drawn) : drawn, contentType: file.contentType, warnings, encoding } as const;
	await storeCachedExport(services, path, stored);
	// A client without gzip is answered from the drawn bytes, not by undoing the compression.
	return drawnResponse(
		request,
		chart,
		format,
		etag,
		encoding && !acceptsGzip(request) ? { ...stored, body: drawn, encoding: null } : stored,
	);
}

function requireData(chart: ChartRecord): void {
	if (!chart.hasData) {
		throw new ApiError(
			"invalid_data",
			`Chart ${chart.id} has no data yet, so there is nothing to export. Create it with series or data, or load data with PUT /v1/charts/${chart.id}/data.`,
		);
	}
}

async function csvExport(services: Services, chart: ChartRecord): Promise<ExportFile> {
	const dataset = await datasetOf(services, chart);
	if (!dataset) throw new Error(`chart ${chart.id} has no dataset`);
	return csvFile({ dataset, seriesNames: chart.seriesNames, meta: chart.meta });
}

/** What each format is answered as (the exporters set these `Content-Type`s; the document lists them). */
const exportMediaTypes = ["image/png", "image/svg+xml", "application/pdf", "text/csv"] as const;

export const exportChartRoute = defineRoute({
	method: "GET",
	path: "/v1/charts/:id/export/:format",
	readOnly: true,
	tag: "Exports",
	summary: "Export a chart as PNG, SVG, PDF or CSV",
	description:
		"Renders the chart as it stands, synchronously. At most two exports render at once across the service; a further one gets 503 `export_busy` with `Retry-After: 5`. Options: `scale` (PNG, 1–4, default 2; w·h·scale² at most 16 megapixels), `w`/`h` (100–4000 px), `mode`, `transparent`. What a drawing leaves out or cannot show is listed in `X-Render-Warnings`: each warning percent-encoded, joined with `; `, at most 1 KiB, ending with `(+N more)` when some are cut. PNG, SVG and PDF answers carry `ETag` (a hash of everything the file is drawn from) and `Cache-Control: private, no-cache`; `If-None-Match` with that ETag answers 304, and a file drawn before from the same inputs is answered from the cache without waiting for an export slot.",
	access: "chart:read",
	query: ExportOptions,
	params: { format: z.enum(exportFormats).describe("png, svg, pdf or csv (any other answers 422 invalid_format)") },
	body: { type: "none" },
	responses: {
		200: {
			description:
				"The file, as an attachment (`Content-Disposition`), of the format asked for: PNG, SVG (gzipped with `Content-Encoding: gzip` when the client accepts it), PDF or CSV.",
			contentType: exportMediaTypes,
		},
		304: { description: "Not modified: `If-None-Match` named the file's current `ETag` (PNG, SVG and PDF)." },
	},
	errors: ["invalid_format", "not_found", "invalid_data", "export_busy"],
	async handler({ params, query, services, caller, request, admitted }) {
		const format = parseFormat(params.format);
		const id = params.id as string;
		if (isDrawingFormat(format)) {
			// A drawing's key names its theme and the theme's uploaded fonts: they are read in one batch
			// with the chart, so a cache hit costs that one round trip. A deleted chart is still 404
			// before any cache is looked at.
			const drawing = await readChartForDrawing(services, caller, id);
			requireData(drawing.chart);
			if (format === "png") checkPngBudget(drawing.chart, query);
			return drawnExport(services, request, drawing, format, query, admitted);
		}
		const chart = await loadChart(services, caller, id);
		requireData(chart);
		// CSV writes the data out without drawing or a slot: cheap enough to answer fresh every time.
		const file = await csvExport(services, chart);
		const warnings = warningsHeaderValue(file.warnings ?? []);
		return new Response(file.body, {
			headers: {
				"Content-Type": file.contentType,
				"Content-Disposition": contentDisposition(chart.name, file.extension),
				"Cache-Control": "no-store",
				...(warnings ? { "X-Render-Warnings": warnings } : {}),
			},
		});
	},
});

export const exportRoutes = [exportChartRoute];
