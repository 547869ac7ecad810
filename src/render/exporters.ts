/**
 * Export formats (docs/contract.md#section-4-1), their options and what an exporter answers. A drawing exporter
 * turns a prepared `RenderInput` into a file and does no I/O (`drawing-exporters.ts` names the one
 * each format uses); CSV writes the chart's data out as it is.
 */
import { z } from "zod";
import type { RenderInput } from "./input";

export const exportFormats = ["png", "svg", "pdf", "csv"] as const;
export type ExportFormat = (typeof exportFormats)[number];
export type DrawingFormat = Exclude<ExportFormat, "csv">;

/** Export options (docs/design.md#d16), as query parameters. */
export const ExportOptions = z.object({
	scale: z.coerce.number().int("must be a whole number").min(1, "must be 1 to 4").max(4, "must be 1 to 4").optional(),
	w: z.coerce.number().min(100, "must be 100 to 4000").max(4000, "must be 100 to 4000").optional(),
	h: z.coerce.number().min(100, "must be 100 to 4000").max(4000, "must be 100 to 4000").optional(),
	mode: z.enum(["light", "dark"], { error: 'must be "light" or "dark"' }).optional(),
	transparent: z.enum(["true", "false"], { error: 'must be "true" or "false"' }).optional(),
});
export type ExportOptions = z.infer<typeof ExportOptions>;

export interface ExportFile {
	body: BodyInit;
	contentType: string;
	extension: string;
	/** Problems the file still shows (e.g. glyphs no bundled font has), sent as `X-Render-Warnings`. */
	warnings?: string[];
}

/**
 * A drawing's options resolved, every default applied: src/services/export-options.ts decides
 * them, in one place, and an exporter applies no default of its own.
 */
export interface DrawingOptions {
	format: DrawingFormat;
	width: number;
	height: number;
	/** PNG's pixels per CSS pixel; null for SVG and PDF, which have none (so `?scale=` does not split their files). */
	scale: number | null;
	mode: "light" | "dark";
	/** No background. */
	transparent: boolean;
}

export type DrawingExporter = (input: RenderInput, options: DrawingOptions) => Promise<ExportFile>;

/** Drawing formats take an export slot; CSV only writes data out and never waits for one. */
export function isDrawingFormat(format: ExportFormat): format is DrawingFormat {
	return format !== "csv";
}

/** A file name from the chart's name: lowercase words joined by dashes. */
export function fileSlug(name: string): string {
	const slug = name
		.normalize("NFKD")
		.replace(/[\u0300-\u036f]/g, "")
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, "-")
		.replace(/^-+|-+$/g, "")
		.slice(0, 80)
		.replace(/-+$/, "");
	return slug || "chart";
}

/** A name in any script: letters and digits of every alphabet, joined by dashes. */
function unicodeSlug(name: string): string {
	return name
		.normalize("NFC")
		.toLowerCase()
		.replace(/[^\p{L}\p{N}]+/gu, "-")
		.replace(/^-+|-+$/g, "")
		.slice(0, 80);
}

/** `attachment` with an ASCII file name, plus the full Unicode one (RFC 6266) when they differ. */
export function contentDisposition(chartName: string, extension: string): string {
	const ascii = `${fileSlug(chartName)}.${extension}`;
	const unicode = `${unicodeSlug(chartName) || "chart"}.${extension}`;
	return unicode === ascii
		? `attachment; filename="${ascii}"`
		: `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(unicode)}`;
}
