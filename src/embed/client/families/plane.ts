/** Scatter and the range family (dot, range, arrow: custom-drawn marks on x/y axes). */
import { CustomChart, ScatterChart } from "echarts/charts";
import { GridComponent, MarkAreaComponent, MarkLineComponent, MarkPointComponent } from "echarts/components";
// Label layout hides overlapping axis labels and animates value labels (a bar race's counting
// values); "echarts/core" alone does not carry it into a bundle.
import { LabelLayout } from "echarts/features";
import { rangeFamilyOption, scatterOption } from "../../../render/kinds/plane";
import { withSettings } from "../../../render/settings";
import type { ClientFamily } from "./family";
import { commonParts } from "./family";

const rangeFamily = withSettings(rangeFamilyOption);

export const planeFamily: ClientFamily = {
	parts: [...commonParts, LabelLayout, ScatterChart, CustomChart, GridComponent, MarkLineComponent, MarkAreaComponent, MarkPointComponent],
	builders: { scatter: withSettings(scatterOption), dot: rangeFamily, range: rangeFamily, arrow: rangeFamily },
};
