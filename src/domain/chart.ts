/**
 * The chart model: its stored state, how a PATCH changes it, and the resource shapes the API
 * returns (docs/contract.md#section-2-1). Pure: no bindings, no requests.
 */
import { z } from "zod";
import { ColumnRoles } from "./column-roles-schema";
import type { DataSource } from "./data-source";
import { ChartKind } from "./kinds";
import { applyMergePatch } from "./merge-patch";
import { StoredMeta } from "./meta";
import { SeriesReference } from "./series";

/**
 * Everything a version snapshot holds; restoring a version brings back its content. Read back
 * from storage, so `meta` is read as stored settings (fields nested past D24's limit left out).
 */
export const ChartSnapshot = z.object({
	kind: ChartKind,
	meta: StoredMeta,
	seriesRefs: z.array(SeriesReference),
	seriesNames: z.array(z.string()),
	/** The roles the chart's table is drawn with (`meta.columns`, or chosen from its columns); null without own data, or from before roles. */
	columnRoles: ColumnRoles.nullable().optional(),
	dataBlobKey: z.string().nullable(),
	hasData: z.boolean(),
	folderId: z.string().nullable(),
});
export type ChartSnapshot = z.infer<typeof ChartSnapshot>;

export interface ChartRecord extends ChartSnapshot {
	id: string;
	workspaceId: string;
	name: string;
	version: number;
	publishedVersion: number | null;
	createdAt: number;
	updatedAt: number;
	/** The URL the chart's data is read from on a schedule; null for own data or statistics. */
	dataSource?: DataSource | null;
}

export interface ChartPatch {
	kind?: ChartKind;
	seriesRefs?: SeriesReference[];
	/** A JSON merge patch for `meta` (docs/design.md#d8). */
	metaPatch?: Record<string, unknown>;
	folderId?: string | null;
}

/**
 * Applies a PATCH to a chart's state. The merged meta is returned unvalidated: the caller
 * validates it as a whole, because a merge can make a valid patch produce invalid settings.
 */
export function applyChartPatch(current: ChartSnapshot, patch: ChartPatch): { next: Omit<ChartSnapshot, "meta">; meta: unknown } {
	const seriesChanged = patch.seriesRefs !== undefined;
	return {
		next: {
			kind: patch.kind ?? current.kind,
			seriesRefs: patch.seriesRefs ?? current.seriesRefs,
			// New references mean new data: the old data stays reachable through the version history.
			seriesNames: seriesChanged ? [] : current.seriesNames,
			columnRoles: seriesChanged ? null : current.columnRoles,
			dataBlobKey: seriesChanged ? null : current.dataBlobKey,
			hasData: seriesChanged ? false : current.hasData,
			folderId: patch.folderId === undefined ? current.folderId : patch.folderId,
		},
		meta: patch.metaPatch === undefined ? current.meta : applyMergePatch(current.meta, patch.metaPatch),
	};
}

const snapshotFields = Object.keys(ChartSnapshot.shape) as (keyof ChartSnapshot)[];

/** Whether two states hold the same content (a PATCH that changes nothing records no version). */
export function sameSnapshot(a: ChartSnapshot, b: ChartSnapshot): boolean {
	return snapshotFields.every((field) => JSON.stringify(a[field]) === JSON.stringify(b[field]));
}

export function embedUrl(embedBase: string, chartId: string): string {
	return `${embedBase}/${chartId}/`;
}
