/**
 * The chart tools: create, update, read, list, copy and delete, each one API call, so each
 * behaves and fails exactly as the API does.
 */
import { z } from "zod";
import type { ColumnRoles } from "../domain/column-roles";
import { rolesOf } from "../domain/column-roles";
import { chartKinds } from "../domain/kinds";
import { ToolFailure } from "./api-bridge";
import { type ChartAnswer, chartPhrase, chartResult, editorUrl } from "./chart-results";
import { guarded, toolResult } from "./results";
import type { Row } from "./rows-csv";
import { rowsToCsv } from "./rows-csv";
import {
	ChartId,
	ChartListOutput,
	ChartOutput,
	ColumnsInput,
	DataInput,
	DeletedOutput,
	FolderId,
	KindInput,
	MetaInput,
	MetaPatchInput,
	RowsInput,
	SeriesInput,
} from "./schemas";
import type { ToolContext } from "./tool-context";
import { hints, type ToolRegistry } from "./tool-registry";
import { listed, plural } from "./words";

/** The data a call gives as CSV: `data`, or `rows` written as CSV; refuses more than one source of data. */
function dataOf(args: {
	series?: readonly unknown[] | undefined;
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

function dataPhrase(series: readonly unknown[] | undefined, data: string | undefined): string {
	if (data !== undefined) return "from your CSV data";
	if (series !== undefined && series.length > 0) return `of ${plural(series.length, "library series", "library series")}`;
	return "with no data yet";
}

interface ListedChart {
	id: string;
	name: string;
	kind: string;
	[field: string]: unknown;
}

export function registerChartTools(tools: ToolRegistry, { bridge, requestId }: ToolContext): void {
	tools.registerTool(
		"create_chart",
		{
			title: "Create a chart",
			description:
				"New chart from data (CSV), rows or series (one of them). Set meta.title. Show it with export_chart png; publish only when asked.",
			inputSchema: {
				kind: KindInput.optional(),
				data: DataInput.optional(),
				rows: RowsInput.optional(),
				columns: ColumnsInput.optional(),
				series: SeriesInput.optional(),
				meta: MetaInput.optional(),
				folderId: FolderId.optional(),
			},
			outputSchema: ChartOutput,
			annotations: hints.creates,
		},
		(args) =>
			guarded(requestId, async () => {
				const { rows, columns, ...rest } = args;
				const data = dataOf(args);
				const body = { ...rest, data, meta: withColumns(rest.meta, columns) };
				const chart = await bridge.json<ChartAnswer>({ method: "POST", path: "/v1/charts", json: body });
				return chartResult(
					`Created ${chartPhrase({ ...chart, series: undefined })} ${dataPhrase(args.series, data)}.`,
					chart,
					bridge.origin,
				);
			}),
	);

	tools.registerTool(
		"update_chart",
		{
			title: "Update a chart",
			description:
				"Changes a chart in one version: meta (merge patch), kind, data/rows/series, columns (whole). Embeds change on publish_chart.",
			inputSchema: {
				id: ChartId,
				meta: MetaPatchInput.optional(),
				kind: KindInput.optional(),
				data: DataInput.optional(),
				rows: RowsInput.optional(),
				columns: ColumnsInput.optional(),
				series: SeriesInput.optional(),
			},
			outputSchema: ChartOutput,
			annotations: hints.changes,
		},
		({ id, data: csv, rows, columns, ...fields }) =>
			guarded(requestId, async () => {
				const data = dataOf({ series: fields.series, data: csv, rows });
				const patch = { ...fields, meta: patchWithColumns(fields.meta, columns) };
				const changes = Object.values(patch).some((value) => value !== undefined);
				if (data === undefined && !changes) {
					throw new ToolFailure("invalid_body", "Nothing to change: give meta, kind, data, rows, series or columns.", 422);
				}
				// One PATCH: new data is read with the new kind and columns, all in one version.
				const chart = await bridge.json<ChartAnswer>({ method: "PATCH", path: "/v1/charts/:id", params: { id }, json: { ...patch, data } });
				return chartResult(`Updated ${chartPhrase(chart)}: now version ${chart.version}.`, chart, bridge.origin);
			}),
	);

	tools.registerTool(
		"get_chart",
		{
			title: "Read a chart",
			description: "A chart: its settings (meta), series names (keys of meta.seriesTransform), data link and embed URL.",
			inputSchema: { id: ChartId },
			outputSchema: ChartOutput,
			annotations: hints.readOnly,
		},
		({ id }) =>
			guarded(requestId, async () => {
				const chart = await bridge.json<ChartAnswer>({ method: "GET", path: "/v1/charts/:id", params: { id } });
				const published = chart.published ? `published at ${chart.published.embedUrl}` : "not published";
				return chartResult(`${chartPhrase(chart)}, version ${chart.version}, ${published}.`, chart, bridge.origin);
			}),
	);

	tools.registerTool(
		"list_charts",
		{
			title: "List charts",
			description: "The workspace's charts, latest first; narrow by name or folder.",
			inputSchema: {
				search: z.string().max(300).optional(),
				folderId: z.string().max(100).optional().describe('fd_… or "root" for no folder'),
			},
			outputSchema: ChartListOutput,
			annotations: hints.readOnly,
		},
		(query) =>
			guarded(requestId, async () => {
				const { charts } = await bridge.json<{ charts: ListedChart[] }>({ method: "GET", path: "/v1/charts", query });
				const names = charts.map((chart) => `'${chart.name}' (${chart.id}, ${chart.kind})`);
				const text = charts.length === 0 ? "No charts match." : `${plural(charts.length, "chart")}: ${listed(names, 20)}.`;
				return toolResult(text, { charts: charts.map((chart) => ({ ...chart, editUrl: editorUrl(bridge.origin, chart.id) })) });
			}),
	);

	tools.registerTool(
		"copy_chart",
		{
			title: "Copy a chart",
			description: "A new unpublished chart from one: same kind, settings, data and folder, optionally changed.",
			inputSchema: {
				id: ChartId,
				meta: MetaPatchInput.optional(),
				data: DataInput.optional(),
				series: SeriesInput.optional(),
				folderId: FolderId.optional(),
			},
			outputSchema: ChartOutput,
			annotations: hints.creates,
		},
		({ id, ...body }) =>
			guarded(requestId, async () => {
				dataOf(body);
				const copy = await bridge.json<ChartAnswer>({ method: "POST", path: "/v1/charts/:id/copy", params: { id }, json: body });
				return chartResult(`Copied ${id} into ${chartPhrase(copy)}.`, copy, bridge.origin);
			}),
	);

	tools.registerTool(
		"delete_chart",
		{
			title: "Delete a chart",
			description: "Deletes a chart, its versions and its embed for good. Only when the user asks.",
			inputSchema: { id: ChartId },
			outputSchema: DeletedOutput,
			annotations: hints.destroys,
		},
		({ id }) =>
			guarded(requestId, async () => {
				const deleted = await bridge.json<z.infer<typeof DeletedOutput>>({ method: "DELETE", path: "/v1/charts/:id", params: { id } });
				return toolResult(`Deleted chart ${id}.`, deleted);
			}),
	);
}
