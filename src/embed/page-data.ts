/**
 * What the public `{embedUrl}data.json` holds: exactly what the embed page's client needs to draw
 * the chart again, and nothing more. Anyone with the link can read it, so `meta` is rebuilt from
 * an allow-list of the fields the option builders read (`src/render`), never copied: a field the
 * chart does not draw (an internal `notes`, editor state, anything unknown) cannot leak.
 *
 * Keep `drawnMetaFields` in step with `grep -rhoE "meta\.[a-zA-Z]+" src/render` (`theme` is
 * resolved into `input.theme` before drawing, so the id itself is not needed): a field drawn but
 * missing here makes the interactive chart differ from the server's SVG; a field listed but not
 * drawn is a leak.
 */
import type { Meta } from "../domain/meta";
import type { RenderInput } from "../render/input";

export const drawnMetaFields = [
	"title",
	"subtitle",
	"sourceText",
	"mode",
	"w",
	"h",
	"seriesTransform",
	"stack",
	"area",
	"orientation",
	"sort",
	"donut",
	"halfPie",
	"connected",
	"basemap",
	"period",
] as const satisfies readonly (keyof Meta)[];

/** The chart's settings cut down to what the page draws. */
export function drawnMeta(meta: Meta): Meta {
	const drawn: Record<string, unknown> = {};
	for (const field of drawnMetaFields) {
		if (Object.hasOwn(meta, field) && meta[field] !== undefined) drawn[field] = meta[field];
	}
	return drawn as Meta;
}

/**
 * The page's render input. The dataset stays whole: D25 sends the full data to `data.json` (the
 * client downsamples for its own width), and which columns a kind draws is positional per kind.
 */
export function pageData(input: RenderInput): RenderInput {
	return {
		kind: input.kind,
		dataset: input.dataset,
		seriesNames: input.seriesNames,
		meta: drawnMeta(input.meta),
		theme: input.theme,
		mode: input.mode,
		width: input.width,
		height: input.height,
		transparent: input.transparent,
		fromStatistics: input.fromStatistics,
	};
}
