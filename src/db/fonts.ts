/**
 * Uploaded fonts' rows (DESIGN D33); the files themselves are in R2 under `r2Key`.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "./client";
import { fonts } from "./schema";

export interface StoredFont {
	id: string;
	family: string;
	style: "normal" | "italic";
	weight: number;
	scripts: string[];
	format: "ttf" | "otf";
	byteSize: number;
	r2Key: string;
	createdAt: number;
}

const Scripts = z.array(z.string());

const columns = {
	id: fonts.id,
	family: fonts.family,
	style: fonts.style,
	weight: fonts.weight,
	scripts: fonts.scripts,
	format: fonts.format,
	byteSize: fonts.byteSize,
	r2Key: fonts.r2Key,
	createdAt: fonts.createdAt,
};

type Row = Omit<StoredFont, "scripts"> & { scripts: string };

function stored(row: Row): StoredFont {
	return { ...row, scripts: Scripts.parse(JSON.parse(row.scripts)) };
}

export async function insertFont(db: Database, font: StoredFont & { workspaceId: string; accountId: string }): Promise<void> {
	await db.insert(fonts).values({ ...font, scripts: JSON.stringify(font.scripts) });
}

/** The workspace's fonts by family, then weight, then upload order. */
export async function listWorkspaceFonts(db: Database, workspaceId: string): Promise<StoredFont[]> {
	return fontsFromRows(await workspaceFontsQuery(db, workspaceId));
}

/** `listWorkspaceFonts`' query, not yet run, for a batch. */
export function workspaceFontsQuery(db: Database, workspaceId: string) {
	return db
		.select(columns)
		.from(fonts)
		.where(eq(fonts.workspaceId, workspaceId))
		.orderBy(asc(fonts.family), asc(fonts.weight), asc(fonts.createdAt), asc(sql`rowid`));
}

export function fontsFromRows(rows: readonly Row[]): StoredFont[] {
	return rows.map(stored);
}

export async function findWorkspaceFont(db: Database, workspaceId: string, id: string): Promise<StoredFont | null> {
	const row = await db
		.select(columns)
		.from(fonts)
		.where(and(eq(fonts.id, id), eq(fonts.workspaceId, workspaceId)))
		.get();
	return row ? stored(row) : null;
}

/** The workspace's fonts whose family is one of `families` (lower-cased names), for drawing a theme. */
export async function findFontsByFamily(db: Database, workspaceId: string, families: readonly string[]): Promise<StoredFont[]> {
	if (families.length === 0) return [];
	const rows = await db
		.select(columns)
		.from(fonts)
		.where(and(eq(fonts.workspaceId, workspaceId), sql`lower(${fonts.family}) in ${families}`))
		.orderBy(asc(fonts.family), asc(fonts.weight), asc(fonts.createdAt));
	return rows.map(stored);
}

/** A font by id alone, for the embed host, which serves any published chart's fonts. */
export async function findFontById(db: Database, id: string): Promise<StoredFont | null> {
	const row = await db.select(columns).from(fonts).where(eq(fonts.id, id)).get();
	return row ? stored(row) : null;
}

export async function deleteWorkspaceFont(db: Database, workspaceId: string, id: string): Promise<boolean> {
	const deleted = await db
		.delete(fonts)
		.where(and(eq(fonts.id, id), eq(fonts.workspaceId, workspaceId)))
		.returning({ id: fonts.id });
	return deleted.length > 0;
}
