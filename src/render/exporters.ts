/**
 * Export formats (spec §4.1) and the exporter each one uses. An exporter turns a chart with
 * data into a file. Exports need data, and until the data issue lands no chart has any
 * (`hasData` stays false), so the export route answers 422 `invalid_data` before it would
 * reach a format without an exporter.
 */
import { z } from "zod";
import type { ChartRecord } from "../domain/chart";
import type { Services } from "../http/context";

export const exportFormats = ["png", "svg", "pdf", "csv"] as const;
export type ExportFormat = (typeof exportFormats)[number];

/** Export options (DESIGN D16), as query parameters. */
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
}

export type Exporter = (chart: ChartRecord, options: ExportOptions, services: Services) => Promise<ExportFile>;

/** Filled in by the data issue (csv) and the rendering issue (png, svg, pdf). */
export const exporters: Partial<Record<ExportFormat, Exporter>> = {};

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
