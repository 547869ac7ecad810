/**
 * Tables: drawn as graphics (rows of text) under the frame's title, so no chart type, legend
 * (tables show none), tooltip (graphics show none) or label layout: the lightest client.
 */
import { GraphicComponent, TitleComponent } from "echarts/components";
import { SVGRenderer } from "echarts/renderers";
import { tableOption } from "../../../render/kinds/table";
import { withSettings } from "../../../render/settings";
import type { ClientFamily } from "./family";

export const tableFamily: ClientFamily = {
	parts: [TitleComponent, GraphicComponent, SVGRenderer],
	builders: { table: withSettings(tableOption) },
	undrawn: ["tooltip"],
};
