/**
 * The tools' input and output schemas. They are written for a model's context, which reads every
 * one on every conversation: short, each argument described once, and the details behind a tool
 * (get_settings_schema for `meta`, the charts://data-layouts resource for CSV layouts). They
 * check shape only; the API validates every value of every call with its own schemas
 * (src/api/schemas.ts) and answers what to fix. Output schemas name the fields a model uses; the
 * results carry the API's whole answer.
 */
import { z } from "zod";
import { idPattern, idShapeProblem, type PathIdKind } from "../domain/ids";
import { ChartKind } from "../domain/kinds";
import { maxSeriesReferences } from "../domain/series";
import { exportFormats } from "../render/exporters";

/** A string of the id's shape (the pattern goes into the tool's JSON Schema, so a client can check it too). */
function idOf(kind: PathIdKind) {
	return z.string().regex(new RegExp(idPattern(kind)), { error: (issue) => idShapeProblem(kind, String(issue.input)) ?? undefined });
}

export const ChartId = idOf("chart");

export const FolderId = idOf("folder").nullable().describe("null: no folder");

export const KindInput = ChartKind.describe("horizontal-bar also draws columns (meta.orientation)");

export const DataInput = z.string().describe("CSV text with a header row");

/** The most rows a tool call may carry: what a CSV may hold. */
const maxRows = 200_000;

export const RowsInput = z
	.array(z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])))
	.min(1)
	.max(maxRows)
	.describe("Rows as objects instead of CSV");

export const ColumnsInput = z
	.record(z.string(), z.union([z.string(), z.array(z.string())]))
	.describe('Roles of columns, e.g. {"x":"year","y":"lifeExp","series":"country"}; a 422 proposes them');

export const SeriesInput = z
	.array(z.looseObject({}))
	.max(maxSeriesReferences)
	.describe(
		'Library series instead of data: [{"statistic":id}] from search_statistics, or [{"source":id,"select":{dimension:value}}] from list_sources',
	);

export const MetaInput = z
	.looseObject({})
	.describe("Settings, e.g. title, subtitle, sourceText, theme, mode, orientation, stack, sort; get_settings_schema lists all");

export const MetaPatchInput = z.looseObject({}).describe("Merge patch of the settings: keys given replace, null removes");

/** What every chart result names; the rest of the API's answer comes along unlisted. */
export const ChartOutput = z.looseObject({ id: z.string(), editUrl: z.string() });

export const ChartListOutput = z.object({ charts: z.array(ChartOutput) });

export const VersionListOutput = z.object({ versions: z.array(z.looseObject({ version: z.number() })) });

export const DeletedOutput = z.object({ deleted: z.boolean() });

export const FolderOutput = z.looseObject({ id: z.string() });

export const FolderListOutput = z.object({ folders: z.array(FolderOutput) });

export const ThemeListOutput = z.object({ themes: z.array(z.looseObject({ id: z.string() })) });

export const StatisticListOutput = z.object({ statistics: z.array(z.looseObject({ id: z.string() })) });

/** Sources, or one dimension's values. */
export const SourcesOutput = z.looseObject({});

export const PublishedOutput = z.looseObject({ embedUrl: z.string(), editUrl: z.string() });

export const ChecksOutput = z.object({ checks: z.array(z.looseObject({ message: z.string() })) });

export const ExportFormat = z.enum(exportFormats);

/** The file's URL; beside it `format`, `contentType`, `bytes`, `embedded` (whether the file is in the result) and `warnings`. */
export const ExportOutput = z.looseObject({ url: z.string() });

export const SettingsSchemaOutput = z.object({
	section: z.string().nullable(),
	sections: z.array(z.string()),
	schema: z.looseObject({}),
});
