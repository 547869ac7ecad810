/**
 * `GET /v1/charts/{id}/export/{format}` (spec §4.1, DESIGN D16). The format is checked before
 * anything else is spent; an export slot is held only while the file renders.
 */
import { z } from "zod";
import { ApiError } from "../http/errors";
import { defineRoute } from "../http/route";
import type { ExportFormat } from "../render/exporters";
import { contentDisposition, ExportOptions, exporters, exportFormats, needsRenderSlot } from "../render/exporters";
import { loadChart } from "../services/chart-writes";
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

export const exportChartRoute = defineRoute({
	method: "GET",
	path: "/v1/charts/:id/export/:format",
	tag: "Exports",
	summary: "Export a chart as PNG, SVG, PDF or CSV",
	description:
		"Renders the chart as it stands, synchronously. At most two exports render at once across the service; a further one gets 503 `export_busy` with `Retry-After: 5`. Options: `scale` (PNG, 1–4, default 2), `w`/`h` (100–4000 px), `mode`, `transparent`.",
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
		const render = () => exporters[format](chart, query, services);
		const file = needsRenderSlot(format) ? await renderInExportSlot(services.exportSlots, render) : await render();
		return new Response(file.body, {
			headers: {
				"Content-Type": file.contentType,
				"Content-Disposition": contentDisposition(chart.name, file.extension),
				"Cache-Control": "no-store",
				...(file.warnings?.length ? { "X-Render-Warnings": file.warnings.join("; ") } : {}),
			},
		});
	},
});

export const exportRoutes = [exportChartRoute];
