/**
 * The tools' input and output schemas, built from the zod schemas the API validates with
 * (src/api/schemas.ts, the domain's), with descriptions written for a model. Two choices keep
 * the tool list small enough for a model's context: `meta` lists its common settings and points
 * to `get_settings_schema` for the rest (the whole settings schema is 15 KB), and a chart's `meta`
 * in an output is a plain object. The API still validates every setting of every call.
 */
import { z } from "zod";
import { dataRoutes } from "../api/data";
import { publishRoute } from "../api/publish";
import { Chart, ChartCreated, ChartList, ChartWriteReceipt, Deleted, FolderList, ThemeList } from "../api/schemas";
import { ColumnRoles } from "../domain/column-roles-schema";
import { idPattern, idShapeProblem, type PathIdKind } from "../domain/ids";
import { ChartKind } from "../domain/kinds";
import { layoutDescriptions } from "../domain/layouts";
import { Meta, MetaPatch } from "../domain/meta";
import { SeriesReferences } from "../domain/series";
import type { Route } from "../http/route";

/** A string of the id's shape (the pattern goes into the tool's JSON Schema, so a client can check it too). */
function idOf(kind: PathIdKind) {
	return z.string().regex(new RegExp(idPattern(kind)), { error: (issue) => idShapeProblem(kind, String(issue.input)) ?? undefined });
}

export const ChartId = idOf("chart").describe("The chart's id (ch_…), as create_chart or list_charts answer it");

export const FolderId = idOf("folder").nullable().describe("A folder's id (fd_…) from list_folders; null for no folder");

export const KindInput = ChartKind.describe(
	"Chart type. line: line/area, stacked (meta.stack), the default; horizontal-bar: bars and columns (meta.orientation), stacked, grouped; pie: pie, donut, half-pie; scatter: scatter/bubble; themeriver: streamgraph; multiples: small multiples; map: world or US states choropleth; dot, range, arrow: dot/range/arrow plots; candlestick: OHLC; heatmap: heatmap or calendar; treemap; sankey; boxplot; radar; table: a data table.",
);

const layoutLines = Object.entries(layoutDescriptions)
	.map(([kind, layout]) => `${kind}: ${layout}`)
	.join("; ");

export const DataInput = z
	.string()
	.describe(
		`Your own data as CSV text with a header row (comma, semicolon or tab separated; decimal commas are read), instead of rows or series. Any table: say which column plays which role in \`columns\`, or leave it out and the roles are chosen from the columns' types. Without columns a table in a kind's own layout draws as it is: ${layoutLines}. Example for line: "year,China,India\\n2000,71.4,62.9\\n2010,74.9,66.7".`,
	);

/** The most rows a tool call may carry: what a CSV may hold. */
const maxRows = 200_000;

export const RowsInput = z
	.array(z.record(z.string().max(300), z.union([z.string(), z.number(), z.boolean(), z.null()])))
	.min(1)
	.max(maxRows)
	.describe(
		'Your own data as JSON rows, instead of data (CSV) or series: one object per row, the columns its keys, e.g. [{"country":"China","year":2007,"lifeExp":72.961}, …]. Tidy (long) rows are fine: name the roles in columns.',
	);

export const ColumnsInput = ColumnRoles.describe(
	'Which column plays which role (meta.columns), by column name: line/bar/dot/radar/themeriver/multiples { x, y (one or more) } or tidy { x, y, series }; pie { label, value }; map { region, value }; treemap { path, value }; scatter { x, y, size?, label?, group? }; heatmap { x, y, value } or { date, value }; sankey { source, target, value }; boxplot { group, value } or { group, min, q1, median, q3, max }; candlestick { date, open, high, low, close, volume? }; table { show }. E.g. {"x":"gdpPercap","y":"lifeExp","size":"pop","label":"country","group":"continent"}.',
);

export const SeriesInput = SeriesReferences.describe(
	'Library statistics to chart, instead of data: [{ "statistic": "<id from search_statistics>" }], or an exact selection [{ "source": "<source id>", "select": { "<dimension>": "<value id>" } }] (list_sources shows sources, dimensions and values). Up to 50.',
);

