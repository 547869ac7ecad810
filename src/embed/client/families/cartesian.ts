/** Line (and area), bar (and bar race) and small multiples: x/y axes with annotations. */
import { BarChart, LineChart } from "echarts/charts";
import { GridComponent, MarkAreaComponent, MarkLineComponent, MarkPointComponent } from "echarts/components";
// Label layout hides overlapping axis labels and animates value labels (a bar race's counting
// values); "echarts/core" alone does not carry it into a bundle.
import { LabelLayout } from "echarts/features";
import { barOption, lineOption, multiplesOption } from "../../../render/kinds/cartesian";
import { withSettings } from "../../../render/settings";
import type { ClientFamily } from "./family";
import { commonParts } from "./family";

export const cartesianFamily: ClientFamily = {
	parts: [...commonParts, LabelLayout, LineChart, BarChart, GridComponent, MarkLineComponent, MarkAreaComponent, MarkPointComponent],
	builders: { line: withSettings(lineOption), "horizontal-bar": withSettings(barOption), multiples: withSettings(multiplesOption) },
};
