/**
 * Workspace themes (authored outside the API: admin CLI now, theme studio later).
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "./client";
import { themes } from "./schema";

/** In creation order; rowid (insertion order) breaks ties within a millisecond. */
export async function listWorkspaceThemes(db: Database, workspaceId: string) {
	return db
		.select({ id: themes.id, name: themes.name, isDefault: themes.isDefault })
		.from(themes)
		.where(eq(themes.workspaceId, workspaceId))
		.orderBy(asc(themes.createdAt), asc(sql`rowid`));
}

export async function workspaceThemeExists(db: Database, workspaceId: string, id: string): Promise<boolean> {
	const row = await db
		.select({ id: themes.id })
		.from(themes)
		.where(and(eq(themes.id, id), eq(themes.workspaceId, workspaceId)))
		.get();
	return row !== undefined;
}

/** A theme definition by id, or the workspace default when `id` is undefined; null if none. */
export async function findThemeDefinition(db: Database, workspaceId: string, id: string | undefined): Promise<string | null> {
	const row = await db
		.select({ definition: themes.definition })
		.from(themes)
		.where(and(eq(themes.workspaceId, workspaceId), id === undefined ? eq(themes.isDefault, true) : eq(themes.id, id)))
		.get();
	return row?.definition ?? null;
}
