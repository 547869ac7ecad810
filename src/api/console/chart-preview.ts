/**
 * `GET /console/api/charts/{id}/preview`: what the console's editor needs to draw a chart in the
 * page (docs/design.md#d35) — its data resolved to a dataset (statistics included, as an export would
 * see them), its series names and its theme's definition. `?version=n` answers the same for a
 * past version (the history's preview); `?theme=id` resolves another theme, so choosing a theme
 * in the editor previews it before it is saved. Settings are drawn by the page from its own copy
 * of `meta`, so typing never waits for this route.
 */
import { z } from "zod";
import { ApiError } from "../../api-error";
import { findChartVersion } from "../../db/charts";
import { ColumnRoles } from "../../domain/column-roles-schema";
import { Dataset } from "../../domain/dataset";
import { ChartKind } from "../../domain/kinds";
import { StoredMeta } from "../../domain/meta";
import { ThemeDefinition } from "../../domain/themes";
import { json } from "../../http/respond";
import { defineRoute } from "../../http/route";
import { datasetOf, drawnDataset } from "../../services/chart-data";
import { loadChart } from "../../services/chart-writes";
import { themeFor } from "../../services/render-input";

const PreviewQuery = z.object({
	version: z.coerce
		.number()
		.int("must be a whole number")
		.min(1, "versions start at 1")
		.max(Number.MAX_SAFE_INTEGER)
		.optional()
		.meta({ description: "A past version to preview instead of the current chart" }),
	theme: z.string().min(1).max(200).optional().meta({ description: "Draw with this theme instead of the chart's" }),
});

const Preview = z
	.object({
		version: z.number().int(),
		kind: ChartKind,
		meta: StoredMeta,
		seriesNames: z.array(z.string()),
		columnRoles: ColumnRoles.nullable().meta({
			description: "The column roles the chart draws its table with (as `columns` on the chart); null: the table is drawn as it is",
		}),
		fromStatistics: z.boolean(),
		dataset: Dataset.nullable().meta({ description: "The table as stored (every column); null when the chart has no data yet" }),
		drawn: Dataset.nullable().meta({
			description:
				"What the chart draws of the table when its column roles change it (a pivot, fewer columns, dates read); null: the table as it is",
		}),
		theme: ThemeDefinition,
	})
	.meta({ id: "ChartPreview" });

/** The drawn table, or null when it is the stored one (sent once, not twice). */
function drawnOrNull(drawn: Dataset, stored: Dataset): Dataset | null {
	return drawn === stored ? null : drawn;
}

export const chartPreviewRoute = defineRoute({
	method: "GET",
	path: "/console/api/charts/:id/preview",
	tag: "Editor",
	summary: "A chart's data, series and theme for drawing it in the page",
	access: "session",
	query: PreviewQuery,
	body: { type: "none" },
	responses: { 200: { description: "What the editor's preview draws", schema: Preview } },
	errors: ["not_found"],
	async handler({ services, caller, params, query }) {
		const chart = await loadChart(services, caller, params.id as string);
		const version = query.version === undefined ? null : await findChartVersion(services.db, chart.id, query.version);
		if (query.version !== undefined && !version) {
			throw new ApiError("not_found", `Chart ${chart.id} has no version ${query.version}. GET /v1/charts/${chart.id}/versions lists them.`);
		}
		const state = version ? version.snapshot : chart;
		const meta = query.theme === undefined ? state.meta : { ...state.meta, theme: query.theme };
		const [dataset, theme] = await Promise.all([datasetOf(services, state), themeFor(services, { ...chart, meta })]);
		return json(
			{
				version: version ? version.version : chart.version,
				kind: state.kind,
				meta: state.meta,
				seriesNames: state.seriesNames,
				columnRoles: state.columnRoles ?? null,
				fromStatistics: state.seriesRefs.length > 0,
				dataset,
				drawn: dataset ? drawnOrNull(drawnDataset(state, dataset), dataset) : null,
				theme,
			},
			200,
			{ "Cache-Control": "no-store" },
		);
	},
});
