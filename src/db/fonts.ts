/**
 * Uploaded fonts' rows (docs/design.md#d33); the files themselves are in R2 under `r2Key`.
 */
import { and, asc, eq, notInArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "./client";
import { charts, fonts, publishedFonts } from "./schema";

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

export interface FontUsage {
	files: number;
	bytes: number;
}

/** How many font files the workspace keeps, and their stored bytes. */
export async function workspaceFontUsage(db: Database, workspaceId: string): Promise<FontUsage> {
	const row = await db
		.select({ files: sql<number>`count(*)`, bytes: sql<number>`coalesce(sum(${fonts.byteSize}), 0)` })
		.from(fonts)
		.where(eq(fonts.workspaceId, workspaceId))
		.get();
	return { files: row?.files ?? 0, bytes: row?.bytes ?? 0 };
}

/**
 * Stores the font's row only if the workspace stays within `quota` with it, in one statement, so
 * two uploads at once cannot both take the last place. Answers whether it was stored.
 */
export async function insertFontWithinQuota(
	db: Database,
	font: StoredFont & { workspaceId: string; accountId: string },
	quota: FontUsage,
): Promise<boolean> {
	const result = await db.run(sql`
		INSERT INTO ${fonts} (id, workspace_id, account_id, family, style, weight, scripts, format, byte_size, r2_key, created_at)
		SELECT ${font.id}, ${font.workspaceId}, ${font.accountId}, ${font.family}, ${font.style}, ${font.weight}, ${JSON.stringify(font.scripts)},
			${font.format}, ${font.byteSize}, ${font.r2Key}, ${font.createdAt}
		WHERE (SELECT count(*) FROM ${fonts} WHERE workspace_id = ${font.workspaceId}) < ${quota.files}
			AND (SELECT coalesce(sum(byte_size), 0) FROM ${fonts} WHERE workspace_id = ${font.workspaceId}) + ${font.byteSize} <= ${quota.bytes}`);
	return result.meta.changes === 1;
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

/**
 * A font by id alone, for the embed host: only while the published snapshot of a chart of the
 * font's workspace names it (`published_fonts`, written at publish), else null.
 */
export async function findPublishedFont(db: Database, id: string): Promise<StoredFont | null> {
	const row = await db
		.select(columns)
		.from(fonts)
		.where(
			and(
				eq(fonts.id, id),
				sql`EXISTS (SELECT 1 FROM ${publishedFonts} JOIN ${charts} ON ${charts.id} = ${publishedFonts.chartId}
					AND ${charts.publishedVersion} = ${publishedFonts.version}
					WHERE ${publishedFonts.fontId} = ${fonts.id} AND ${charts.workspaceId} = ${fonts.workspaceId})`,
			),
		)
		.get();
	return row ? stored(row) : null;
}

/**
 * Records the uploaded fonts the snapshot `version` of a chart names (its page's `@font-face`
 * rules): the embed host serves them while that version is the published one. Rows of versions
 * neither this one nor `publishedNow` (the page still live until this publish lands) go.
 */
export async function recordPublishedFonts(
	db: Database,
	chart: { id: string; publishedVersion: number | null },
	version: number,
	fontIds: readonly string[],
): Promise<void> {
	const kept = [version, ...(chart.publishedVersion === null ? [] : [chart.publishedVersion])];
	const clear = db.delete(publishedFonts).where(and(eq(publishedFonts.chartId, chart.id), notInArray(publishedFonts.version, kept)));
	const replace = db.delete(publishedFonts).where(and(eq(publishedFonts.chartId, chart.id), eq(publishedFonts.version, version)));
	if (fontIds.length === 0) {
		await db.batch([clear, replace]);
		return;
	}
	const rows = [...new Set(fontIds)].map((fontId) => ({ chartId: chart.id, version, fontId }));
	await db.batch([clear, replace, db.insert(publishedFonts).values(rows)]);
}

export async function deleteWorkspaceFont(db: Database, workspaceId: string, id: string): Promise<boolean> {
	const deleted = await db
		.delete(fonts)
		.where(and(eq(fonts.id, id), eq(fonts.workspaceId, workspaceId)))
		.returning({ id: fonts.id });
	return deleted.length > 0;
}
