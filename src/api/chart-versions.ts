/**
 * Version history of a chart (docs/design.md#d12): list, read one, restore one as a new version.
 */
import { z } from "zod";
import { ApiError } from "../api-error";
import { findChartVersion, listChartVersions } from "../db/charts";
import { coalesceVersions, fallbackSummary } from "../domain/version-summary";
import { json } from "../http/respond";
import { defineRoute } from "../http/route";
import { loadChart, writeChart } from "../services/chart-writes";
import { chartAtVersion, chartWriteResponse, expectedVersionOf } from "./chart-resource";
import { ChartOrReceipt, ChartVersion, ChartVersionList } from "./schemas";

const tag = "Chart versions";

const VersionNumber = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
/** How the document describes `{n}`: a version number (GET .../versions lists them). */
const versionParam = { n: z.int().min(1).describe("A version number, from 1 (GET /v1/charts/{id}/versions lists them)") };

function parseVersion(raw: string | undefined): number {
	const result = VersionNumber.safeParse(raw);
	if (!result.success || !/^\d+$/.test(raw ?? "")) {
		throw new ApiError("not_found", `No version "${raw}": versions are whole numbers from 1.`);
	}
	return result.data;
}

async function loadVersion(chartId: string, n: number, db: Parameters<typeof findChartVersion>[0]) {
	const version = await findChartVersion(db, chartId, n);
	if (!version) throw new ApiError("not_found", `Chart ${chartId} has no version ${n}. GET /v1/charts/${chartId}/versions lists them.`);
	return version;
}

export const listVersionsRoute = defineRoute({
	method: "GET",
	path: "/v1/charts/:id/versions",
	readOnly: true,
	tag,
	summary: "List a chart's versions",
	description:
		"Newest first. Every write (create, update, move, data, publish, unpublish, restore, refresh) records one, with a `summary` of what it changed. Consecutive `update` versions by the same author that changed the same fields within 60 seconds of the first are listed as one item: `version` is the newest, `firstVersion` the oldest, and the summary runs across them; every version stays readable by number.",
	access: "chart:read",
	body: { type: "none" },
	responses: { 200: { description: "The chart's versions", schema: ChartVersionList } },
	errors: ["not_found"],
	async handler({ services, caller, params }) {
		const chart = await loadChart(services, caller, params.id as string);
		const versions = coalesceVersions(await listChartVersions(services.db, chart.id));
		return json({ versions: versions.map((v) => ({ ...v, createdAt: new Date(v.createdAt).toISOString() })) });
	},
});

export const getVersionRoute = defineRoute({
	method: "GET",
	path: "/v1/charts/:id/versions/:n",
	params: versionParam,
	readOnly: true,
	tag,
	summary: "Read one version of a chart",
	access: "chart:read",
	body: { type: "none" },
	responses: { 200: { description: "The chart as it was at that version", schema: ChartVersion } },
	errors: ["not_found"],
	async handler({ services, caller, params }) {
		const chart = await loadChart(services, caller, params.id as string);
		const version = await loadVersion(chart.id, parseVersion(params.n), services.db);
		return json({
			version: version.version,
			action: version.action,
			authorAccountId: version.authorAccountId,
			createdAt: new Date(version.createdAt).toISOString(),
			summary: version.summary ?? fallbackSummary(version.action, version.authorAccountId),
			chart: chartAtVersion(chart.id, version.snapshot),
		});
	},
});

export const restoreVersionRoute = defineRoute({
	method: "POST",
	path: "/v1/charts/:id/versions/:n/restore",
	params: versionParam,
	tag,
	summary: "Restore a version",
	description:
		"Brings back that version's content (kind, meta, series and data) as a new version. The chart stays in its current folder and its publish state does not change. Honours `If-Match`. Answers the full chart; a key without `chart:read` gets only `{ id, version, updatedAt }`.",
	access: "chart:write",
	idempotent: true,
	body: { type: "none" },
	responses: {
		200: {
			description: "The chart after the restore, or `{ id, version, updatedAt }` for a key without `chart:read`",
			schema: ChartOrReceipt,
		},
	},
	errors: ["not_found", "precondition_failed", "conflict"],
	async handler({ services, caller, params, request, now }) {
		const n = parseVersion(params.n);
		const chart = await writeChart(services, caller, params.id as string, expectedVersionOf(request), now, async (current) => {
			const { snapshot } = await loadVersion(current.id, n, services.db);
			const restored = { next: { ...snapshot, folderId: current.folderId }, action: "restore", restoredVersion: n } as const;
			// A version on library statistics takes the chart off its URL, as a PATCH of `series` does.
			return snapshot.seriesRefs.length > 0 ? { ...restored, link: { end: true } } : restored;
		});
		return chartWriteResponse(chart, services, caller);
	},
});

export const chartVersionRoutes = [listVersionsRoute, getVersionRoute, restoreVersionRoute];
