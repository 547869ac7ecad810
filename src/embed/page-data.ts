/**
 * What the public `{embedUrl}data.json` holds: exactly what the embed page's client needs to draw
 * the chart again, and nothing more. Anyone with the link can read it, so `meta` is rebuilt from
 * an allow-list of the fields the option builders read (`src/render`), never copied: a field the
 * chart does not draw (editor state, anything unknown) cannot leak.
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
	// The chart settings; `description` is the hydrated chart's accessible description.
	"description",
	"notes",
	"byline",
	"sourceUrl",
	"locale",
	"numberFormat",
	"axes",
	"seriesStyle",
	"highlight",
	"labels",
	"legend",
	"annotations",
	"colorScale",
	"race",
	"table",
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
 * Kinds that find their series by name (`visibleSeries`, or the table's hidden-column filter),
 * so a hidden series' column can be left out without moving any other column. The other kinds
 * read columns by position and keep their dataset whole.
 */
const kindsDrawingSeriesByName = new Set<RenderInput["kind"]>([
	"line",
	"horizontal-bar",
	"themeriver",
	"multiples",
	"radar",
	"pie",
	"map",
	"dot",
	"range",
	"arrow",
	"table",
]);

/**
 * The page's render input. Rows stay whole: D25 sends the full data to `data.json` (the client
 * downsamples for its own width). Hidden series are not drawn, so they are left out where the
 * kind allows (hiding is then more than a view: the published data does not carry them).
 */
export function pageData(input: RenderInput): RenderInput {
	const meta = drawnMeta(input.meta);
	const hidden = new Set(
		kindsDrawingSeriesByName.has(input.kind) ? input.seriesNames.filter((name) => input.meta.seriesTransform?.[name]?.hidden === true) : [],
	);
	if (hidden.size > 0 && meta.seriesTransform) {
		meta.seriesTransform = Object.fromEntries(Object.entries(meta.seriesTransform).filter(([name]) => !hidden.has(name)));
	}
	return {
		kind: input.kind,
		dataset:
			hidden.size === 0
				? input.dataset
				: { ...input.dataset, columns: input.dataset.columns.filter((c, i) => i === 0 || !hidden.has(c.name)) },
		// "Get the data" offers the whole table, less the series hidden from the drawing.
		...(input.table ? { table: { columns: input.table.columns.filter((c) => !hidden.has(c.name)) } } : {}),
		seriesNames: input.seriesNames.filter((name) => !hidden.has(name)),
		meta,
		theme: input.theme,
		mode: input.mode,
		width: input.width,
		height: input.height,
		transparent: input.transparent,
		fromStatistics: input.fromStatistics,
	};
}
