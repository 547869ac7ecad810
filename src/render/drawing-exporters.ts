/**
 * The exporter each drawing format uses. Apart from `exporters.ts`, which the exporters import
 * for their type, so that the two never import each other.
 */
import type { DrawingExporter, DrawingFormat } from "./exporters";
import { pdfExporter } from "./pdf-exporter";
import { pngExporter } from "./png-exporter";
import { svgExporter } from "./svg-exporter";

export const drawingExporters: Record<DrawingFormat, DrawingExporter> = { svg: svgExporter, png: pngExporter, pdf: pdfExporter };
