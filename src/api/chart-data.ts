/**
 * `PUT /v1/charts/{id}/data` (docs/contract.md#section-2-6, §3): replaces a chart's data with own CSV, or links it
 * to a URL whose CSV or JSON rows are read now and then on a schedule. Either way the
 * data must fit the chart's kind; it becomes a new version, and the chart stops using statistics.
 * `POST /v1/charts/{id}/data/refresh` reads a linked chart's source now.
 */
import { ApiError } from "../api-error";
import type { LinkChange } from "../db/linked-data";
import { claimLinkSlot, releaseLinkSlot } from "../db/linked-data";
import { maxCsvBytes, maxJsonBytes } from "../domain/body-limits";
import type { Caller } from "../domain/caller";
import type { ChartRecord } from "../domain/chart";
import { parseCsv } from "../domain/csv-parse";
import { LinkRequest, maxLinkedChartsPerWorkspace } from "../domain/data-source";
import type { Dataset } from "../domain/dataset";
import { sha256Hex } from "../domain/ids";
import { decodeUtf8, parseJsonObject, tooLarge } from "../http/body";
import { defineRoute } from "../http/route";
import { parseSource } from "../linked-data/parse-source";
import { readSource, SourceReadError } from "../linked-data/read-source";
import { libraryAuthor, refreshChart, SupersededRefresh, systemActor } from "../linked-data/redraw";
import { refreshLinkedChart } from "../linked-data/refresh-linked";
import { normalizeSourceUrl, unsafeUrlReason } from "../linked-data/url-safety";
import type { Services } from "../request-services";
import { dataFromDataset } from "../services/chart-data";
import type { ExpectedVersion } from "../services/chart-writes";
import { loadChart, validateMeta, writeChart } from "../services/chart-writes";
import { confirmDatasetStored } from "../services/data-retention";
import { shapeOf } from "../services/version-notes";
import { chartWriteResponse, expectedVersionOf } from "./chart-resource";
import { ChartOrReceipt } from "./schemas";

/** Writes `dataset` as the chart's data (a version, action `data`), and starts or ends its link in the same write. */
function writeData(
	services: Services,
	caller: Caller,
	chartId: string,
	expectedVersion: ExpectedVersion,
	now: number,
	dataset: Dataset,
	link: LinkChange,
) {
	return writeChart(services, caller, chartId, expectedVersion, now, async (current) => {
		const data = await dataFromDataset(services, current.kind, dataset, current.meta);
		const next = { ...current, seriesRefs: [], ...data };
		return {
			next: { ...next, meta: await validateMeta(services, caller, current.meta, next, current.meta.theme) },
			action: "data",
			dataShape: shapeOf(dataset),
			link,
		};
	});
}

function linkCapReached(): ApiError {
	return new ApiError(
		"conflict",
		`This workspace already has ${maxLinkedChartsPerWorkspace} charts linked to a URL, the limit. Give one of them own data (PUT its data as CSV) first.`,
		{ limit: maxLinkedChartsPerWorkspace },
	);
}

/**
 * Checks a link request, claims one of the workspace's linked-chart slots, reads the URL once (a
 * bad link is never stored, and gives its slot back), then writes its data and the link together.
 */
async function linkToUrl(
	services: Services,
	caller: Caller,
	chartId: string,
	expectedVersion: ExpectedVersion,
	now: number,
	link: LinkRequest,
) {
	const url = normalizeSourceUrl(link.url);
	const allowPrivate = services.config.linkedDataAllowPrivate;
	const refused = unsafeUrlReason(url, allowPrivate);
	if (refused) throw new ApiError("invalid_body", `url: ${refused}`, { path: "url" });
	await loadChart(services, caller, chartId);
	if (!(await claimLinkSlot(services.d1, caller.workspaceId, chartId, now))) throw linkCapReached();
	try {
		const read = await readLinkedUrl(url, allowPrivate);
		const dataset = parseSource(read.text, read.contentType);
		const start = { url, refreshMinutes: link.refreshMinutes, read: read.validators, now };
		const chart = await writeData(services, caller, chartId, expectedVersion, now, dataset, { start });
		await confirmDatasetStored(services, chart.dataBlobKey, dataset);
		return chart;
	} catch (error) {
		await releaseLinkSlot(services.d1, chartId);
		throw error;
	}
}

/** The first read of a URL being linked; what fails is a 422 in our words. */
async function readLinkedUrl(url: string, allowPrivate: boolean) {
	let read: Awaited<ReturnType<typeof readSource>>;
	try {
		read = await readSource(url, { etag: null, lastModified: null }, allowPrivate);
	} catch (error) {
		if (error instanceof SourceReadError)
			throw new ApiError("invalid_data", `url: ${error.message} The chart was not linked.`, { path: "url" });
		throw error;
	}
	if (!read.changed)
		throw new ApiError("invalid_data", "url: the source answered 304 Not Modified to a plain request. The chart was not linked.");
	return { ...read, validators: { etag: read.etag, lastModified: read.lastModified, contentHash: await sha256Hex(read.text) } };
}