const commonSettings = [
	"title",
	"subtitle",
	"sourceText",
	"theme",
	"mode",
	"w",
	"h",
	"seriesTransform",
	"stack",
	"area",
	"orientation",
	"sort",
	"donut",
	"halfPie",
	"connected",
	"basemap",
	"period",
	"dateOrder",
] as const;

/** The common settings, typed as the API types them; any other setting passes through to the API. */
export const MetaInput = z
	.looseObject(Object.fromEntries(commonSettings.map((name) => [name, Meta.shape[name]])))
	.describe(
		"Chart settings. The common ones are listed; get_settings_schema describes every other (labels, legend, axes, colours, annotations…), and any of them may be given here. theme: an id from list_themes.",
	);

export const MetaPatchInput = MetaPatch.describe(
	'Changes to the chart\'s settings as a JSON merge patch: the keys given replace those stored, objects merge, null removes a key. E.g. { "title": "New title", "legend": null }. get_settings_schema lists every setting.',
);

/** A chart's settings in an answer: every setting it has, described by get_settings_schema. */
const MetaOutput = z.record(z.string(), z.unknown()).describe("The chart's settings (see get_settings_schema)");

/**
 * An output schema must be `type: "object"` at its top (MCP); a schema with an OpenAPI id would
 * become a `$ref` there, so tools take a copy of its fields without the id.
 */
function withoutId<S extends z.ZodObject>(schema: S): z.ZodObject<S["shape"]> {
	return z.object(schema.shape);
}

export const ChartOutput = withoutId(Chart).extend({ meta: MetaOutput });

/** A write answers the chart, or only a receipt to a key without chart:read (it may not read the chart). */
export const ChartWriteOutput = ChartOutput.partial()
	.extend(ChartWriteReceipt.shape)
	.describe("The chart after the write; only { id, version, updatedAt } for a key without chart:read");

export const ChartCreatedOutput = withoutId(ChartCreated);

export const CopyOutput = withoutId(ChartCreated)
	.partial()
	.extend({ id: z.string(), version: ChartWriteReceipt.shape.version.optional(), updatedAt: z.string().optional() })
	.describe("The copy; only { id, version, updatedAt } for a key without chart:read");

export const ChartListOutput = withoutId(ChartList);

export const DeletedOutput = withoutId(Deleted);
export const ThemeListOutput = withoutId(ThemeList);
export const FolderListOutput = withoutId(FolderList);

/** The object schema a route declares for its success answer (read from the declaration, so it cannot drift). */
function answerSchema(routes: readonly Route[], path: string, status = 200): z.ZodObject {
	const schema = routes.find((route) => route.path === path)?.responses[status]?.schema;
	if (!(schema instanceof z.ZodObject)) throw new Error(`${path} declares no object answer for ${status}`);
	return schema;
}

export const StatisticListOutput = withoutId(answerSchema(dataRoutes, "/v1/statistics"));

export const SourcesOutput = z.object({
	sources: answerSchema(dataRoutes, "/v1/sources").shape.sources.optional().describe("Every source, with its dimensions"),
	values: answerSchema(dataRoutes, "/v1/sources/:source/dimensions/:dim")
		.shape.values.optional()
		.describe("The values of the dimension asked for, to use in an exact selection's select"),
});

export const PublishedOutput = withoutId(answerSchema([publishRoute], publishRoute.path));

export const exportFormats = ["png", "svg", "pdf", "csv"] as const;

export const ExportOutput = z.object({
	id: z.string(),
	format: z.enum(exportFormats),
	url: z.string().describe("The file at full size: GET it with the same key (Authorization: Bearer …)"),
	contentType: z.string(),
	bytes: z.number().int().describe("Size of the file returned in this result"),
	embedded: z.boolean().describe("Whether the file itself is in this result (false when it is too large; fetch the url)"),
	warnings: z.array(z.string()).describe("Problems the drawing still shows, e.g. characters no font has"),
});

export const SettingsSchemaOutput = z.object({
	section: z.string().nullable().describe("The setting described, or null for the whole settings object"),
	sections: z.array(z.string()).describe("Every top-level setting, each a section get_settings_schema can describe alone"),
	schema: z.record(z.string(), z.unknown()).describe("JSON Schema (2020-12) of the settings or of the section"),
});
