/**
 * `export_chart`: the API's export (src/services/export.ts, called directly, charged, scoped and
 * gated as the route is), answered so a chat can show it. PNG and SVG come back as an
 * image a chat shows inline, drawn at the chart's own size (scale 1: 800 px wide by default)
 * rather than the download's 2×, which would only cost the conversation's context. SVG is not an
 * image type chat clients show (MCP image content is for raster images models read), so an SVG
 * export answers its PNG preview plus the SVG itself as an embedded file; PDF and CSV answer the
 * file embedded. Every answer names the file's URL at full size, to fetch with the same key.
 */

import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { ApiError } from "../api-error";
import { requireScope } from "../http/auth";
import type { ExportFormat as Format } from "../render/exporters";
import { ExportOptions } from "../render/exporters";
import { exportCsv, exportDrawing, exportedBytes } from "../services/export";
import { ToolFailure } from "./api-bridge";
import { guarded, toolResult } from "./results";
import { ChartId, ExportFormat, ExportOutput } from "./schemas";
import type { ToolContext } from "./tool-context";
import { hints, type ToolRegistry } from "./tool-registry";

type Content = CallToolResult["content"][number];

const exportPath = "/v1/charts/:id/export/:format";

/** Larger files are not put into the conversation: the result names their URL instead. */
export const maxEmbeddedBytes = 2 * 1024 * 1024;

const pngSignature = [0x89, 0x50, 0x4e, 0x47];

function base64(bytes: Uint8Array): string {
	let binary = "";
	for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
	return btoa(binary);
}

/** A PNG's size from its IHDR chunk (bytes 16–23), or null for anything that is not a PNG. */
export function pngSize(bytes: Uint8Array): { width: number; height: number } | null {
	if (bytes.length < 24 || pngSignature.some((byte, i) => bytes[i] !== byte)) return null;
	const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
	return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** Runs a service call, a refusal answered as the API would: its code, message, status and `Retry-After` (a busy renderer's). */
async function asTheApiAnswers<T>(run: () => Promise<T> | T): Promise<T> {
	try {
		return await run();
	} catch (error) {
		if (!(error instanceof ApiError)) throw error;
		const retryAfter = Number(error.headers["Retry-After"]);
		throw new ToolFailure(error.code, error.message, error.status, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null);
	}
}

interface Fetched {
	bytes: Uint8Array;
	contentType: string;
	warnings: string[];
}

export function registerExportTool(tools: ToolRegistry, { bridge, requestId, services, caller, charge }: ToolContext): void {
	/** The file from the export service: the cache's when drawn before, else drawn in an export slot (the tool call was charged already). */
	async function exportFile(id: string, format: Format, options: ExportOptions): Promise<Fetched> {
		if (format === "csv") {
			const { file } = await exportCsv(services, caller, id);
			const bytes = new Uint8Array(await new Response(file.body).arrayBuffer());
			return { bytes, contentType: file.contentType, warnings: file.warnings ?? [] };
		}
		const exported = await exportDrawing(services, caller, id, format, options, {
			holds: () => false,
			admitted: () => Promise.resolve(),
		});
		return {
			bytes: await exportedBytes(exported),
			contentType: exported.file?.contentType ?? "application/octet-stream",
			warnings: exported.warnings,
		};
	}

	/** The chat-sized PNG as image content, or a sentence saying why it is not shown. */
	function imageOf(png: Uint8Array): { content: Content[]; note: string } {
		const size = pngSize(png);
		const dimensions = size ? `${size.width}×${size.height} px` : "PNG";
		if (png.byteLength > maxEmbeddedBytes) {
			return { content: [], note: `The preview (${dimensions}) is too large to show here; fetch the URL.` };
		}
		return { content: [{ type: "image", data: base64(png), mimeType: "image/png" }], note: `Shown here at ${dimensions}.` };
	}

	tools.registerTool(
		"export_chart",
		{
			title: "Export a chart",
			description:
				"The chart as a file with its URL. png: shown in the chat (show every new or changed chart); svg: the image plus SVG; pdf; csv: the data.",
			inputSchema: { id: ChartId, format: ExportFormat, mode: ExportOptions.shape.mode },
			outputSchema: ExportOutput,
			annotations: hints.readOnly,
		},
		({ id, format, mode }) =>
			guarded(requestId, async () => {
				const url = bridge.url(exportPath, { id, format }, { mode });
				// One request of the account's limit, whatever the call draws, then the route's scope: in the API's order.
				await charge();
				await asTheApiAnswers(() => requireScope(caller, "chart:read"));
				const modeOption = mode ? { mode } : {};
				const fetchExport = (fileFormat: Format, options: ExportOptions) =>
					asTheApiAnswers(() => exportFile(id, fileFormat, { ...modeOption, ...options }));
				const where = `The file at full size: ${url} (GET it with the same API key).`;
				let file: Fetched;
				let content: Content[];
				let text: string;
				if (format === "png") {
					file = await fetchExport("png", { scale: 1 });
					const image = imageOf(file.bytes);
					content = image.content;
					text = `PNG of chart ${id}. ${image.note} ${where}`;
				} else if (format === "svg") {
					file = await fetchExport("svg", {});
					const image = imageOf((await fetchExport("png", { scale: 1 })).bytes);
					const svg = file.bytes.byteLength <= maxEmbeddedBytes ? new TextDecoder().decode(file.bytes) : null;
					content = [
						...image.content,
						...(svg === null ? [] : [{ type: "resource" as const, resource: { uri: url, mimeType: "image/svg+xml", text: svg } }]),
					];
					text = `SVG of chart ${id}, ${file.bytes.byteLength} bytes${svg === null ? " (too large to include; fetch the URL)" : ", included as a file"}. The PNG preview: ${image.note} ${where}`;
				} else {
					file = await fetchExport(format, {});
					const embedded = file.bytes.byteLength <= maxEmbeddedBytes;
					const resource =
						format === "csv"
							? { uri: url, mimeType: file.contentType, text: new TextDecoder().decode(file.bytes) }
							: { uri: url, mimeType: file.contentType, blob: base64(file.bytes) };
					content = embedded ? [{ type: "resource", resource }] : [];
					const label = format === "csv" ? "CSV of the data of" : "PDF of";
					text = `${label} chart ${id}, ${file.bytes.byteLength} bytes${embedded ? ", included as a file" : " (too large to include; fetch the URL)"}. ${where}`;
				}
				const embedded = content.some((part) => part.type === "resource") || (format === "png" && content.length > 0);
				const warnings = file.warnings.length > 0 ? ` Warnings: ${file.warnings.join("; ")}.` : "";
				const structured = {
					id,
					format,
					url,
					contentType: file.contentType,
					bytes: file.bytes.byteLength,
					embedded,
					warnings: file.warnings,
				};
				return toolResult(`${text}${warnings}`, structured, content);
			}),
	);
}