export const putChartDataRoute = defineRoute({
	method: "PUT",
	path: "/v1/charts/:id/data",
	tag: "Charts",
	summary: "Load own data (CSV), or link the chart to a URL",
	description:
		'With `Content-Type: text/csv` the raw CSV is the body: a header row, then data rows, in the layout of the chart\'s kind (see the README). At most 10 MiB, 200,000 rows and 500 columns. Own data ends a link.\n\nWith `Content-Type: application/json` the body is `{ "url": "https://…/data.csv", "refreshMinutes": 5 }`: the chart is linked to that CSV (or JSON rows, or a published Google Sheet\'s CSV), read now (422 `invalid_data` with the row and column if it cannot be read or used, and nothing is stored) and then every `refreshMinutes` (1–1440, default 5); a published chart\'s embed follows it. See the README\'s Live data section for the limits.\n\nHonours `If-Match`. Answers the full chart; a key without `chart:read` gets only `{ id, version, updatedAt }`.',
	access: "chart:write",
	body: {
		type: "binary",
		maxBytes: maxCsvBytes,
		contentTypes: ["text/csv", "application/json"],
		schemas: { "application/json": LinkRequest.meta({ id: "LinkData" }) },
	},
	responses: {
		200: {
			description:
				"The chart with its new data (and `dataSource` when linked), or `{ id, version, updatedAt }` for a key without `chart:read`",
			schema: ChartOrReceipt,
		},
	},
	errors: ["not_found", "invalid_body", "invalid_data", "invalid_transform", "precondition_failed", "conflict"],
	async handler({ body, services, caller, params, request, now }) {
		const chartId = params.id as string;
		if (body.contentType === "application/json") {
			if (body.bytes.byteLength > maxJsonBytes) throw tooLarge(maxJsonBytes);
			const link = parseJsonObject(decodeUtf8(body.bytes), LinkRequest);
			return chartWriteResponse(await linkToUrl(services, caller, chartId, expectedVersionOf(request), now, link), services, caller);
		}
		// Parsed once: a write that loses a race re-checks the layout against the fresh kind only.
		const dataset = parseCsv(decodeUtf8(body.bytes, { csv: true }));
		const chart = await writeData(services, caller, chartId, expectedVersionOf(request), now, dataset, { end: true });
		// A concurrent chart delete may have removed this shared blob before the row named it (D29).
		await confirmDatasetStored(services, chart.dataBlobKey, dataset);
		return chartWriteResponse(chart, services, caller);
	},
});

export const refreshChartDataRoute = defineRoute({
	method: "POST",
	path: "/v1/charts/:id/data/refresh",
	tag: "Charts",
	summary: "Read a linked chart's data now",
	description:
		"Reads the linked URL now (a conditional request) instead of waiting for the schedule, and answers the chart: `dataSource.lastStatus` is `ok` (new data, and a published embed redrawn in place), `unchanged` or `failed` (with `lastError`; the chart keeps its last good data). A chart on library statistics has its published embed redrawn from the library as it is now. 503 `export_busy` when a redraw is needed and every drawing slot is taken.",
	access: "chart:write",
	body: { type: "none" },
	responses: {
		200: {
			description: "The chart after the read, or `{ id, version, updatedAt }` for a key without `chart:read`",
			schema: ChartOrReceipt,
		},
	},
	errors: ["not_found", "invalid_data", "export_busy"],
	async handler({ services, caller, params, now }) {
		const chartId = params.id as string;
		const chart = await loadChart(services, caller, chartId);
		if (chart.dataSource) await refreshLinkedChart(services, caller.workspaceId, chartId, now, "throw");
		else if (chart.seriesRefs.length > 0) await redrawFromLibrary(services, caller, chart, now);
		else {
			throw new ApiError(
				"invalid_data",
				`Chart ${chartId} has own data, which nothing can refresh. Link it to a URL with PUT /v1/charts/${chartId}/data {"url": …} first.`,
			);
		}
		return chartWriteResponse(await loadChart(services, caller, chartId), services, caller);
	},
});

/** A statistics chart redrawn as the library stands; a person's write during the redraw wins (it is answered). */
async function redrawFromLibrary(services: Services, caller: Caller, chart: ChartRecord, now: number): Promise<void> {
	try {
		await refreshChart(services, systemActor(libraryAuthor, caller.workspaceId), chart.id, now, null, chart.version);
	} catch (error) {
		if (!(error instanceof SupersededRefresh)) throw error;
		console.log(`library: dropped the redraw of ${error.message}`);
	}
}

export const chartDataRoutes = [putChartDataRoute, refreshChartDataRoute];
