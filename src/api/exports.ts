/**
 * `GET /v1/charts/{id}/export/{format}` (docs/contract.md#section-4-1, docs/design.md#d16, #d37). The format is checked before
 * anything else is spent; the export itself (read → key → cache → draw) is
 * `src/services/export.ts`. Here the request becomes its arguments and its result a response: a
 * client holding the file's `ETag` gets 304, a file stored gzipped goes out as stored or
 * decompressed, whichever the client accepts.
 */
import { z } from "zod";
import { ApiError } from "../api-error";
import type { ChartRecord } from "../domain/chart";
import { notModified } from "../domain/conditional-requests";
import { gunzipStream } from "../formats/gzip";
import { acceptsGzip } from "../http/content-encoding";
import { defineRoute } from "../http/route";
import type { DrawingFormat, ExportFormat } from "../render/exporters";
import { contentDisposition, ExportOptions, exportFormats, isDrawingFormat } from "../render/exporters";
import { warningsHeaderValue } from "../render/warnings-header";
import { exportCsv, exportDrawing, storedGzipped } from "../services/export";
import type { CachedExport } from "../services/export-cache";

const { shape } = ExportOptions;
/** The export options with what each means, for the OpenAPI document. */
const ExportQuery = ExportOptions.extend({
	scale: shape.scale.describe("PNG only: pixels per CSS pixel, 1–4 (default 2); w·h·scale² at most 16 megapixels"),
	w: shape.w.describe("Width in CSS pixels, 100–4000 (default: the chart's meta.w)"),
	h: shape.h.describe("Height in CSS pixels, 100–4000 (default: the chart's meta.h)"),
	mode: shape.mode.describe("Draw in light or dark (default: the chart's meta.mode)"),
	transparent: shape.transparent.describe("true draws no background (PNG, SVG and PDF)"),
});

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

/**
 * A drawn file is an authenticated download whose bytes never change under its ETag: `private`
 * keeps shared caches out, `no-cache` has the client revalidate every time, which costs one
 * 304 and shows a changed chart at once (its key, hence its ETag, is new).
 */
const drawnCacheControl = "private, no-cache";

/** What every answer about a drawn file carries, 304 included (RFC 9110 §15.4.5). */
function validatorHeaders(format: DrawingFormat, etag: string): Record<string, string> {
	return { ETag: etag, "Cache-Control": drawnCacheControl, ...(storedGzipped(format) ? { Vary: "Accept-Encoding" } : {}) };
}

/**
 * A drawn file's answer. A file stored gzipped (SVG) goes out as stored to a client that accepts
 * gzip, and decompressed to one that does not. Both carry the key's `ETag`, as D37 has it: they
 * are the same file, and `Vary` keeps caches from mixing them up.
 */
function drawnResponse(
	request: Request,
	chart: ChartRecord,
	format: DrawingFormat,
	etag: string,
	file: CachedExport,
	warnings: readonly string[],
): Response {
	const warningsHeader = warningsHeaderValue(warnings);
	const gzipped = file.encoding === "gzip";
	const sendGzipped = gzipped && acceptsGzip(request);
	const body = gzipped && !sendGzipped ? gunzipStream(file.body) : file.body;
	return new Response(body, {
		headers: {
			"Content-Type": file.contentType,
			"Content-Disposition": contentDisposition(chart.name, format),
			...validatorHeaders(format, etag),
			...(sendGzipped ? { "Content-Encoding": "gzip" } : {}),
			...(warningsHeader ? { "X-Render-Warnings": warningsHeader } : {}),
		},
		// Sent as stored: the runtime must not compress it again.
		...(sendGzipped ? { encodeBody: "manual" as const } : {}),
	});
}

/** What each format is answered as (the exporters set these `Content-Type`s; the document lists them). */
const exportMediaTypes = Object.values({
	png: "image/png",
	svg: "image/svg+xml",
	pdf: "application/pdf",
	csv: "text/csv",
} as const satisfies Record<ExportFormat, string>);

/** "png, svg, pdf or csv". */
const formatNames = `${exportFormats.slice(0, -1).join(", ")} or ${exportFormats.at(-1)}`;

export const exportChartRoute = defineRoute({
	method: "GET",
	path: "/v1/charts/:id/export/:format",
	readOnly: true,
	tag: "Exports",
	summary: "Export a chart as PNG, SVG, PDF or CSV",
	description:
		"Renders the chart as it stands, synchronously. At most two exports render at once across the service; a further one gets 503 `export_busy` with `Retry-After: 5`. Options: `scale` (PNG, 1–4, default 2; w·h·scale² at most 16 megapixels), `w`/`h` (100–4000 px), `mode`, `transparent`. What a drawing leaves out or cannot show is listed in `X-Render-Warnings`: each warning percent-encoded, joined with `; `, at most 1 KiB, ending with `(+N more)` when some are cut. PNG, SVG and PDF answers carry `ETag` (a hash of everything the file is drawn from) and `Cache-Control: private, no-cache`; `If-None-Match` with that ETag answers 304, and a file drawn before from the same inputs is answered from the cache without waiting for an export slot.",
	access: "chart:read",
	query: ExportQuery,
	params: { format: z.enum(exportFormats).describe(`${formatNames} (any other answers 422 invalid_format)`) },
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
			const holds = (key: string) => notModified(request, `"${key}"`);
			const exported = await exportDrawing(services, caller, id, format, query, { holds, admitted });
			const etag = `"${exported.key}"`;
			if (!exported.file) return new Response(null, { status: 304, headers: validatorHeaders(format, etag) });
			// A client without gzip is answered from the drawn bytes, when there are any, not by undoing the compression.
			const file =
				exported.uncompressed && !acceptsGzip(request) ? { ...exported.file, body: exported.uncompressed, encoding: null } : exported.file;
			return drawnResponse(request, exported.chart, format, etag, file, exported.warnings);
		}
		const { chart, file } = await exportCsv(services, caller, id);
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
