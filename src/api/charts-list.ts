/**
 * Listing the workspace's charts (docs/contract.md#section-4-1): whole by default, as the contract has it, or a page
 * at a time with `limit` and `cursor`; either way with an ETag, so a poll of an unchanged
 * workspace is a 304 (docs/api.md, GET /v1/charts).
 */

import { z } from "zod";
import { ApiError } from "../api-error";
import type { ChartListReader, ChartListRow } from "../db/chart-list";
import { chartListReader, chartListStamp, countCharts, countChartsByFolder } from "../db/chart-list";
import type { ChartFilter, ListPosition } from "../domain/chart-list";
import { ChartListQuery, decodeCursor, encodeCursor, filterOf, rootFolder } from "../domain/chart-list";
import { notModified } from "../domain/conditional-requests";
import { json } from "../http/respond";
import { defineRoute } from "../http/route";
import { assertFolderUsable } from "../services/chart-writes";
import { chartListItem } from "./chart-resource";
import { ChartList } from "./schemas";

const tag = "Charts";

/** How many rows the whole list reads from D1 at a time while it streams out. */
const wholeListChunk = 1000;

const ChartListAnswer = ChartList.extend({
	nextCursor: z
		.string()
		.nullable()
		.optional()
		.meta({ description: "With `limit`: pass it as `cursor` for the next page; null on the last page" }),
	total: z.number().int().optional().meta({ description: "With `limit`: how many charts the search and folder hold, all pages together" }),
	folderCounts: z.record(z.string(), z.number().int()).optional().meta({
		description:
			'With `limit`: how many charts matching `search` each folder holds directly, by folder id ("root": in no folder), whatever `folderId` says; folders with none are left out',
	}),
}).meta({ id: "ChartListAnswer" });

/** A weak ETag over the workspace's charts as they stand and the query that reads them. */
async function listEtag(stamp: string, query: ChartListQuery, embedBase: string): Promise<string> {
	const asked = [query.search ?? "", query.folderId ?? "", query.sort ?? "", query.limit ?? "", query.cursor ?? ""].join("\u0000");
	const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${stamp}\u0000${embedBase}\u0000${asked}`));
	const hex = [...new Uint8Array(digest).slice(0, 12)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
	return `W/"${hex}"`;
}

function positionOf(row: ChartListRow): ListPosition {
	return { name: row.name, updatedAt: row.updatedAt, rowid: row.rowid };
}

/**
 * The whole list as JSON, read and written a chunk at a time: memory stays the same at 200 or
 * 50,000 charts. A read that fails part way ends the body early, so the client sees a broken
 * answer rather than a short list.
 */
function streamWholeList(reader: ChartListReader, embedBase: string): ReadableStream<Uint8Array> {
	const encoder = new TextEncoder();
	let after: ListPosition | null = null;
	let written = 0;
	return new ReadableStream<Uint8Array>(
		{
			async pull(controller) {
				const rows = await reader.page(after, wholeListChunk);
				let text = written === 0 ? '{"charts":[' : "";
				for (const row of rows) {
					text += (written++ === 0 ? "" : ",") + JSON.stringify(chartListItem(row, embedBase));
				}
				const last = rows.at(-1);
				if (rows.length < wholeListChunk || !last) {
					controller.enqueue(encoder.encode(`${text}]}`));
					controller.close();
					return;
				}
				after = positionOf(last);
				controller.enqueue(encoder.encode(text));
			},
		},
		{ highWaterMark: 0 },
	);
}

async function onePage(
	d1: D1Database,
	workspaceId: string,
	filter: ChartFilter,
	reader: ChartListReader,
	after: ListPosition | null,
	limit: number,
	sort: "updated" | "name",
	embedBase: string,
) {
	const [rows, total, byFolder] = await Promise.all([
		reader.page(after, limit + 1),
		countCharts(d1, workspaceId, filter),
		countChartsByFolder(d1, workspaceId, filter),
	]);
	const page = rows.slice(0, limit);
	const last = page.at(-1);
	return {
		charts: page.map((row) => chartListItem(row, embedBase)),
		nextCursor: rows.length > limit && last ? encodeCursor(sort, positionOf(last)) : null,
		total,
		folderCounts: Object.fromEntries([...byFolder].map(([folder, n]) => [folder ?? rootFolder, n])),
	};
}

export const listChartsRoute = defineRoute({
	method: "GET",
	path: "/v1/charts",
	readOnly: true,
	tag,
	summary: "List the workspace's charts",
	description:
		"Every chart of the workspace (a team's shared charts included), most recently updated first. Not paginated unless asked: with `limit` (1–1000) the answer is one page with `nextCursor` (pass it back as `cursor` with the same filters), `total` and `folderCounts`. Optional filters: `search` (name or notes contain it, ignoring case), `folderId` (charts filed directly in that folder, or `root` for charts in no folder), `sort` (`updated` or `name`). The answer carries a weak `ETag` and `Cache-Control: private, no-cache`; `If-None-Match` with it answers 304 while no chart of the workspace has changed.",
	access: "chart:read",
	query: ChartListQuery,
	body: { type: "none" },
	responses: {
		200: { description: "The workspace's charts, or one page of them with `limit`", schema: ChartListAnswer },
		304: { description: "Not modified: `If-None-Match` named the list's current `ETag`." },
	},
	errors: ["invalid_folder"],
	async handler({ services, caller, query, request }) {
		if (query.cursor !== undefined && query.limit === undefined) {
			throw new ApiError("invalid_query", "Query parameter cursor needs limit: send the limit the first page was asked with");
		}
		const sort = query.sort ?? "updated";
		const after = query.cursor === undefined ? null : decodeCursor(query.cursor, sort);
		if (typeof after === "string") throw new ApiError("invalid_query", `Query parameter ${after}`);
		if (query.folderId !== undefined && query.folderId !== rootFolder) await assertFolderUsable(services, caller, query.folderId);

		const { d1 } = services;
		const embedBase = services.config.embedBase;
		const etag = await listEtag(await chartListStamp(d1, caller.workspaceId), query, embedBase);
		const headers = { ETag: etag, "Cache-Control": "private, no-cache" };
		if (notModified(request, etag)) return new Response(null, { status: 304, headers });

		const filter = filterOf(query);
		const reader = chartListReader(d1, caller.workspaceId, filter, sort);
		if (query.limit === undefined) {
			return new Response(streamWholeList(reader, embedBase), {
				headers: { ...headers, "Content-Type": "application/json" },
			});
		}
		return json(await onePage(d1, caller.workspaceId, filter, reader, after, query.limit, sort, embedBase), 200, headers);
	},
});
