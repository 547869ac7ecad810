/** Scatter and the range family (dot, range, arrow: custom-drawn marks on x/y axes). */
import { CustomChart, ScatterChart } from "echarts/charts";
import { GridComponent, MarkAreaComponent, MarkLineComponent, MarkPointComponent } from "echarts/components";
import { rangeFamilyOption, scatterOption } from "../../../render/kinds/plane";
import { withSettings } from "../../../render/settings";
import type { ClientFamily } from "./family";
import { commonParts } from "./family";

const rangeFamily = withSettings(rangeFamilyOption);

export const planeFamily: ClientFamily = {
	parts: [...commonParts, ScatterChart, CustomChart, GridComponent, MarkLineComponent, MarkAreaComponent, MarkPointComponent],
	builders: { scatter: withSettings(scatterOption), dot: rangeFamily, range: rangeFamily, arrow: rangeFamily },
};
