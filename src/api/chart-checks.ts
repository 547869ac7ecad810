/**
 * `GET /v1/charts/{id}/checks`: the accessibility warnings of a chart's own colours,
 * the same findings the editor shows beside its preview (domain/color-checks*.ts). The options
 * are built by the renderer's own builders in light and dark, nothing is drawn; the builders are
 * imported on first use, like the exports' renderer, so other routes do not load them.
 */
import { z } from "zod";
import { ApiError } from "../api-error";
import type { ChartRecord } from "../domain/chart";
import { colorChecksOf } from "../domain/color-checks-chart";
import { json } from "../http/respond";
import { defineRoute } from "../http/route";
import type { Services } from "../request-services";
import { datasetOf } from "../services/chart-data";
import { readChartForDrawing } from "../services/drawing-reads";
import { resolveDrawingOptions } from "../services/export-options";
import { renderInput, themeFor } from "../services/render-input";

const Mode = z.enum(["light", "dark"]);

export const ColorCheck = z
	.object({
		id: z.string().meta({
			description:
				"Stable: `contrast:<mode>:series:<series>`, `contrast:<mode>:text:<colour>:<minimum>`, `cvd:<series>:<series>` (two colours a colour-blind reader confuses) or `same:<series>:<series>` (two series in one colour); slices and highlighted categories as `<series>/<category>`",
		}),
		level: z.literal("warning"),
		modes: z.array(Mode).meta({ description: "The modes the problem shows in" }),
		message: z.string(),
		colors: z.array(z.string()).meta({ description: "The colours concerned, foreground first" }),
		suggestion: z
			.object({
				series: z.string().meta({ description: "The series to recolour: set `meta.seriesStyle[series].color`" }),
				color: z.string().meta({
					description:
						"A colour that passes on both backgrounds and stays apart from every other series, the other suggestions of the answer taken",
				}),
			})
			.optional()
			.meta({ description: "A fix the chart can make itself; absent when the colour is the theme's (text) or no colour fits" }),
	})
	.meta({ id: "ColorCheck", description: "An accessibility warning about a chart's colours; checks never block saving or publishing" });

export const ChartChecks = z
	.object({
		checks: z.array(ColorCheck).meta({ description: "Light-mode problems first; empty when there is nothing to warn about" }),
	})
	.meta({ id: "ChartChecks" });

async function checksOf(services: Services, chart: ChartRecord, themes: Parameters<typeof themeFor>[2]) {
	const [dataset, theme] = await Promise.all([datasetOf(services, chart), themeFor(services, chart, themes)]);
	if (!dataset) throw new Error(`chart ${chart.id} has data but no dataset`);
	const { chartOption } = await import("../render/option");
	return colorChecksOf({ meta: chart.meta, seriesNames: chart.seriesNames, theme }, (mode) =>
		chartOption(renderInput(chart, resolveDrawingOptions(chart, "svg", { mode }), dataset, theme)),
	);
}

export const chartChecksRoute = defineRoute({
	method: "GET",
	path: "/v1/charts/:id/checks",
	readOnly: true,
	tag: "Charts",
	summary: "Check a chart's colours",
	description:
		"The chart's drawn colours checked in light and dark: every series, label and annotation against the background (WCAG 2.x: 3:1 for marks and lines, 4.5:1 for text), every pair of series under protanopia, deuteranopia and tritanopia (CIEDE2000 below 10), and two series in the same colour. The same checks as the editor's. A series' warning carries a suggested colour, distinct from every other suggestion and series; text colours come from the theme.",
	access: "chart:read",
	body: { type: "none" },
	responses: { 200: { description: "The chart's colour warnings", schema: ChartChecks } },
	errors: ["not_found", "invalid_data"],
	async handler({ services, caller, params }) {
		const { chart, themes } = await readChartForDrawing(services, caller, params.id as string);
		if (!chart.hasData) {
			throw new ApiError(
				"invalid_data",
				`Chart ${chart.id} has no data yet, so nothing is drawn to check. Load data with PUT /v1/charts/${chart.id}/data.`,
			);
		}
		return json({ checks: await checksOf(services, chart, themes) });
	},
});
