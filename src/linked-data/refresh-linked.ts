/**
 * One read of a linked chart's source and what follows from it, in two steps: the queue runs
 * them apart (queue-consumer.ts, so the many quick reads never wait behind a drawing), while a
 * person's "refresh now" and the inline schedule run them one after the other.
 * - The read (`readLinkedChart`): unchanged content (304, or the same bytes) changes nothing; new
 *   content is parsed, checked against the chart's kind and settings, and stored as a dataset.
 * - The redraw (`redrawLinkedChart`): the new content becomes the chart's data (and its published
 *   embed, `redraw.ts`), only while the chart is still at the version the read saw.
 * A failure in either keeps the last good data, records why in words and puts the next read
 * further off (back-off).
 */
import { ApiError } from "../api-error";
import { findChart } from "../db/charts";
import type { ReadValidators } from "../db/linked-data";
import { claimMs, linkedReadState, postponeRead, recordRead, unlinkStatisticsChart } from "../db/linked-data";
import { minutesUntilNextRead } from "../domain/data-source";
import type { Dataset } from "../domain/dataset";
import { InvalidDataError } from "../domain/dataset";
import { sha256Hex } from "../domain/ids";
import { quotedExcerpt } from "../domain/source-excerpt";
import type { Services } from "../request-services";
import type { ChartData } from "../services/chart-data";
import { dataFromDataset, dataOfStoredDataset, findStoredDataset } from "../services/chart-data";
import { confirmDatasetStored, deleteUnreferencedBlobs } from "../services/data-retention";
import { parseSource } from "./parse-source";
import { readSource, SourceReadError } from "./read-source";
import { linkedDataAuthor, refreshChart, SupersededRefresh, systemActor } from "./redraw";

/** `superseded`: the chart changed while its source was read (or its new content waited); the read's result was dropped. */
export type RefreshResult = "changed" | "unchanged" | "failed" | "postponed" | "superseded" | "not-linked";

/**
 * New content a read found, stored as a dataset under `dataBlobKey` and checked against the
 * chart at `readVersion`: what its redraw needs, small enough for a queue message (the data
 * travels by its key).
 */
export interface NewContent {
	chartId: string;
	workspaceId: string;
	url: string;
	readVersion: number;
	readAt: number;
	/** When the read was due: the next read is scheduled from it. */
	dueAt: number;
	validators: ReadValidators;
	dataBlobKey: string;
	/** The chart's refresh interval and failures before this read: what a failed redraw's back-off starts from. */
	refreshMinutes: number;
	failures: number;
}

/** What a read found: nothing more to do, or new content to redraw with (and its parsed data, for a redraw in the same run). */
export type ReadResult =
	| { result: "unchanged" | "failed" | "superseded" | "not-linked" }
	| { result: "new"; content: NewContent; parsed: { data: ChartData; dataset: Dataset } };

/**
 * The failure in our words for `lastError`. Messages about the data quote it (a cell, a header),
 * so they are kept to where it failed and one short, quoted excerpt; linking the URL again
 * answers the whole message to the person who asks. An unexpected error is logged and named only vaguely.
 */
function failureMessage(error: unknown, chartId: string): string {
	if (error instanceof SourceReadError) return error.message;
	const again = "Link the URL again (PUT …/data) to see the whole error.";
	if (error instanceof InvalidDataError) {
		const where = [
			error.details?.row === undefined ? null : `row ${error.details.row}`,
			error.details?.column === undefined ? null : `column ${quotedExcerpt(error.details.column)}`,
		].filter((part) => part !== null);
		return `The source's data cannot be used${where.length > 0 ? ` (${where.join(", ")})` : ""}: ${quotedExcerpt(error.message, 80)}. ${again}`;
	}
	if (error instanceof ApiError) return `The source's data does not fit the chart: ${quotedExcerpt(error.message, 80)}. ${again}`;
	console.error(`refreshing linked chart ${chartId} failed`, error);
	return "The data could not be refreshed because of an error in the service; it will be tried again.";
}

/**
 * What a failed read schedules: `back-off` the next read after the failure's back-off (a
 * person's read, the inline schedule); `hold` it while the queue retries it (the queue's
 * consumers; the dead-letter consumer sets the back-off once the retries are spent).
 */
export type FailedReadSchedule = "back-off" | "hold";

type FailedAt = Pick<NewContent, "chartId" | "url" | "refreshMinutes" | "failures">;

async function recordFailedRead(
	services: Services,
	at: FailedAt,
	error: unknown,
	now: number,
	onFailure: FailedReadSchedule,
): Promise<void> {
	const nextReadAt = onFailure === "hold" ? now + claimMs : now + minutesUntilNextRead(at.refreshMinutes, at.failures + 1) * 60_000;
	await recordRead(services.d1, at.chartId, at.url, { status: "failed", error: failureMessage(error, at.chartId), nextReadAt }, now);
}

/** A read whose chart changed meanwhile: its validators stay as they were, so the next read (in a minute) brings the content again. */
async function dropSupersededRead(services: Services, chartId: string, url: string, error: SupersededRefresh, now: number): Promise<void> {
	console.log(`linked data: dropped a read of ${url} for ${error.message}; the next read is in a minute`);
	await postponeRead(services.d1, chartId, url, now);
}

/**
 * Reads the chart's source now (step one). `dueAt`, when the read was due (a queued read: when
 * the Cron run claimed it), is what the next read is scheduled from, so a chart that refreshes
 * every minute is read every minute even when its message waited in the queue.
 */
