/**
 * The SVG exporter: a standalone, valid SVG with `<title>` and `<desc>`.
 */
import type { Exporter } from "./exporters";
import { renderInputFor } from "./prepare";
import { renderSvg } from "./svg";

export const svgExporter: Exporter = async (chart, options, services) => ({
	body: renderSvg(await renderInputFor(services, chart, options)),
	contentType: "image/svg+xml; charset=utf-8",
	extension: "svg",
});
