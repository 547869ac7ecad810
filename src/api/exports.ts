/**
 * `GET /v1/charts/{id}/export/{format}` (spec §4.1, DESIGN D16). The format is checked before
 * anything else is spent, then the options and the PNG pixel budget (D25); the chart's data
 * and theme are read before an export slot is taken, and the slot is held only while the file
 * renders.
 */
import { z } from "zod";
import type { ChartRecord } from "../domain/chart";
import { ApiError } from "../http/errors";
import { defineRoute } from "../http/route";
import { csvFile } from "../render/csv";
import type { ExportFile, ExportFormat } from "../render/exporters";
import { contentDisposition, drawingExporters, ExportOptions, exportFormats, isDrawingFormat } from "../render/exporters";
import { defaultPngScale, drawingSize, largestPngScale, maxPngPixels, pngBudgetProblem } from "../render/pixel-budget";
import { warningsHeaderValue } from "../render/warnings-header";
import { datasetOf } from "../services/chart-data";
import { loadChart } from "../services/chart-writes";
import type { Services } from "../services/context";
import { renderInputFor } from "../services/render-input";
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

async function csvExport(services: Services, chart: ChartRecord): Promise<ExportFile> {
	const dataset = await datasetOf(services, chart);
	if (!dataset) throw new Error(`chart ${chart.id} has no dataset`);
	return csvFile({ dataset, seriesNames: chart.seriesNames, meta: chart.meta });
}

export const exportChartRoute = defineRoute({
	method: "GET",
	path: "/v1/charts/:id/export/:format",
	tag: "Exports",
	summary: "Export a chart as PNG, SVG, PDF or CSV",
	description:
		"Renders the chart as it stands, synchronously. At most two exports render at once across the service; a further one gets 503 `export_busy` with `Retry-After: 5`. Options: `scale` (PNG, 1–4, default 2; w·h·scale² at most 16 megapixels), `w`/`h` (100–4000 px), `mode`, `transparent`. What a drawing leaves out or cannot show is listed in `X-Render-Warnings`: each warning percent-encoded, joined with `; `, at most 1 KiB, ending with `(+N more)` when some are cut.",
	access: "chart:read",
	query: ExportOptions,
	body: { type: "none" },
	responses: {
		200: {
			description: "The file, as an attachment: image/png, image/svg+xml, application/pdf or text/csv",
			contentType: "application/octet-stream",
			schema: z.string().meta({ format: "binary" }),
		},
	},
	errors: ["invalid_format", "not_found", "invalid_data", "export_busy"],
	async handler({ params, query, services, caller }) {
		const format = parseFormat(params.format);
		const chart = await loadChart(services, caller, params.id as string);
		if (!chart.hasData) {
			throw new ApiError(
				"invalid_data",
				`Chart ${chart.id} has no data yet, so there is nothing to export. Create it with series or data, or load data with PUT /v1/charts/${chart.id}/data.`,
			);
		}
		let file: ExportFile;
		if (isDrawingFormat(format)) {
			if (format === "png") checkPngBudget(chart, query);
			const input = await renderInputFor(services, chart, query);
			file = await renderInExportSlot(services.exportSlots, () => drawingExporters[format](input, query));
		} else {
			file = await csvExport(services, chart);
		}
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
