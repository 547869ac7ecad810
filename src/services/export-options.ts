/**
 * A drawing's options with every default applied, in one place: the query's options win over the
 * chart's settings, which win over the house defaults (800×500, light, PNG at scale 2). The
 * result is the one object the export cache key hashes whole (export-key.ts) and the drawing is
 * made with (render-input.ts), so the two cannot disagree: an option added here is in both.
 */
import type { ChartRecord } from "../domain/chart";
import type { DrawingFormat, DrawingOptions, ExportOptions } from "../render/exporters";
import { defaultPngScale, drawingSize } from "../render/pixel-budget";

export type { DrawingOptions };

/**
 * Light or dark: the query's mode wins over the chart's. A file has one mode, so a chart in
 * `auto` (the reader's scheme, which only the live embed can follow) is drawn light.
 */
function drawingMode(chart: Pick<ChartRecord, "meta">, query: ExportOptions): DrawingOptions["mode"] {
	return query.mode ?? (chart.meta.mode === "dark" ? "dark" : "light");
}

/** `query` (the export's parsed query parameters, or none) resolved against `chart` for a drawing in `format`. */
export function resolveDrawingOptions(chart: Pick<ChartRecord, "meta">, format: DrawingFormat, query: ExportOptions = {}): DrawingOptions {
	const { width, height } = drawingSize(chart.meta, query);
	return {
		format,
		width,
		height,
		scale: format === "png" ? (query.scale ?? defaultPngScale) : null,
		mode: drawingMode(chart, query),
		transparent: query.transparent === "true",
	};
}
