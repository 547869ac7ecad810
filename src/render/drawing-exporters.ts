/**
 * The exporter each drawing format uses. Apart from `exporters.ts`, which the exporters import
 * for their type, so that the two never import each other.
 */

import type { DrawingExporter, DrawingFormat, DrawingOptions, ExportFile } from "./exporters";
import type { RenderInput } from "./input";
import { pdfExporter } from "./pdf-exporter";
import { pngExporter } from "./png-exporter";
import { svgExporter } from "./svg-exporter";

const drawingExporters: Record<DrawingFormat, DrawingExporter> = { svg: svgExporter, png: pngExporter, pdf: pdfExporter };

/** The file of `options.format`, drawn from `input` with the options as resolved. */
export function drawFile(input: RenderInput, options: DrawingOptions): Promise<ExportFile> {
	return drawingExporters[options.format](input, options);
}
