/**
 * ECharts with every chart type and component the option builders use, registered explicitly
 * (production builds drop the warning a missing one would give), and the SVG renderer. Used by
 * the server renderer and the console's preview; the embed page's clients register only their
 * kind family's share of these (src/embed/client/families/).
 */
import {
	BarChart,
	BoxplotChart,
	CandlestickChart,
	CustomChart,
	HeatmapChart,
	LineChart,
	MapChart,
	PieChart,
	RadarChart,
	SankeyChart,
	ScatterChart,
	ThemeRiverChart,
	TreemapChart,
} from "echarts/charts";
import {
	CalendarComponent,
	GeoComponent,
	GraphicComponent,
	GridComponent,
	LegendComponent,
	MarkAreaComponent,
	MarkLineComponent,
	MarkPointComponent,
	RadarComponent,
	SingleAxisComponent,
	TitleComponent,
	TooltipComponent,
	VisualMapComponent,
} from "echarts/components";
import * as echarts from "echarts/core";
// Label layout animates value labels (a bar race's counting values); "echarts/core" alone does not
// carry it into a bundle.
import { LabelLayout } from "echarts/features";
import { SVGRenderer } from "echarts/renderers";

echarts.use([
	BarChart,
	BoxplotChart,
	CandlestickChart,
	CustomChart,
	HeatmapChart,
	LineChart,
	MapChart,
	PieChart,
	RadarChart,
	SankeyChart,
	ScatterChart,
	ThemeRiverChart,
	TreemapChart,
	CalendarComponent,
	GeoComponent,
	GraphicComponent,
	GridComponent,
	LegendComponent,
	MarkAreaComponent,
	MarkLineComponent,
	MarkPointComponent,
	RadarComponent,
	SingleAxisComponent,
	TitleComponent,
	TooltipComponent,
	VisualMapComponent,
	LabelLayout,
	SVGRenderer,
]);

export { echarts };
