/**
 * Workspace themes, authored in the console's theme studio (docs/design.md#d33) or imported with the admin CLI.
 */
import { and, asc, eq, or, sql } from "drizzle-orm";
import { builtInThemes, defaultBuiltInThemeId } from "../domain/themes";
import type { Database } from "./client";
import { charts, themes } from "./schema";

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

/** A stored theme a chart may be drawn with. */
export interface ThemeCandidate {
	id: string;
	definition: string;
	isDefault: boolean;
}

const candidateColumns = { id: themes.id, definition: themes.definition, isDefault: themes.isDefault };

/**
 * The stored themes a chart can be drawn with, read without waiting for the chart: the one its
 * stored `meta.theme` names (a subquery on the chart's row; `json_valid` so a malformed row names
 * none rather than failing the read) and the workspace default. At most two rows. Not yet run, so
 * a batch can send it beside the chart's own read.
 */
export function chartThemeCandidatesQuery(db: Database, workspaceId: string, chartId: string) {
	const named = sql`(SELECT CASE WHEN json_valid(${charts.meta}) THEN json_extract(${charts.meta}, '$.theme') END FROM ${charts} WHERE ${charts.id} = ${chartId} AND ${charts.workspaceId} = ${workspaceId})`;
	return db
		.select(candidateColumns)
		.from(themes)
		.where(and(eq(themes.workspaceId, workspaceId), or(eq(themes.isDefault, true), eq(themes.id, named))));
}

/** The stored theme `id` names (when given) and the workspace default: at most two rows. */
export async function findThemeCandidates(db: Database, workspaceId: string, id: string | undefined): Promise<ThemeCandidate[]> {
	return db
		.select(candidateColumns)
		.from(themes)
		.where(
			and(
				eq(themes.workspaceId, workspaceId),
				id === undefined ? eq(themes.isDefault, true) : or(eq(themes.isDefault, true), eq(themes.id, id)),
			),
		);
}

export interface StoredTheme {
	id: string;
	name: string;
	definition: string;
	isDefault: boolean;
	createdAt: number;
}

const storedColumns = {
	id: themes.id,
	name: themes.name,
	definition: themes.definition,
	isDefault: themes.isDefault,
	createdAt: themes.createdAt,
};

/** The workspace's themes with their definitions (the console's list), in creation order. */
export async function listWorkspaceThemeDefinitions(db: Database, workspaceId: string): Promise<StoredTheme[]> {
	return db.select(storedColumns).from(themes).where(eq(themes.workspaceId, workspaceId)).orderBy(asc(themes.createdAt), asc(sql`rowid`));
}

export async function findWorkspaceTheme(db: Database, workspaceId: string, id: string): Promise<StoredTheme | null> {
	const row = await db
		.select(storedColumns)
		.from(themes)
		.where(and(eq(themes.id, id), eq(themes.workspaceId, workspaceId)))
		.get();
	return row ?? null;
}

export async function insertTheme(
	db: Database,
	theme: { id: string; workspaceId: string; name: string; definition: string; createdAt: number },
): Promise<void> {
	await db.insert(themes).values({ ...theme, isDefault: false });
}

/** False when the workspace has no such theme. */
export async function updateThemeDefinition(
	db: Database,
	workspaceId: string,
	id: string,
	name: string,
	definition: string,
): Promise<boolean> {
	const updated = await db
		.update(themes)
		.set({ name, definition })
		.where(and(eq(themes.id, id), eq(themes.workspaceId, workspaceId)))
		.returning({ id: themes.id });
	return updated.length > 0;
}

export async function deleteWorkspaceTheme(db: Database, workspaceId: string, id: string): Promise<boolean> {
	const deleted = await db
		.delete(themes)
		.where(and(eq(themes.id, id), eq(themes.workspaceId, workspaceId)))
		.returning({ id: themes.id });
	return deleted.length > 0;
}

/**
 * Makes `id` the workspace's default, or clears the workspace default (so Classic applies) when
 * `id` is null. One batch, so the one-default index never sees two defaults or a moment with none.
 */
export async function setDefaultTheme(db: Database, workspaceId: string, id: string | null): Promise<void> {
	const clear = db
		.update(themes)
		.set({ isDefault: false })
		.where(and(eq(themes.workspaceId, workspaceId), eq(themes.isDefault, true)));
	if (id === null) {
		await clear;
		return;
	}
	await db.batch([
		clear,
		db
			.update(themes)
			.set({ isDefault: true })
			.where(and(eq(themes.id, id), eq(themes.workspaceId, workspaceId))),
	]);
}

/**
 * How many of the workspace's charts draw with the theme: those that name it in `meta.theme`,
 * and, for the workspace's default theme, also those that name no theme or one that is gone
 * (they draw with the default). The studio said "Used by no charts" of the default theme while
 * every chart without a theme used it.
 */
export async function countChartsUsingTheme(db: Database, workspaceId: string, id: string): Promise<number> {
	const named = sql`json_extract(${charts.meta}, '$.theme')`;
	const ownDefault = sql`EXISTS (SELECT 1 FROM ${themes} WHERE ${themes.workspaceId} = ${workspaceId} AND ${themes.isDefault} = 1)`;
	const isDefault = sql`(EXISTS (SELECT 1 FROM ${themes} WHERE ${themes.id} = ${id} AND ${themes.workspaceId} = ${workspaceId} AND ${themes.isDefault} = 1)
		OR (${id} = ${defaultBuiltInThemeId} AND NOT ${ownDefault}))`;
	const builtInIds = sql.join(
		builtInThemes.map((theme) => sql`${theme.id}`),
		sql`, `,
	);
	const namesNoTheme = sql`(${named} IS NULL OR (${named} NOT IN (${builtInIds})
		AND NOT EXISTS (SELECT 1 FROM ${themes} WHERE ${themes.id} = ${named} AND ${themes.workspaceId} = ${workspaceId})))`;
	const row = await db
		.select({ count: sql<number>`count(*)` })
		.from(charts)
		.where(and(eq(charts.workspaceId, workspaceId), sql`(${named} = ${id} OR (${isDefault} AND ${namesNoTheme}))`))
		.get();
	return row?.count ?? 0;
}
