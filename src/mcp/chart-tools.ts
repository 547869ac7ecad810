/**
 * The chart tools: create, update, read, list, copy, publish and delete, each one API call (two
 * for an update that also loads new data), so each behaves and fails exactly as the API does.
 */
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { z } from "zod";
import { ChartListQuery } from "../domain/chart-list";
import type { ColumnRoles } from "../domain/column-roles";
import { rolesOf } from "../domain/column-roles";
import { chartKinds } from "../domain/kinds";
import type { SeriesReference } from "../domain/series";
import { ToolFailure } from "./api-bridge";
import { guarded, toolResult } from "./results";
import type { Row } from "./rows-csv";
import { rowsToCsv } from "./rows-csv";
import {
	ChartCreatedOutput,
	ChartId,
	ChartListOutput,
	ChartOutput,
	ChartWriteOutput,
	ColumnsInput,
	CopyOutput,
	DataInput,
	DeletedOutput,
	FolderId,
	KindInput,
	MetaInput,
	MetaPatchInput,
	PublishedOutput,
	RowsInput,
	SeriesInput,
} from "./schemas";
import type { ToolContext } from "./tool-context";
import { kindPhrase, listed, plural } from "./words";

type ChartCreated = z.infer<typeof ChartCreatedOutput>;
type Chart = z.infer<typeof ChartOutput>;
type ChartWrite = z.infer<typeof ChartWriteOutput>;

/** The API refuses both at once; said here before anything is stored. */
/** The data a call gives as CSV: `data`, or `rows` written as CSV; refuses more than one source of data. */
function dataOf(args: {
	series?: readonly SeriesReference[] | undefined;
	data?: string | undefined;
	rows?: readonly Row[] | undefined;
}): string | undefined {
	const given = [args.series !== undefined && args.series.length > 0, args.data !== undefined, args.rows !== undefined].filter(Boolean);
	if (given.length > 1) {
		throw new ToolFailure("invalid_body", "Give one of data (CSV), rows (JSON rows) or series (library statistics), not several.", 422);
	}
	return args.rows === undefined ? args.data : rowsToCsv(args.rows);
}

/** `columns` given beside the settings goes into them as meta.columns. */
function withColumns<M extends Record<string, unknown>>(meta: M | undefined, columns: ColumnRoles | undefined): M | undefined {
	return columns === undefined ? meta : ({ ...(meta ?? {}), columns } as unknown as M);
}

/**
 * The same in a merge patch, whole: every role not given is removed (null), so roles given before
 * do not stay beside the new ones.
 */
function patchWithColumns<M extends Record<string, unknown>>(meta: M | undefined, columns: ColumnRoles | undefined): M | undefined {
	if (columns === undefined) return meta;
	const cleared = Object.fromEntries(everyRole.filter((role) => !(role in columns)).map((role) => [role, null]));
	return { ...(meta ?? {}), columns: { ...cleared, ...columns } } as unknown as M;
}

const everyRole = [...new Set(chartKinds.flatMap(rolesOf))];

function dataPhrase(series: readonly SeriesReference[] | undefined, data: string | undefined): string {
	if (data !== undefined) return "from your CSV data";
	if (series !== undefined && series.length > 0) return `of ${plural(series.length, "library series", "library series")}`;
	return "with no data yet";
}

function describeChart(chart: Chart): string {
	const series = chart.series.length > 0 ? `${plural(chart.series.length, "series", "series")} (${listed(chart.series)})` : "no data";
	const published = chart.published ? `published at ${chart.published.embedUrl}` : "not published";
	return `'${chart.name}' (${chart.id}): ${kindPhrase(chart.kind)} of ${series}, version ${chart.version}, ${published}.`;
}

function describeWrite(verb: string, chart: ChartWrite): string {
	if (chart.name === undefined || chart.kind === undefined) return `${verb} chart ${chart.id}: now version ${chart.version}.`;
	const series = chart.series ? ` of ${plural(chart.series.length, "series", "series")}` : "";
	return `${verb} '${chart.name}' (${chart.id}), ${kindPhrase(chart.kind)}${series}: now version ${chart.version}.`;
}

