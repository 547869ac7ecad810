/** Pie (and donut) charts. */
import { PieChart } from "echarts/charts";
import { pieOption } from "../../../render/kinds/part-to-whole";
import { withSettings } from "../../../render/settings";
import type { ClientFamily } from "./family";
import { commonParts } from "./family";

export const pieFamily: ClientFamily = {
	parts: [...commonParts, PieChart],
	builders: { pie: withSettings(pieOption) },
};
