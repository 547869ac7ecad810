/**
 * Which series each drawn element belongs to, written into the SVG as `ecmeta_*` attributes, so
 * the embed page's light client (issue 16) can hide a series the reader toggles off in the
 * server's own drawing. ECharts' server-side mode writes them only for elements with a data
 * index (a line's symbols, a bar, a legend item), not for a line's path, an area or a label:
 * this getter adds those, taking a label's series from the element it labels.
 */
import { getECData } from "echarts/lib/util/innerStore.js";
import type { HashMap } from "zrender/lib/core/util.js";
import { createHashMap } from "zrender/lib/core/util.js";
import type Element from "zrender/lib/Element.js";
import { registerSSRDataGetter } from "zrender/lib/zrender.js";

function seriesMeta(element: Element): HashMap<string | number> {
	const host = element.__hostTarget ?? element;
	const data = getECData(host);
	const meta = createHashMap<string | number>();
	// An empty map writes nothing: the element belongs to no series (an axis, the title).
	if (data.seriesIndex == null) return meta;
	meta.set("series_index", data.seriesIndex);
	if (data.dataIndex != null) meta.set("data_index", data.dataIndex);
	// A label (or anything else ECharts did not mark) of a series' shape counts as the chart's.
	meta.set("ssr_type", data.ssrType ?? "chart");
	return meta;
}

/** Call after `echarts.init(…, { ssr: true })`, which registers ECharts' own, narrower getter. */
export function markSeriesInSvg(): void {
	registerSSRDataGetter(seriesMeta);
}
