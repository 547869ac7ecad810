/**
 * The SVG exporter: a standalone, valid SVG with `<title>` and `<desc>`.
 */
import type { Exporter } from "./exporters";
import { renderWarnings } from "./option";
import { renderInputFor } from "./prepare";
import { renderSvg } from "./svg";

export const svgExporter: Exporter = async (chart, options, services) => {
	const input = await renderInputFor(services, chart, options);
	return { body: renderSvg(input), contentType: "image/svg+xml; charset=utf-8", extension: "svg", warnings: renderWarnings(input) };
};
