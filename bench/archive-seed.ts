/**
 * A newsroom's archive, inserted straight into a local D1 (as a few years of use would leave
 * it): `charts` charts spread over `folders` folders (a quarter of them nested one level under
 * another), names and notes in a newsroom's words, one edit a minute going back from now. Each
 * table is filled by one statement that counts its own rows (a recursive CTE), so 50,000 charts
 * take one `wrangler d1 execute`, not 50,000. The search index fills itself through its triggers
 * (migrations/0013_chart_search.sql). Used by `npm run bench -- archive` and the archive browser test.
 */
import type { Target } from "../test/harness/local/d1.ts";
import { execute, sql } from "../test/harness/local/d1.ts";

export interface Archive {
	workspaceId: string;
	accountId: string;
	charts: number;
	folders: number;
}

/** Topics a chart's name starts with, by its number: a search for one finds every n-th chart. */
export const archiveTopics = ["Election", "Inflation", "Housing", "Weather", "Transport", "Budget", "Schools", "Health"];

/** The name of chart `i` (1-based), as the seed writes it. */
export function archiveChartName(i: number): string {
	return `${archiveTopics[i % archiveTopics.length]} chart ${i}`;
}

/** Folder `j`'s name (1-based), as the seed writes it. */
export function archiveFolderName(j: number): string {
	return `${archiveTopics[j % archiveTopics.length]} ${j}`;
}

/** The folder chart `i` is filed in: every tenth chart in none, the others round the folders. */
export function archiveFolderOf(i: number, folders: number): number | null {
	return i % 10 === 0 || folders === 0 ? null : 1 + (i % folders);
}

/** Folder `j`'s parent: every fourth folder (after the fourth) sits in folder j / 4. */
export function archiveParentOf(j: number): number | null {
	return j % 4 === 0 && j > 4 ? j / 4 : null;
}

/** The id of chart `i` and folder `i` in a workspace (ids must be unique across workspaces). */
function idPrefix(workspaceId: string): string {
	return workspaceId.replace(/^ws_/, "").slice(0, 12);
}

export async function seedArchive(target: Target, archive: Archive): Promise<void> {
	const prefix = idPrefix(archive.workspaceId);
	const now = Date.now();
	const topics = JSON.stringify(archiveTopics);
	const statements = [
		sql(
			`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
			 INSERT INTO folders (id, workspace_id, name, parent_id, created_at, updated_at)
			 SELECT 'fo_' || ? || '_' || i, ?, json_extract(?, '$[' || (i % 8) || ']') || ' ' || i,
			   CASE WHEN i % 4 = 0 AND i > 4 THEN 'fo_' || ? || '_' || (i / 4) END, ? + i, ? + i FROM n`,
			archive.folders,
			prefix,
			archive.workspaceId,
			topics,
			prefix,
			now - archive.folders,
			now - archive.folders,
		),
		sql(
			`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
			 INSERT INTO charts (id, workspace_id, author_account_id, name, kind, meta, series_refs, series_names,
			   has_data, folder_id, version, created_at, updated_at)
			 SELECT 'ch_' || ? || '_' || i, ?, ?, json_extract(?, '$[' || (i % 8) || ']') || ' chart ' || i,
			   CASE i % 3 WHEN 0 THEN 'line' WHEN 1 THEN 'horizontal-bar' ELSE 'pie' END,
			   json_object('title', json_extract(?, '$[' || (i % 8) || ']') || ' chart ' || i,
			     'notes', 'Figures for district ' || (i % 97) || ', revised in edition ' || i || '.'),
			   '[]', '[]', 0,
			   CASE WHEN i % 10 = 0 OR ? = 0 THEN NULL ELSE 'fo_' || ? || '_' || (1 + i % ?) END,
			   1, ? - i * 60000, ? - i * 60000 FROM n`,
			archive.charts,
			prefix,
			archive.workspaceId,
			archive.accountId,
			topics,
			topics,
			archive.folders,
			prefix,
			Math.max(archive.folders, 1),
			now,
			now,
		),
	];
	await execute(target, statements);
}
