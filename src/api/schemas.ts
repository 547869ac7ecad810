/**
 * Request and response schemas of the API. The request schemas validate bodies; all of them
 * feed the OpenAPI document (`GET /v1/openapi.json`), so the two cannot disagree.
 */
import { z } from "zod";
import { ColumnRoles } from "../domain/column-roles-schema";
import { ChartKind } from "../domain/kinds";
import { Meta, MetaPatch } from "../domain/meta";
import { SeriesReference, SeriesReferences } from "../domain/series";

const Id = z.string().min(1).max(100);
const Timestamp = z.string().meta({ description: "ISO 8601 UTC with milliseconds", example: "2026-11-22T10:15:30.123Z" });

export const ErrorBody = z
	.object({
		error: z.object({
			code: z.string().meta({ description: "Stable machine-readable code, e.g. invalid_body" }),
			message: z.string().meta({ description: "What went wrong and what to change" }),
			details: z.unknown().optional(),
		}),
	})
	.meta({ id: "Error" });

export const Published = z.object({ embedUrl: z.string() }).nullable();

/** What a write says about what it stored; the same list is in `X-Meta-Warnings`. Never on a read. */
const WriteWarnings = z.array(z.string()).meta({
	description:
		"Only on a write whose `meta` set settings `meta` does not know: they are stored as sent (a client may keep its own settings there) but not drawn. One warning each, naming the known setting it was probably meant to be. Also in the `X-Meta-Warnings` header.",
	examples: [['unknown setting "titel" — did you mean "title"? It is stored as sent and not drawn.']],
});

/** CSV in a JSON body: at least a header row (an empty one answers 422 `invalid_data`). */
const csvText = (description: string) => z.string().meta({ description, minLength: 1 });

/** `series` (statistics) and `data` (own CSV) are two sources of a chart's data: a body gives at most one. */
const seriesOrData = { not: { properties: { series: {}, data: {} }, required: ["series", "data"] } };

export const CreateChartBody = z
	.object({
		kind: ChartKind.optional().meta({ description: "Chart type; defaults to line" }),
		series: SeriesReferences.optional(),
		data: csvText("CSV of your own data (instead of series)").optional(),
		meta: Meta.optional(),
		folderId: Id.nullable().optional().meta({ description: "File the new chart in this folder" }),
	})
	// An empty `series` beside `data` is allowed: it names no statistics.
	.meta({ id: "CreateChart", not: { properties: { series: { minItems: 1 }, data: {} }, required: ["series", "data"] } });

export const CopyChartBody = z
	.object({
		folderId: Id.nullable().optional().meta({ description: "File the copy here (null: no folder); the source's folder when absent" }),
		meta: MetaPatch.optional().meta({ description: "JSON merge patch (RFC 7386) applied to the source's meta for the copy" }),
		series: SeriesReferences.optional().meta({ description: "Library statistics that replace the copy's data" }),
		data: csvText("CSV that replaces the copy's data").optional(),
	})
	.meta({ id: "CopyChart", ...seriesOrData });

export const PatchChartBody = z
	.object({
		kind: ChartKind.optional(),
		series: SeriesReferences.optional(),
		data: csvText("CSV").nullable().optional().meta({
			description:
				"CSV that replaces the chart's data (instead of series), read with the patched meta.columns: new data and its column roles in one version. null removes the chart's data (own, linked or statistics).",
		}),
		meta: MetaPatch.optional().meta({ description: "JSON merge patch (RFC 7386) applied to the chart's meta: null removes a key" }),
		folderId: Id.nullable().optional().meta({ description: "Folder to file the chart in; null unfiles it" }),
	})
	.meta({ id: "PatchChart", ...seriesOrData });

export const ChartCreated = z
	.object({
		id: z.string(),
		name: z.string(),
		kind: ChartKind,
		hasData: z.boolean(),
		folderId: z.string().nullable(),
		published: Published,
		warnings: WriteWarnings.optional(),
	})
	.meta({ id: "ChartCreated" });

/** A linked chart's URL and how its reads went. */
const DataSourceSchema = z
	.object({
		url: z.string(),
		refreshMinutes: z.number().int().meta({ description: "Minutes between reads, 1–1440" }),
		lastFetchedAt: Timestamp.nullable(),
		lastChangedAt: Timestamp.nullable().meta({ description: "When a read last brought new data" }),
		lastStatus: z.enum(["ok", "unchanged", "failed"]).nullable(),
		lastError: z.string().nullable().meta({ description: "Why the last read failed, in words; the chart keeps its last good data" }),
		nextRefreshAt: Timestamp.nullable().meta({ description: "When the schedule reads it next (later after failures: back-off)" }),
	})
	.meta({ id: "DataSource" });