export async function readLinkedChart(
	services: Services,
	workspaceId: string,
	chartId: string,
	now: number,
	onFailure: FailedReadSchedule = "back-off",
	dueAt: number = now,
): Promise<ReadResult> {
	const state = await linkedReadState(services.d1, workspaceId, chartId);
	if (!state) return { result: "not-linked" };
	const { url, refreshMinutes } = state;
	if (state.onStatistics) {
		// Linked before the switch to statistics ended links in the same write: it no longer follows the URL.
		await unlinkStatisticsChart(services.d1, chartId);
		return { result: "not-linked" };
	}
	try {
		const read = await readSource(url, state, services.config.linkedDataAllowPrivate);
		if (!read.changed) {
			await recordRead(services.d1, chartId, url, { status: "unchanged" }, now, dueAt);
			return { result: "unchanged" };
		}
		const validators = { etag: read.etag, lastModified: read.lastModified, contentHash: await sha256Hex(read.text) };
		if (validators.contentHash === state.contentHash) {
			await recordRead(services.d1, chartId, url, { status: "unchanged", validators }, now, dueAt);
			return { result: "unchanged" };
		}
		// New content: checked against the chart as it stood before the read, or dropped if it has moved on since.
		const chart = await findChart(services.db, workspaceId, chartId);
		if (!chart) return { result: "not-linked" };
		if (chart.version !== state.version) throw new SupersededRefresh(chartId, state.version, chart.version);
		const dataset = parseSource(read.text, read.contentType);
		const data = await dataFromDataset(services, chart.kind, dataset, chart.meta);
		const content: NewContent = {
			chartId,
			workspaceId,
			url,
			readVersion: state.version,
			readAt: now,
			dueAt,
			validators,
			dataBlobKey: data.dataBlobKey,
			refreshMinutes,
			failures: state.failures,
		};
		return { result: "new", content, parsed: { data, dataset } };
	} catch (error) {
		if (error instanceof SupersededRefresh) {
			await dropSupersededRead(services, chartId, url, error, now);
			return { result: "superseded" };
		}
		await recordFailedRead(services, { chartId, url, refreshMinutes, failures: state.failures }, error, now, onFailure);
		return { result: "failed" };
	}
}

/** The stored content's data for the chart as it stands, or null when the chart or the stored dataset is gone. */
async function storedContent(services: Services, content: NewContent): Promise<{ data: ChartData; dataset: Dataset } | null> {
	const chart = await findChart(services.db, content.workspaceId, content.chartId);
	if (!chart) return null;
	if (chart.version !== content.readVersion) throw new SupersededRefresh(content.chartId, content.readVersion, chart.version);
	const dataset = await findStoredDataset(services, content.dataBlobKey);
	return dataset ? { data: dataOfStoredDataset(chart.kind, dataset, chart.meta, content.dataBlobKey), dataset } : null;
}

/**
 * A dataset the read stored that no chart may ever name now (its redraw was dropped): removed
 * unless another chart or version names the same content. Failing to is only logged.
 */
export async function dropStoredContent(services: Services, dataBlobKey: string): Promise<void> {
	await deleteUnreferencedBlobs(services, [dataBlobKey]).catch((error: unknown) =>
		console.error(`linked data: removing the unused dataset ${dataBlobKey} failed`, error),
	);
}

/**
 * Makes new content the chart's data (step two): one refresh version, its embed redrawn when
 * published, and the read recorded. `busy` says what to do when every drawing slot is taken:
 * `postpone` (the inline schedule: read again in a minute) or `throw` (a person asked: 503
 * export_busy; the queue: it waits and retries the message). `parsed` is the read's own data
 * when it ran just before; without it (a queued redraw) the stored dataset is loaded.
 */
export async function redrawLinkedChart(
	services: Services,
	content: NewContent,
	now: number,
	busy: "postpone" | "throw",
	onFailure: FailedReadSchedule = "back-off",
	parsed?: { data: ChartData; dataset: Dataset },
): Promise<RefreshResult> {
	const { chartId, workspaceId, url } = content;
	try {
		const ready = parsed ?? (await storedContent(services, content));
		if (!ready) {
			// Deleted meanwhile, or so was the last chart naming the same data: nothing to draw; a linked chart is read again in a minute.
			await postponeRead(services.d1, chartId, url, now);
			await dropStoredContent(services, content.dataBlobKey);
			return "superseded";
		}
		await refreshChart(services, systemActor(linkedDataAuthor, workspaceId), chartId, now, ready.data, content.readVersion);
		// A concurrent chart delete may have removed this shared blob before the row named it (D29).
		await confirmDatasetStored(services, ready.data.dataBlobKey, ready.dataset);
		await recordRead(services.d1, chartId, url, { status: "ok", validators: content.validators }, content.readAt, content.dueAt);
		return "changed";
	} catch (error) {
		if (error instanceof SupersededRefresh) {
			await dropSupersededRead(services, chartId, url, error, now);
			await dropStoredContent(services, content.dataBlobKey);
			return "superseded";
		}
		if (error instanceof ApiError && error.code === "export_busy") {
			if (busy === "throw") throw error;
			await postponeRead(services.d1, chartId, url, now);
			return "postponed";
		}
		await recordFailedRead(services, content, error, now, onFailure);
		// A held redraw is retried with its stored dataset; the dead-letter consumer drops it once the retries are spent.
		if (onFailure === "back-off") await dropStoredContent(services, content.dataBlobKey);
		return "failed";
	}
}

/** Reads the chart's source now and redraws it with new content at once: a person's "refresh now", the inline schedule. */
export async function refreshLinkedChart(
	services: Services,
	workspaceId: string,
	chartId: string,
	now: number,
	busy: "postpone" | "throw",
): Promise<RefreshResult> {
	const read = await readLinkedChart(services, workspaceId, chartId, now);
	if (read.result !== "new") return read.result;
	return redrawLinkedChart(services, read.content, now, busy, "back-off", read.parsed);
}
