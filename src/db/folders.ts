/**
 * Folders (docs/contract.md#section-2-7, docs/design.md#d11). Moves are checked for cycles inside the UPDATE itself, so
 * two concurrent moves can never make a folder its own ancestor.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "./client";
import { folders } from "./schema";

export type FolderRow = typeof folders.$inferSelect;

/** In creation order; rowid (insertion order) breaks ties within a millisecond. */
export async function listFolders(db: Database, workspaceId: string): Promise<FolderRow[]> {
	return db.select().from(folders).where(eq(folders.workspaceId, workspaceId)).orderBy(asc(folders.createdAt), asc(sql`rowid`));
}

export async function findFolder(db: Database, workspaceId: string, id: string): Promise<FolderRow | null> {
	const row = await db
		.select()
		.from(folders)
		.where(and(eq(folders.id, id), eq(folders.workspaceId, workspaceId)))
		.get();
	return row ?? null;
}

/** True when `folderId` is `candidateAncestorId` or lies somewhere beneath it. */
const isWithin = `WITH RECURSIVE chain(id, parent_id) AS (
	SELECT id, parent_id FROM folders WHERE id = ?1 AND workspace_id = ?2
	UNION SELECT f.id, f.parent_id FROM folders f JOIN chain ON f.id = chain.parent_id WHERE f.workspace_id = ?2
) SELECT 1 FROM chain WHERE id = ?3`;

/** Inserts a folder under `parentId` (or at the top); false if the parent is gone. */
export async function insertFolder(d1: D1Database, folder: FolderRow): Promise<boolean> {
	const result = await d1
		.prepare(
			`INSERT INTO folders (id, workspace_id, name, parent_id, created_at, updated_at)
			 SELECT ?1, ?2, ?3, ?4, ?5, ?5
			 WHERE ?4 IS NULL OR EXISTS (SELECT 1 FROM folders WHERE id = ?4 AND workspace_id = ?2)`,
		)
		.bind(folder.id, folder.workspaceId, folder.name, folder.parentId, folder.createdAt)
		.run();
	return result.meta.changes === 1;
}

/**
 * Renames and/or moves a folder. Returns false, writing nothing, if the new parent is gone,
 * or is the folder itself or one of its descendants.
 */
export async function updateFolder(
	d1: D1Database,
	workspaceId: string,
	id: string,
	change: { name: string; parentId: string | null },
	now: number,
): Promise<boolean> {
	const result = await d1
		.prepare(
			`UPDATE folders SET name = ?4, parent_id = ?1, updated_at = ?5
			 WHERE id = ?3 AND workspace_id = ?2
			   AND (?1 IS NULL OR (EXISTS (SELECT 1 FROM folders WHERE id = ?1 AND workspace_id = ?2)
			        AND NOT EXISTS (${isWithin})))`,
		)
		.bind(change.parentId, workspaceId, id, change.name, now)
		.run();
	return result.meta.changes === 1;
}

/** Whether `folderId` is `ancestorId` itself or one of its descendants. */
export async function folderIsWithin(d1: D1Database, workspaceId: string, folderId: string, ancestorId: string): Promise<boolean> {
	const row = await d1.prepare(isWithin).bind(folderId, workspaceId, ancestorId).first();
	return row !== null;
}

/**
 * Deletes a folder; its charts and its subfolders move up one level, in one transaction.
 * Each moved chart gets a new version (action `move`), so its ETag changes with its folder, but
 * keeps its `updated_at`: filing is not editing, so the charts list does not
 * call them "edited just now" or move them to the top of its Updated sort.
 * Returns false if the folder was already gone.
 */
export async function deleteFolder(
	d1: D1Database,
	workspaceId: string,
	id: string,
	authorAccountId: string,
	now: number,
): Promise<boolean> {
	const parentOf = "(SELECT parent_id FROM folders WHERE id = ?1 AND workspace_id = ?2)";
	const results = await d1.batch([
		d1
			.prepare(
				// The snapshot is spliced as text rather than built with json(meta): SQLite's JSON
				// functions refuse a meta nested past 1000 levels (stored before the meta limits).
				`INSERT INTO chart_versions (chart_id, version, action, author_account_id, snapshot, data_blob_key, created_at)
				 SELECT id, version + 1, 'move', ?4,
				   '{"kind":' || json_quote(kind) || ',"meta":' || meta || ',"seriesRefs":' || series_refs
				   || ',"seriesNames":' || series_names || ',"dataBlobKey":' || json_quote(data_blob_key)
				   || ',"hasData":' || CASE WHEN has_data THEN 'true' ELSE 'false' END
				   || ',"folderId":' || json_quote(${parentOf}) || '}',
				   data_blob_key, ?3
				 FROM charts WHERE folder_id = ?1 AND workspace_id = ?2`,
			)
			.bind(id, workspaceId, now, authorAccountId),
		d1
			.prepare(
				`UPDATE charts SET folder_id = ${parentOf}, version = version + 1
				 WHERE folder_id = ?1 AND workspace_id = ?2`,
			)
			.bind(id, workspaceId),
		d1
			.prepare(`UPDATE folders SET parent_id = ${parentOf}, updated_at = ?3 WHERE parent_id = ?1 AND workspace_id = ?2`)
			.bind(id, workspaceId, now),
		d1.prepare("DELETE FROM folders WHERE id = ?1 AND workspace_id = ?2").bind(id, workspaceId),
	]);
	return (results[3]?.meta.changes ?? 0) === 1;
}
