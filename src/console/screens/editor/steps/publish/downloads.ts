/**
 * Downloads through `GET /v1/charts/{id}/export/{format}` (D16): fetched with the session cookie,
 * then saved as a real file through a blob URL and `<a download>`, so a refusal (a PNG past the
 * pixel budget, every export slot busy) can be said in words instead of a broken download.
 */
import type { ExportFormat } from "../../../../../render/exporters";
import { ApiFailure } from "../../../../lib/api";

export type { ExportFormat };

export interface ExportSettings {
	w?: number;
	h?: number;
	scale?: number;
	mode?: "light" | "dark";
	transparent?: boolean;
}

/** The query of D16's options that apply to `format`. */
export function exportQuery(format: ExportFormat, settings: ExportSettings): URLSearchParams {
	const query = new URLSearchParams();
	if (format === "csv") return query;
	if (settings.w) query.set("w", String(settings.w));
	if (settings.h) query.set("h", String(settings.h));
	if (format === "png" && settings.scale) query.set("scale", String(settings.scale));
	if (settings.mode) query.set("mode", settings.mode);
	if (settings.transparent) query.set("transparent", "true");
	return query;
}

export function exportPath(chartId: string, format: ExportFormat, settings: ExportSettings): string {
	const query = exportQuery(format, settings).toString();
	return `/v1/charts/${encodeURIComponent(chartId)}/export/${format}${query ? `?${query}` : ""}`;
}

/** `attachment; filename="seats.png"; filename*=UTF-8''…` → the file's name. */
export function fileNameOf(disposition: string | null, fallback: string): string {
	if (!disposition) return fallback;
	const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
	if (encoded?.[1]) {
		try {
			return decodeURIComponent(encoded[1]);
		} catch {
			// fall through to the plain name
		}
	}
	const plain = /filename="([^"]+)"/i.exec(disposition);
	return plain?.[1] ?? fallback;
}

/** `X-Render-Warnings`: percent-encoded warnings joined with `; `. */
export function warningsOf(header: string | null): string[] {
	if (!header) return [];
	return header
		.split("; ")
		.map((part) => {
			try {
				return decodeURIComponent(part);
			} catch {
				return part;
			}
		})
		.filter(Boolean);
}

async function failureOf(response: Response): Promise<ApiFailure> {
	const retryAfter = Number(response.headers.get("Retry-After")) || null;
	try {
		const body = (await response.json()) as { error?: { code?: string; message?: string; details?: Record<string, unknown> } };
		return new ApiFailure(
			response.status,
			body.error?.code ?? "unknown",
			body.error?.message ?? `The server answered ${response.status}.`,
			body.error?.details,
			retryAfter,
		);
	} catch {
		return new ApiFailure(response.status, "unknown", `The server answered ${response.status}.`, undefined, retryAfter);
	}
}

/** Downloads the file; resolves with the warnings the drawing carries. */
export async function download(
	chartId: string,
	format: ExportFormat,
	settings: ExportSettings,
): Promise<{ name: string; warnings: string[] }> {
	let response: Response;
	try {
		response = await fetch(exportPath(chartId, format, settings), { credentials: "same-origin" });
	} catch {
		throw new ApiFailure(0, "network", "The service could not be reached. Check your connection and try again.", undefined);
	}
	if (!response.ok) throw await failureOf(response);
	const blob = await response.blob();
	const name = fileNameOf(response.headers.get("Content-Disposition"), `chart.${format}`);
	const url = URL.createObjectURL(blob);
	const link = document.createElement("a");
	link.href = url;
	link.download = name;
	link.style.display = "none";
	document.body.append(link);
	link.click();
	link.remove();
	window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
	return { name, warnings: warningsOf(response.headers.get("X-Render-Warnings")) };
}

/** Whether the same request may work a moment later (busy export slots, a dropped connection). */
export function worthRetrying(error: unknown): boolean {
	return error instanceof ApiFailure && (error.status === 503 || error.status === 0 || error.status === 429);
}

/** An export refusal in words a person can act on. */
export function describeExportFailure(error: unknown): string {
	if (error instanceof ApiFailure) {
		if (error.code === "export_busy" || error.status === 503) {
			const wait = error.retryAfter ?? 5;
			return `Other charts are being drawn right now, so this one has to wait. Try again in ${wait} second${wait === 1 ? "" : "s"}.`;
		}
		return error.message;
	}
	return error instanceof Error ? error.message : "The download failed.";
}
