/**
 * Reading a theme's uploaded fonts for a drawing: which of the workspace's fonts the
 * theme's family names (D1), then their bytes (R2) through a per-isolate cache bounded by size,
 * so a busy isolate does not read the same files for every export nor hold every font it met.
 */

import { findFontsByFamily, type StoredFont } from "../db/fonts";
import { familyNames } from "../domain/font-families";
import type { ThemeDefinition } from "../domain/themes";
import type { RenderFont } from "../render/uploaded-fonts";
import { facesDrawn, uploadedMetrics } from "../render/uploaded-fonts";
import type { Services } from "../request-services";
import { ByteLru } from "./byte-lru";

export function fontFileKey(workspaceId: string, id: string, format: "ttf" | "otf"): string {
	return `fonts/${workspaceId}/${id}.${format}`;
}

/**
 * The workspace's uploaded fonts a drawing in the theme uses, in family then weight order: of
 * the families its font list names, the faces (weight, style) its text is drawn in, not every
 * file of the family.
 */
export async function fontsForTheme(services: Services, workspaceId: string, theme: ThemeDefinition): Promise<StoredFont[]> {
	const named = await findFontsByFamily(services.db, workspaceId, familyNames(theme.fonts.family));
	return facesDrawn(named, theme.fonts.family, theme.fonts.titleWeight);
}

/** SQLite's `lower()`, which `findFontsByFamily` matches with: ASCII letters only. */
function sqliteLower(text: string): string {
	return text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
}

/**
 * The same fonts as `fontsForTheme`, picked from the workspace's whole list (already in family,
 * weight, upload order). Lets the export route read that list beside the chart, before it knows
 * the theme, instead of one query after the other.
 */
export function fontsForThemeFrom(workspaceFonts: readonly StoredFont[], theme: ThemeDefinition): StoredFont[] {
	const families = new Set(familyNames(theme.fonts.family));
	const named = workspaceFonts.filter((font) => families.has(sqliteLower(font.family)));
	return facesDrawn(named, theme.fonts.family, theme.fonts.titleWeight);
}

/** At most this many bytes of font files are kept per isolate (four of the largest uploads). */
export const fontCacheBytes = 16 * 1024 * 1024;

/** Keyed by font id: a font's file never changes under its id. */
const cache = new ByteLru<ArrayBuffer>({ maxEntryBytes: fontCacheBytes, budgetBytes: fontCacheBytes }, (data) => data.byteLength);

async function fontBytes(services: Services, font: StoredFont): Promise<ArrayBuffer | null> {
	const hit = cache.get(font.id);
	if (hit) return hit;
	const object = await services.blobs.get(font.r2Key);
	if (!object) return null;
	const data = await object.arrayBuffer();
	cache.set(font.id, data);
	return data;
}

export interface LoadedFonts {
	fonts: RenderFont[];
	/** For `X-Render-Warnings`: stored fonts left out because they cannot be drawn. */
	warnings: string[];
}

/**
 * The fonts' bytes, ready to draw with. A file missing from R2 is left out (its text falls back
 * to the bundled fonts), and so is one stored before the checks uploads pass now (units per em out of range, a character map the renderer cannot read…), with a warning, so
 * that such a file makes its exports fall back instead of failing.
 */
export async function loadRenderFonts(services: Services, fonts: readonly StoredFont[]): Promise<LoadedFonts> {
	const warnings: string[] = [];
	const loaded = await Promise.all(
		fonts.map(async (font) => {
			const data = await fontBytes(services, font);
			if (!data) return null;
			const render: RenderFont = { id: font.id, family: font.family, weight: font.weight, style: font.style, format: font.format, data };
			const problem = unusableBecause(render);
			if (problem === null) return render;
			warnings.push(
				`the uploaded font ${font.family} (${font.weight} ${font.style}, ${font.id}) cannot be drawn (${problem}), so it is left out and its text is drawn with the family's other files or the bundled fonts; delete it and upload a sound file`,
			);
			return null;
		}),
	);
	return { fonts: loaded.filter((font) => font !== null), warnings };
}

/** Why a stored font cannot be drawn, or null: its metrics are read (and kept) once per isolate. */
function unusableBecause(font: RenderFont): string | null {
	try {
		uploadedMetrics(font);
		return null;
	} catch (error) {
		return error instanceof Error ? error.message : String(error);
	}
}

/** How many bytes the isolate's font cache holds now (for tests of its bound). */
export function fontCacheSize(): { entries: number; bytes: number } {
	return { entries: cache.size, bytes: cache.bytes };
}
