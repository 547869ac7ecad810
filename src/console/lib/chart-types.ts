/**
 * The API's chart shapes as the console reads them (`GET /v1/charts`, `GET /v1/charts/{id}`,
 * `GET /v1/folders`): see `src/api/schemas.ts` and the README's endpoint table.
 */
import type { ChartKind } from "../../domain/kinds";

export interface ChartListItem {
	id: string;
	name: string;
	kind: ChartKind;
	updatedAt: string;
	folderId: string | null;
	published: { embedUrl: string } | null;
}

export interface SeriesReference {
	statistic: string;
	[dimension: string]: unknown;
}

export interface Chart {
	id: string;
	name: string;
	kind: ChartKind;
	/** The series names the data yields for the kind. */
	series: string[];
	meta: Record<string, unknown>;
	hasData: boolean;
	folderId: string | null;
	published: { embedUrl: string } | null;
	seriesReferences: SeriesReference[];
	version: number;
	createdAt: string;
	updatedAt: string;
}

export interface Folder {
	id: string;
	name: string;
	parentId: string | null;
	workspaceId: string;
	createdAt: string;
	updatedAt: string;
}
