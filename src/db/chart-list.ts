/**
 * Reading the workspace's chart list a page at a time, so neither a page nor the whole list of
 * 50,000 charts is ever held at once (docs/api.md, GET /v1/charts). Search goes through the
 * `charts_search` trigram index (migrations/0013_chart_search.sql), which triggers keep in step
 * with every chart write.
 */
import type { ChartFilter, ChartSort, ListPosition } from "../domain/chart-list";
import { compareListed } from "../domain/chart-list";

/** A chart as the workspace list shows it: no meta, no data. `rowid` places it in the order. */
export interface ChartListRow {
	rowid: number;
	id: string;
	name: string;
	kind: string;
	updatedAt: number;
	folderId: string | null;
	publishedVersion: number | null;
}

interface StoredListRow {
	rowid: number;
	id: string;
	name: string;
	kind: string;
	updated_at: number;
	folder_id: string | null;
	published_version: number | null;
}

const listColumns = "c.rowid AS rowid, c.id, c.name, c.kind, c.updated_at, c.folder_id, c.published_version";

function toListRow(row: StoredListRow): ChartListRow {
	return {
		rowid: row.rowid,
		id: row.id,
		name: row.name,
		kind: row.kind,
		updatedAt: row.updated_at,
		folderId: row.folder_id,
		publishedVersion: row.published_version,
	};
}

/** The trigram index matches needles of three characters or more. */
const trigram = 3;

/**
 * A shorter needle is matched with `instr` against each way its letters can be cased (at most
 * four for two letters), since SQLite's own `lower` folds ASCII only and the search ignores case
 * in every script.
 */
function casings(needle: string): string[] {
	let variants = [""];
	for (const char of needle) {
		const forms = new Set([char, char.toLocaleLowerCase(), char.toLocaleUpperCase()]);
		variants = variants.flatMap((start) => [...forms].map((form) => start + form));
	}
	return variants;
}

interface Sql {
	where: string;
	binds: (string | number)[];
}

/** The WHERE clause over `charts c` for a workspace and a filter; `folder: false` leaves the folder out. */
function filterSql(workspaceId: string, filter: ChartFilter, options: { folder: boolean } = { folder: true }): Sql {
	const clauses = ["c.workspace_id = ?"];
	const binds: (string | number)[] = [workspaceId];
	if (options.folder && filter.folder !== undefined) {
		clauses.push(filter.folder === null ? "c.folder_id IS NULL" : "c.folder_id = ?");
		if (filter.folder !== null) binds.push(filter.folder);
	}
	const needle = filter.search;
	if (needle !== undefined) {
		if ([...needle].length >= trigram) {
			clauses.push("c.rowid IN (SELECT rowid FROM charts_search WHERE charts_search MATCH ?)");
			binds.push(`"${needle.replaceAll('"', '""')}"`);
		} else {
			const forms = casings(needle);
			const tests = forms.map(() => "instr(s.name, ?) > 0 OR instr(s.notes, ?) > 0").join(" OR ");
			clauses.push(`c.rowid IN (SELECT s.rowid FROM charts_search s WHERE ${tests})`);
			for (const form of forms) binds.push(form, form);
		}
	}
	return { where: clauses.join(" AND "), binds };
}

/**
 * Newest first: at most `limit` charts after `after` (a position in the same order), read
 * straight from the workspace's index on `(workspace_id, updated_at)`.
 */
async function pageByUpdate(
	d1: D1Database,
	workspaceId: string,
	filter: ChartFilter,
	after: ListPosition | null,
	limit: number,
): Promise<ChartListRow[]> {
	const { where, binds } = filterSql(workspaceId, filter);
	const keyset = after ? " AND (c.updated_at, c.rowid) < (?, ?)" : "";
	const rows = await d1
		.prepare(`SELECT ${listColumns} FROM charts c WHERE ${where}${keyset} ORDER BY c.updated_at DESC, c.rowid DESC LIMIT ?`)
		.bind(...binds, ...(after ? [after.updatedAt, after.rowid] : []), limit)
		.all<StoredListRow>();
	return rows.results.map(toListRow);
}

/** The rows of these rowids, in the order given (the workspace checked again). */
async function rowsInOrder(d1: D1Database, workspaceId: string, rowids: readonly number[]): Promise<ChartListRow[]> {
	if (rowids.length === 0) return [];
	const rows = await d1
		.prepare(`SELECT ${listColumns} FROM charts c WHERE c.workspace_id = ? AND c.rowid IN (SELECT value FROM json_each(?))`)
		.bind(workspaceId, JSON.stringify(rowids))
		.all<StoredListRow>();
	const byRowid = new Map(rows.results.map((row) => [row.rowid, toListRow(row)]));
	return rowids.flatMap((rowid) => byRowid.get(rowid) ?? []);
}

/**
 * A to Z: the matching charts' names alone are read and put in order here (a few megabytes at
 * 50,000 charts), then the rows of the page.
 */