export function registerChartTools(server: McpServer, { bridge, requestId }: ToolContext): void {
	server.registerTool(
		"create_chart",
		{
			title: "Create a chart",
			description:
				"Creates a chart in the user's account (it appears in their console). Give the data as `data` (CSV text), `rows` (JSON rows) or `series` (library statistics found with search_statistics), one of them; name the columns' roles in `columns` when the table is not in the kind's own layout (a 422 proposes columns when they cannot be chosen). Set meta.title. Then call export_chart with format png to show it. Not published: publish_chart does that.",
			inputSchema: {
				kind: KindInput.optional(),
				data: DataInput.optional(),
				rows: RowsInput.optional(),
				columns: ColumnsInput.optional(),
				series: SeriesInput.optional(),
				meta: MetaInput.optional(),
				folderId: FolderId.optional(),
			},
			outputSchema: ChartCreatedOutput,
			annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
		},
		(args) =>
			guarded(requestId, async () => {
				const { rows, columns, ...rest } = args;
				const data = dataOf(args);
				const body = { ...rest, data, meta: withColumns(rest.meta, columns) };
				const chart = await bridge.json<ChartCreated>({ method: "POST", path: "/v1/charts", json: body });
				return toolResult(`Created '${chart.name}' (${chart.id}), ${kindPhrase(chart.kind)} ${dataPhrase(args.series, data)}.`, chart);
			}),
	);

	server.registerTool(
		"update_chart",
		{
			title: "Update a chart",
			description:
				"Changes a chart: `meta` is a merge patch of its settings (only the keys given change; null removes one), `kind` changes its type, `data` (CSV), `rows` (JSON rows) or `series` replaces its data, `columns` names the columns' roles, `folderId` files it. New data is read with the new kind and columns, all in one version. A published chart's embed changes only when publish_chart is called again.",
			inputSchema: {
				id: ChartId,
				meta: MetaPatchInput.optional(),
				kind: KindInput.optional(),
				data: DataInput.optional(),
				rows: RowsInput.optional(),
				columns: ColumnsInput.optional(),
				series: SeriesInput.optional(),
				folderId: FolderId.optional(),
			},
			outputSchema: ChartWriteOutput,
			annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
		},
		({ id, data: csv, rows, columns, ...fields }) =>
			guarded(requestId, async () => {
				const data = dataOf({ series: fields.series, data: csv, rows });
				const patch = { ...fields, meta: patchWithColumns(fields.meta, columns) };
				const changes = Object.values(patch).some((value) => value !== undefined);
				if (data === undefined && !changes) {
					throw new ToolFailure("invalid_body", "Nothing to change: give meta, kind, data, rows, series, columns or folderId.", 422);
				}
				// One PATCH: new data is read with the new kind and columns, all in one version.
				const chart = await bridge.json<ChartWrite>({ method: "PATCH", path: "/v1/charts/:id", params: { id }, json: { ...patch, data } });
				return toolResult(describeWrite("Updated", chart), chart);
			}),
	);

	server.registerTool(
		"get_chart",
		{
			title: "Read a chart",
			description:
				"A chart with all its settings (meta), its resolved series names (the keys for meta.seriesTransform) and whether it is published.",
			inputSchema: { id: ChartId },
			outputSchema: ChartOutput,
			annotations: { readOnlyHint: true, openWorldHint: false },
		},
		({ id }) =>
			guarded(requestId, async () => {
				const chart = await bridge.json<Chart>({ method: "GET", path: "/v1/charts/:id", params: { id } });
				return toolResult(describeChart(chart), chart);
			}),
	);

	server.registerTool(
		"list_charts",
		{
			title: "List charts",
			description: "The charts of the user's workspace, most recently updated first; narrow by name or folder.",
			inputSchema: { search: ChartListQuery.shape.search, folderId: ChartListQuery.shape.folderId },
			outputSchema: ChartListOutput,
			annotations: { readOnlyHint: true, openWorldHint: false },
		},
		(query) =>
			guarded(requestId, async () => {
				const { charts } = await bridge.json<z.infer<typeof ChartListOutput>>({ method: "GET", path: "/v1/charts", query });
				const names = charts.map((chart) => `'${chart.name}' (${chart.id}, ${chart.kind})`);
				const text = charts.length === 0 ? "No charts match." : `${plural(charts.length, "chart")}: ${listed(names, 20)}.`;
				return toolResult(text, { charts });
			}),
	);

	server.registerTool(
		"copy_chart",
		{
			title: "Copy a chart",
			description:
				"A new chart from an existing one: same kind, settings, data and folder, unpublished. Optionally a merge patch of its settings (meta), new data (CSV) or series, or another folder.",
			inputSchema: {
				id: ChartId,
				meta: MetaPatchInput.optional(),
				data: DataInput.optional(),
				series: SeriesInput.optional(),
				folderId: FolderId.optional(),
			},
			outputSchema: CopyOutput,
			annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
		},
		({ id, ...body }) =>
			guarded(requestId, async () => {
				dataOf(body);
				const copy = await bridge.json<z.infer<typeof CopyOutput>>({
					method: "POST",
					path: "/v1/charts/:id/copy",
					params: { id },
					json: body,
				});
				const named = copy.name === undefined ? `chart ${copy.id}` : `'${copy.name}' (${copy.id})`;
				return toolResult(`Copied ${id} into ${named}.`, copy);
			}),
	);

	server.registerTool(
		"publish_chart",
		{
			title: "Publish a chart",
			description:
				"Publishes the chart as a live embed at a stable public URL, or updates the embed in place when it is already published. Call it only when the user asks to publish or embed: anyone with the URL can see the chart.",
			inputSchema: { id: ChartId },
			outputSchema: PublishedOutput,
			annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
		},
		({ id }) =>
			guarded(requestId, async () => {
				const published = await bridge.json<z.infer<typeof PublishedOutput>>({
					method: "POST",
					path: "/v1/charts/:id/publish",
					params: { id },
				});
				return toolResult(
					`Published ${id} at ${published.embedUrl}. To embed it, paste the iframe snippet (responsiveIframe keeps the frame as tall as the chart).`,
					published,
				);
			}),
	);

	server.registerTool(
		"delete_chart",
		{
			title: "Delete a chart",
			description:
				"Deletes the chart, its version history and its live embed, for good. Only when the user explicitly asks to delete this chart.",
			inputSchema: { id: ChartId },
			outputSchema: DeletedOutput,
			annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
		},
		({ id }) =>
			guarded(requestId, async () => {
				const deleted = await bridge.json<z.infer<typeof DeletedOutput>>({
					method: "DELETE",
					path: "/v1/charts/:id",
					params: { id },
				});
				return toolResult(`Deleted chart ${id}.`, deleted);
			}),
	);
}
