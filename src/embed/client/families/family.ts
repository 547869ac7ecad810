/**
 * A page client family (issue 16, DESIGN D40): the kinds one embed client draws, with only the
 * ECharts parts their options use, so a line chart's reader never downloads sankey or map code.
 * ECharts drops an unregistered part silently in production, so `test/console/embed-clients`
 * checks every family's options against its parts.
 */

import { GraphicComponent, LegendComponent, TitleComponent, TooltipComponent } from "echarts/components";
import type { use } from "echarts/core";
// Label layout animates value labels (a bar race's counting values); "echarts/core" alone does not
// carry it into a bundle.
import { LabelLayout } from "echarts/features";
import { SVGRenderer } from "echarts/renderers";
import type { ChartKind } from "../../../domain/kinds";
import type { OptionBuilder } from "../../../render/kinds";

export type EChartsParts = Exclude<Parameters<typeof use>[0], unknown[]>[];

export interface ClientFamily {
	/** The ECharts charts, components, features and renderer the family's options need. */
	parts: EChartsParts;
	builders: Partial<Record<ChartKind, OptionBuilder>>;
}

/** What every drawn chart may have: a title, a legend, tooltips, the footer's graphics, labels. */
export const commonParts: EChartsParts = [TitleComponent, LegendComponent, TooltipComponent, GraphicComponent, LabelLayout, SVGRenderer];