export const Chart = z
	.object({
		id: z.string(),
		name: z.string(),
		kind: ChartKind,
		series: z.array(z.string()).meta({ description: "Resolved series names, the keys for meta.seriesTransform" }),
		columns: ColumnRoles.nullable().meta({
			description:
				"Which column of the data plays which role: `meta.columns` as given, or the roles chosen from the columns' types when it is absent. null for library statistics (drawn as aligned) and for data stored before roles (drawn in its kind's layout).",
		}),
		meta: Meta,
		hasData: z.boolean(),
		folderId: z.string().nullable(),
		published: Published,
		seriesReferences: z.array(SeriesReference),
		dataSource: DataSourceSchema.nullable(),
		version: z.number().int().meta({ description: "Increments on every write; the chart's ETag" }),
		createdAt: Timestamp,
		updatedAt: Timestamp,
		warnings: WriteWarnings.optional(),
	})
	.meta({ id: "Chart" });

/** What a chart write answers a key without `chart:read`: that it happened, never the chart. */
export const ChartWriteReceipt = z
	.object({
		id: z.string(),
		version: z.number().int().meta({ description: "The chart's version after the write; its ETag" }),
		updatedAt: Timestamp,
		warnings: WriteWarnings.optional(),
	})
	.meta({
		id: "ChartWriteReceipt",
		description:
			"The answer of a chart write to a key without `chart:read`: the chart's content is not shown to a key that may not read it",
	});

/** A chart write's answer: the full chart, or the receipt for a key without `chart:read`. */
export const ChartOrReceipt = z.union([Chart, ChartWriteReceipt]);

/** A copy's answer: the created chart, or the receipt for a key without `chart:read` (it would show the source's name). */
export const ChartCreatedOrReceipt = z.union([ChartCreated, ChartWriteReceipt]);

export const ChartList = z
	.object({
		charts: z.array(
			z.object({
				id: z.string(),
				name: z.string(),
				kind: ChartKind,
				updatedAt: Timestamp,
				folderId: z.string().nullable(),
				published: Published,
			}),
		),
	})
	.meta({ id: "ChartList" });

const VersionSummary = z.object({
	version: z.number().int(),
	action: z.string().meta({ description: "create, update, move, data, publish, unpublish, restore or refresh" }),
	authorAccountId: z.string().meta({ description: "The account that wrote it; `system:linked-data` or `system:library` for a refresh" }),
	createdAt: Timestamp,
	summary: z.string().meta({
		description:
			'What the version changed, in words ("Title: \'A\' → \'B\'; Kind: line → bar", "Data: 12 → 14 rows", "Restored version 3"). Versions written before summaries existed say the action in words.',
		examples: ["Title: 'Seats' → 'Seats won'"],
	}),
});

export const ChartVersionList = z
	.object({
		versions: z.array(
			VersionSummary.extend({
				firstVersion: z.number().int().meta({
					description:
						"The oldest version this item covers: consecutive autosaves of the same fields by the same author within 60 s are one item. Equal to `version` for a version listed alone.",
				}),
			}),
		),
	})
	.meta({ id: "ChartVersionList" });

export const ChartVersion = VersionSummary.extend({
	chart: z.object({
		id: z.string(),
		name: z.string(),
		kind: ChartKind,
		series: z.array(z.string()),
		columns: ColumnRoles.nullable(),
		meta: Meta,
		hasData: z.boolean(),
		folderId: z.string().nullable(),
		seriesReferences: z.array(SeriesReference),
	}),
}).meta({ id: "ChartVersion" });

export const Deleted = z.object({ deleted: z.literal(true) }).meta({ id: "Deleted" });

const FolderName = z.string().trim().min(1, "must not be empty").max(300, "at most 300 characters");

export const CreateFolderBody = z
	.object({ name: FolderName, parentId: Id.nullable().optional().meta({ description: "Parent folder; omit or null for the top level" }) })
	.meta({ id: "CreateFolder" });

export const PatchFolderBody = z
	.object({
		name: FolderName.optional(),
		parentId: Id.nullable().optional().meta({ description: "New parent; null moves to the top level" }),
	})
	.meta({ id: "PatchFolder" });

export const Folder = z
	.object({
		id: z.string(),
		name: z.string(),
		parentId: z.string().nullable(),
		workspaceId: z.string(),
		createdAt: Timestamp,
		updatedAt: Timestamp,
	})
	.meta({ id: "Folder" });

export const FolderList = z.object({ folders: z.array(Folder) }).meta({ id: "FolderList" });

export const ThemeList = z
	.object({
		themes: z.array(
			z.object({
				id: z.string(),
				name: z.string(),
				is_default: z.boolean(),
				builtIn: z.boolean().meta({ description: "True for the service's own themes" }),
			}),
		),
	})
	.meta({ id: "ThemeList" });
