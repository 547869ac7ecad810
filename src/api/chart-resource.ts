/**
 * Every shape a chart takes in an answer, built here and nowhere else: the full chart (docs/contract.md#section-2-1) with its ETag, the create response, the list item, a chart as one of its versions left
 * it, and the receipt a write answers a key that may not read charts. A field added to the chart
 * is added in this one file.
 */

import type { ChartListRow } from "../db/charts";
import type { Caller } from "../domain/caller";
import type { ChartRecord, ChartSnapshot } from "../domain/chart";
import { embedUrl } from "../domain/chart";
import { ifMatchValues } from "../domain/conditional-requests";
import type { DataSource } from "../domain/data-source";
import { chartName } from "../domain/meta";
import { json, versionEtag } from "../http/respond";
import { warningsHeaderValue } from "../render/warnings-header";
import type { Services } from "../request-services";
import type { ExpectedVersion } from "../services/chart-writes";

/**
 * The versions a write's `If-Match` allows (its ETags are `versionEtag`s): null when it is absent
 * or `*`, else the versions it names, none when it names no version. A weak tag counts as its
 * version: chart writes have always taken `W/"3"` for version 3, and clients rely on it, though RFC
 * 9110's strong comparison would refuse it.
 */
export function expectedVersionOf(request: Request): ExpectedVersion {
	const values = ifMatchValues(request.headers.get("if-match"));
	return values === null ? null : values.filter((value) => /^[1-9][0-9]*$/.test(value)).map(Number);
}

/** Warnings about what a write stored (meta-warnings.ts): none on a read. */
export type WriteWarnings = readonly string[];

/**
 * A write's warnings as its answer carries them: a `warnings` list in the JSON and the same list
 * in `X-Meta-Warnings` (each warning percent-encoded, joined with "; ", at most 1 KiB, as
 * `X-Render-Warnings`); both absent when there are none.
 */
function warningParts(warnings: WriteWarnings): { field: { warnings?: string[] }; headers: Record<string, string> } {
	const header = warningsHeaderValue(warnings);
	return header === null ? { field: {}, headers: {} } : { field: { warnings: [...warnings] }, headers: { "X-Meta-Warnings": header } };
}

function publishedField(chart: Pick<ChartRecord, "id" | "publishedVersion">, embedBase: string) {
	return chart.publishedVersion === null ? null : { embedUrl: embedUrl(embedBase, chart.id) };
}

function isoOrNull(ms: number | null): string | null {
	return ms === null ? null : new Date(ms).toISOString();
}

/** The linked URL and how its reads went; null for own data or statistics. */
function dataSourceResource(source: DataSource | null) {
	if (!source) return null;
	return {
		url: source.url,
		refreshMinutes: source.refreshMinutes,
		lastFetchedAt: isoOrNull(source.lastFetchedAt),
		lastChangedAt: isoOrNull(source.lastChangedAt),
		lastStatus: source.lastStatus,
		lastError: source.lastError,
		nextRefreshAt: isoOrNull(source.nextRefreshAt),
	};
}

/** `GET /v1/charts/{id}` (docs/contract.md#section-2-1), plus fields the spec allows us to add. */
export function chartResource(chart: ChartRecord, embedBase: string) {
	return {
		id: chart.id,
		name: chart.name,
		kind: chart.kind,
		series: chart.seriesNames,
		columns: chart.columnRoles ?? null,
		meta: chart.meta,
		hasData: chart.hasData,
		folderId: chart.folderId,
		published: publishedField(chart, embedBase),
		seriesReferences: chart.seriesRefs,
		dataSource: dataSourceResource(chart.dataSource ?? null),
		version: chart.version,
		createdAt: new Date(chart.createdAt).toISOString(),
		updatedAt: new Date(chart.updatedAt).toISOString(),
	};
}

/** The full chart with its ETag: what a chart read answers, and a write with its warnings. */
export function chartResponse(chart: ChartRecord, services: Services, status = 200, warnings: WriteWarnings = []): Response {
	const { field, headers } = warningParts(warnings);
	return json({ ...chartResource(chart, services.config.embedBase), ...field }, status, { ETag: versionEtag(chart.version), ...headers });
}

/** May the caller see a chart's content? A session holds every scope (docs/design.md#d32). */
export function readsCharts(caller: Caller): boolean {
	return caller.scopes.includes("chart:read");
}

/**
 * What a write answers a key without `chart:read`: the outcome, never the content,
 * so `chart:write` alone cannot read a chart with `PATCH {}`, a restore or a copy.
 */
export function chartWriteReceipt(chart: Pick<ChartRecord, "id" | "version" | "updatedAt">) {
	return { id: chart.id, version: chart.version, updatedAt: new Date(chart.updatedAt).toISOString() };
}

/** A write's answer: the full chart to a caller that may read it, the receipt otherwise; both with the ETag and the write's warnings. */
export function chartWriteResponse(chart: ChartRecord, services: Services, caller: Caller, warnings: WriteWarnings = []): Response {
	if (!readsCharts(caller)) {
		const { field, headers } = warningParts(warnings);
		return json({ ...chartWriteReceipt(chart), ...field }, 200, { ETag: versionEtag(chart.version), ...headers });
	}
	return chartResponse(chart, services, 200, warnings);
}

/** A new chart's answer (201 with `Location`): `resource` is the create response or a receipt, with the write's warnings. */
export function createdChartResponse(resource: { id: string }, warnings: WriteWarnings): Response {
	const { field, headers } = warningParts(warnings);
	return json({ ...resource, ...field }, 201, { ETag: versionEtag(1), Location: `/v1/charts/${resource.id}`, ...headers });
}

/** The create response (docs/contract.md#section-2-1): no `series`, no `meta`. */
export function createdChartResource(chart: ChartRecord, embedBase: string) {
	return {
		id: chart.id,
		name: chart.name,
		kind: chart.kind,
		hasData: chart.hasData,
		folderId: chart.folderId,
		published: publishedField(chart, embedBase),
	};
}

/** An item of `GET /v1/charts` (docs/contract.md#section-4-1). */
export function chartListItem(row: ChartListRow, embedBase: string) {
	return {
		id: row.id,
		name: row.name,
		kind: row.kind,
		updatedAt: new Date(row.updatedAt).toISOString(),
		folderId: row.folderId,
		published: publishedField(row, embedBase),
	};
}

/** The chart as one of its versions left it (`GET /v1/charts/{id}/versions/{n}`). */
export function chartAtVersion(chartId: string, then: ChartSnapshot) {
	return {
		id: chartId,
		name: chartName(then.meta),
		kind: then.kind,
		series: then.seriesNames,
		columns: then.columnRoles ?? null,
		meta: then.meta,
		hasData: then.hasData,
		folderId: then.folderId,
		seriesReferences: then.seriesRefs,
	};
}
