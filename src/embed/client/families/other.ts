/**
 * The kinds readers meet less often (candlestick, treemap, sankey, boxplot, heatmap,
 * themeriver, radar), together in one client: each is rare enough that one more bundle per
 * kind would buy little.
 */
import {
	BarChart,
	BoxplotChart,
	CandlestickChart,
	HeatmapChart,
	RadarChart,
	SankeyChart,
	ThemeRiverChart,
	TreemapChart,
} from "echarts/charts";
import {
	CalendarComponent,
	GridComponent,
	MarkAreaComponent,
	MarkLineComponent,
	MarkPointComponent,
	RadarComponent,
	SingleAxisComponent,
	VisualMapComponent,
} from "echarts/components";
// Label layout hides overlapping axis labels and animates value labels (a bar race's counting
// values); "echarts/core" alone does not carry it into a bundle.
import { LabelLayout } from "echarts/features";
import { candlestickOption } from "../../../render/kinds/cartesian";
import { boxplotOption, heatmapOption, radarOption, themeriverOption } from "../../../render/kinds/distribution";
import { sankeyOption, treemapOption } from "../../../render/kinds/part-to-whole";
import { withSettings } from "../../../render/settings";
import type { ClientFamily } from "./family";
import { commonParts } from "./family";

export const otherFamily: ClientFamily = {
	parts: [
		...commonParts,
		LabelLayout,
		BarChart,
		BoxplotChart,
		CandlestickChart,
		HeatmapChart,
		RadarChart,
		SankeyChart,
		ThemeRiverChart,
		TreemapChart,
		CalendarComponent,
		GridComponent,
		MarkAreaComponent,
		MarkLineComponent,
		MarkPointComponent,
		RadarComponent,
		SingleAxisComponent,
		VisualMapComponent,
	],
	builders: {
		candlestick: withSettings(candlestickOption),
		treemap: withSettings(treemapOption),
		sankey: withSettings(sankeyOption),
		boxplot: withSettings(boxplotOption),
		heatmap: withSettings(heatmapOption),
		themeriver: withSettings(themeriverOption),
		radar: withSettings(radarOption),
	},
};