async function namesInOrder(d1: D1Database, workspaceId: string, filter: ChartFilter): Promise<ListPosition[]> {
	const { where, binds } = filterSql(workspaceId, filter);
	const rows = await d1
		.prepare(`SELECT c.rowid AS rowid, c.name, c.updated_at FROM charts c WHERE ${where}`)
		.bind(...binds)
		.all<{ rowid: number; name: string; updated_at: number }>();
	return rows.results
		.map((row) => ({ rowid: row.rowid, name: row.name, updatedAt: row.updated_at }))
		.sort((a, b) => compareListed("name", a, b));
}

/** Where the page after `after` starts in a list of positions in name order. */
function startAfter(positions: readonly ListPosition[], after: ListPosition | null): number {
	if (!after) return 0;
	let low = 0;
	let high = positions.length;
	while (low < high) {
		const middle = (low + high) >> 1;
		if (compareListed("name", positions[middle] as ListPosition, after) <= 0) low = middle + 1;
		else high = middle;
	}
	return low;
}

export interface ChartListReader {
	/** The next at most `limit` charts after `after` (null: from the start). */
	page(after: ListPosition | null, limit: number): Promise<ChartListRow[]>;
}

/** Reads one query's list in the order asked, a page at a time. */
export function chartListReader(d1: D1Database, workspaceId: string, filter: ChartFilter, sort: ChartSort): ChartListReader {
	if (sort === "updated") return { page: (after, limit) => pageByUpdate(d1, workspaceId, filter, after, limit) };
	let positions: Promise<ListPosition[]> | null = null;
	return {
		async page(after, limit) {
			positions ??= namesInOrder(d1, workspaceId, filter);
			const ordered = await positions;
			const start = startAfter(ordered, after);
			const rowids = ordered.slice(start, start + limit).map((position) => position.rowid);
			return rowsInOrder(d1, workspaceId, rowids);
		},
	};
}

/** The key `chart_list_counts` files charts in no folder under (migrations/0014_chart_list_counts.sql). */
const noFolderKey = "";

/**
 * How many charts the filter holds, all pages together. Without a search it is read from the
 * per-folder counts the triggers keep (a row per folder, not per chart); a search counts its
 * matches, which the trigram index finds without reading the rest.
 */
export async function countCharts(d1: D1Database, workspaceId: string, filter: ChartFilter): Promise<number> {
	if (filter.search === undefined) {
		const folderClause = filter.folder === undefined ? "" : " AND folder_key = ?";
		const folderBinds = filter.folder === undefined ? [] : [filter.folder ?? noFolderKey];
		const kept = await d1
			.prepare(`SELECT coalesce(sum(charts), 0) AS n FROM chart_list_counts WHERE workspace_id = ?${folderClause}`)
			.bind(workspaceId, ...folderBinds)
			.first<{ n: number }>();
		return kept?.n ?? 0;
	}
	const { where, binds } = filterSql(workspaceId, filter);
	const row = await d1
		.prepare(`SELECT count(*) AS n FROM charts c WHERE ${where}`)
		.bind(...binds)
		.first<{ n: number }>();
	return row?.n ?? 0;
}

/**
 * How many charts matching the search each folder holds directly (null: in no folder), whatever
 * folder is shown; without a search, the kept per-folder counts.
 */
export async function countChartsByFolder(d1: D1Database, workspaceId: string, filter: ChartFilter): Promise<Map<string | null, number>> {
	if (filter.search === undefined) {
		const kept = await d1
			.prepare("SELECT folder_key AS folder, charts AS n FROM chart_list_counts WHERE workspace_id = ? AND charts > 0")
			.bind(workspaceId)
			.all<{ folder: string; n: number }>();
		return new Map(kept.results.map((row) => [row.folder === noFolderKey ? null : row.folder, row.n]));
	}
	const { where, binds } = filterSql(workspaceId, filter, { folder: false });
	const rows = await d1
		.prepare(`SELECT c.folder_id AS folder, count(*) AS n FROM charts c WHERE ${where} GROUP BY c.folder_id`)
		.bind(...binds)
		.all<{ folder: string | null; n: number }>();
	return new Map(rows.results.map((row) => [row.folder, row.n]));
}

/**
 * A counter every write to a listed field of the workspace's charts raises (a new chart, a
 * rename, a move, a publish, a delete), kept by triggers (migrations/0014_chart_list_counts.sql).
 * The list's ETag is made from it, so an unchanged workspace answers a poll with 304 without
 * reading its charts.
 */
export async function chartListStamp(d1: D1Database, workspaceId: string): Promise<string> {
	const row = await d1
		.prepare("SELECT changes FROM chart_list_stamps WHERE workspace_id = ?")
		.bind(workspaceId)
		.first<{ changes: number }>();
	return String(row?.changes ?? 0);
}
