/**
 * A page client family (docs/design.md#d40): the kinds one embed client draws, with only the
 * ECharts parts their options use, so a line chart's reader never downloads sankey or map code.
 * ECharts drops an unregistered part silently in production, so `test/node/console/embed-clients`
 * checks every family's options against its parts.
 */

import { GraphicComponent, LegendComponent, TitleComponent, TooltipComponent } from "echarts/components";
import type { use } from "echarts/core";
import { SVGRenderer } from "echarts/renderers";
import type { ChartKind } from "../../../domain/kinds";
import type { OptionBuilder } from "../../../render/kinds";

export type EChartsParts = Exclude<Parameters<typeof use>[0], unknown[]>[];

export interface ClientFamily {
	/** The ECharts charts, components, features and renderer the family's options need. */
	parts: EChartsParts;
	builders: Partial<Record<ChartKind, OptionBuilder>>;
	/**
	 * Components the family's options name but knowingly leaves undrawn (a table's tooltip: its
	 * cells are graphics, which show none), so their code stays out of the bundle.
	 */
	undrawn?: string[];
}

/** What every drawn chart may have: a title, a legend, tooltips, the footer's graphics. */
export const commonParts: EChartsParts = [TitleComponent, LegendComponent, TooltipComponent, GraphicComponent, SVGRenderer];
