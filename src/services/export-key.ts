/**
 * The export cache key (docs/design.md#d37): the SHA-256 of everything a drawn file depends on, computed
 * from the chart's inputs without drawing anything. Two requests with the same key get the same
 * bytes; any change a reader could see in the file (data, library values, meta, theme, options,
 * renderer) gives a new key, so a cached file is never stale and needs no invalidation.
 */

import type { StoredFont } from "../db/fonts";
import type { ThemeCandidate } from "../db/themes";
import type { ChartRecord } from "../domain/chart";
import type { Dataset } from "../domain/dataset";
import { sha256Hex } from "../domain/ids";
import type { ThemeDefinition } from "../domain/themes";
import { rendererBuild } from "../render/renderer-build";
import type { Services } from "../request-services";
import { datasetOf } from "./chart-data";
import type { DrawingOptions } from "./export-options";
import { themeFor } from "./render-input";
import { fontsForTheme, fontsForThemeFrom } from "./theme-fonts";

/** What a key is computed from and a miss then draws with, read once so the two cannot differ. */
export interface ExportMaterials {
	/** SHA-256 of the dataset's stored JSON, the same digest its content-addressed R2 key carries. */
	datasetHash: string;
	/** Already read when hashing needed it (statistics); otherwise read only on a miss. */
	dataset: Dataset | null;
	theme: ThemeDefinition;
	/** The uploaded fonts the theme's family names; their bytes are read only on a miss. */
	fonts: StoredFont[];
}

const storedDatasetKey = /^data\/([0-9a-f]{64})\.json$/;

/**
 * Own data is hashed by its R2 key (`data/<sha256>.json`), so a hit never reads it. Statistics
 * are resolved against the library as it is now and hashed, so a library import that changes
 * a value changes the key.
 */
export async function exportMaterials(
	services: Services,
	chart: ChartRecord,
	/** What was read beside the chart (`readChartForDrawing`); what is missing is queried. */
	preread: { workspaceFonts?: readonly StoredFont[]; themes?: readonly ThemeCandidate[] } = {},
): Promise<ExportMaterials> {
	const { workspaceFonts } = preread;
	const themed = themeFor(services, chart, preread.themes).then(async (theme) => ({
		theme,
		fonts: workspaceFonts ? fontsForThemeFrom(workspaceFonts, theme) : await fontsForTheme(services, chart.workspaceId, theme),
	}));
	const stored = chart.seriesRefs.length === 0 ? storedDatasetKey.exec(chart.dataBlobKey ?? "")?.[1] : undefined;
	if (stored) return { datasetHash: stored, dataset: null, ...(await themed) };
	const dataset = await datasetOf(services, chart);
	if (!dataset) throw new Error(`chart ${chart.id} has no dataset`);
	return { datasetHash: await sha256Hex(JSON.stringify(dataset)), dataset, ...(await themed) };
}

/** JSON with object keys sorted, so equal values always hash alike whatever order they were written in. */
export function canonicalJson(value: unknown): string {
	if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
	if (value !== null && typeof value === "object") {
		const entries = Object.entries(value)
			.filter(([, v]) => v !== undefined)
			.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
		return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
	}
	return JSON.stringify(value) ?? "null";
}

/**
 * The key of one drawn export: its options whole, as resolved (export-options.ts: the size from
 * meta, the mode from the chart, PNG's scale 2), so `?scale=2` and no scale share a file, SVG and
 * PDF, which have no scale, do not split on it, and an option added there is keyed without a
 * change here. Bundled fonts are named by the renderer build; uploaded ones by id, since a font's
 * file never changes under its id (a new upload is a new id).
 */
export function exportKey(chart: ChartRecord, options: DrawingOptions, materials: ExportMaterials): Promise<string> {
	const inputs = {
		renderer: rendererBuild,
		kind: chart.kind,
		dataset: materials.datasetHash,
		seriesNames: chart.seriesNames,
		columnRoles: chart.columnRoles ?? null,
		fromStatistics: chart.seriesRefs.length > 0,
		meta: chart.meta,
		theme: materials.theme,
		fonts: materials.fonts.map((font) => font.id),
	};
	return sha256Hex(canonicalJson(side(options, inputs)));
}

/**
 * The options beside the chart's inputs, in one object (so keys stay those of the files cached
 * before options were resolved in one place). A name in both would let one hide the other: the
 * compiler refuses it, as `inputs` must then have that name typed `never`.
 */
function side<A extends object, B extends object>(options: A, inputs: B & Record<Extract<keyof A, keyof B>, never>): A & B {
	return { ...options, ...inputs };
}
