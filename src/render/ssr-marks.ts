/**
 * Which series each drawn element belongs to, written into the SVG as `ecmeta_*` attributes, so
 * the embed page's light client can hide a series the reader toggles off in the
 * server's own drawing. ECharts' server-side mode writes them only for elements with a data
 * index (a line's symbols, a bar, a legend item), not for a line's path, an area or a label:
 * this getter adds those, taking a label's series from the element it labels.
 */
import { getECData } from "echarts/lib/util/innerStore.js";
import type { HashMap } from "zrender/lib/core/util.js";
import { createHashMap } from "zrender/lib/core/util.js";
import type Element from "zrender/lib/Element.js";
import { registerSSRDataGetter } from "zrender/lib/zrender.js";

const markerTypes: ReadonlySet<string> = new Set(["markLine", "markArea", "markPoint"]);

function seriesMeta(element: Element): HashMap<string | number> | undefined {
	const host = element.__hostTarget ?? element;
	const data = getECData(host);
	// Nothing to write: the element belongs to no series (an axis, the title), or is an annotation
	// (a markLine, markArea or markPoint), which stays when its series is hidden.
	if (data.seriesIndex == null || markerTypes.has(data.dataModel?.mainType ?? "")) return undefined;
	const meta = createHashMap<string | number>();
	meta.set("series_index", data.seriesIndex);
	if (data.dataIndex != null) meta.set("data_index", data.dataIndex);
	// A label (or anything else ECharts did not mark) of a series' shape counts as the chart's.
	meta.set("ssr_type", data.ssrType ?? "chart");
	return meta;
}

/** Call after `echarts.init(…, { ssr: true })`, which registers ECharts' own, narrower getter. */
export function markSeriesInSvg(): void {
	// zrender's type says a map; its painter takes undefined (as ECharts' own getter answers) for
	// an element with nothing to write, and then writes none of the `ecmeta_*` attributes.
	registerSSRDataGetter(seriesMeta as (element: Element) => HashMap<string | number>);
}
