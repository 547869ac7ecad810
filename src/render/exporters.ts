/**
 * Export formats (spec §4.1) and the exporter each one uses. An exporter turns a chart with
 * data into a file.
 */
import { z } from "zod";
import type { ChartRecord } from "../domain/chart";
import type { Services } from "../http/context";
import { csvExporter } from "./csv";
import { pngExporter } from "./png-exporter";
import { svgExporter } from "./svg-exporter";

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
	/** Problems the file still shows (e.g. glyphs no bundled font has), sent as `X-Render-Warnings`. */
	warnings?: string[];
}

export type Exporter = (chart: ChartRecord, options: ExportOptions, services: Services) => Promise<ExportFile>;

/** pdf arrives with the rest of the rendering issue. */
export const exporters: Partial<Record<ExportFormat, Exporter>> = { csv: csvExporter, svg: svgExporter, png: pngExporter };

/** Drawing formats take an export slot; CSV only writes data out and never waits for one. */
export function needsRenderSlot(format: ExportFormat): boolean {
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
