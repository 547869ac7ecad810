/**
 * One read of a linked chart's source and what follows from it: unchanged content
 * (304, or the same bytes) changes nothing; new content that parses and fits the chart's kind
 * becomes its data (and its published embed, `redraw.ts`); a failure keeps the last good data,
 * records why in words and puts the next read further off (back-off).
 */
import { ApiError } from "../api-error";
import { findChart } from "../db/charts";
import { claimMs, linkedState, postponeRead, recordRead, unlinkStatisticsChart } from "../db/linked-data";
import { minutesUntilNextRead } from "../domain/data-source";
import { InvalidDataError } from "../domain/dataset";
import { sha256Hex } from "../domain/ids";
import { quotedExcerpt } from "../domain/source-excerpt";
import type { Services } from "../request-services";
import { dataFromDataset } from "../services/chart-data";
import { confirmDatasetStored } from "../services/data-retention";
import { parseSource } from "./parse-source";
import { readSource, SourceReadError } from "./read-source";
import { linkedDataAuthor, refreshChart, SupersededRefresh, systemActor } from "./redraw";

/** `superseded`: the chart changed while its source was read; the read's result was dropped. */
export type RefreshResult = "changed" | "unchanged" | "failed" | "postponed" | "superseded" | "not-linked";

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
 * consumer; its dead-letter consumer sets the back-off once the retries are spent).
 */
export type FailedReadSchedule = "back-off" | "hold";

/**
 * Reads the chart's source now. `busy` says what to do when every drawing slot is taken:
 * `postpone` (the schedule: try again in a minute) or `throw` (a person asked: 503 export_busy).
 * `dueAt`, when the read was due (a queued read: when the Cron run claimed it), is what the next
 * read is scheduled from, so a chart that refreshes every minute is read every minute even when
 * its message waited in the queue.
 */
export async function refreshLinkedChart(
	services: Services,
	workspaceId: string,
	chartId: string,
	now: number,
	busy: "postpone" | "throw",
	onFailure: FailedReadSchedule = "back-off",
	dueAt: number = now,
): Promise<RefreshResult> {
	const chart = await findChart(services.db, workspaceId, chartId);
	const state = await linkedState(services.d1, chartId);
	if (!chart?.dataSource || !state) return "not-linked";
	const { url, refreshMinutes } = chart.dataSource;
	if (chart.seriesRefs.length > 0) {
		// Linked before the switch to statistics ended links in the same write: it no longer follows the URL.
		await unlinkStatisticsChart(services.d1, chartId);
		return "not-linked";
	}
	try {
		const read = await readSource(url, state, services.config.linkedDataAllowPrivate);
		if (!read.changed) {
			await recordRead(services.d1, chartId, url, { status: "unchanged" }, now, dueAt);
			return "unchanged";
		}
		const validators = { etag: read.etag, lastModified: read.lastModified, contentHash: await sha256Hex(read.text) };
		if (validators.contentHash === state.contentHash) {
			await recordRead(services.d1, chartId, url, { status: "unchanged", validators }, now, dueAt);
			return "unchanged";
		}
		const dataset = parseSource(read.text, read.contentType);
		const data = await dataFromDataset(services, chart.kind, dataset, chart.meta);
		await refreshChart(services, systemActor(linkedDataAuthor, workspaceId), chartId, now, data, chart.version);
		// A concurrent chart delete may have removed this shared blob before the row named it (D29).
		await confirmDatasetStored(services, data.dataBlobKey, dataset);
		await recordRead(services.d1, chartId, url, { status: "ok", validators }, now, dueAt);
		return "changed";
	} catch (error) {
		if (error instanceof SupersededRefresh) {
			// Its validators stay as they were, so the next read (in a minute) brings the new content again.
			console.log(`linked data: dropped a read of ${url} for ${error.message}; the next read is in a minute`);
			await postponeRead(services.d1, chartId, url, now);
			return "superseded";
		}
		if (error instanceof ApiError && error.code === "export_busy") {
			if (busy === "throw") throw error;
			await postponeRead(services.d1, chartId, url, now);
			return "postponed";
		}
		const nextReadAt = onFailure === "hold" ? now + claimMs : now + minutesUntilNextRead(refreshMinutes, state.failures + 1) * 60_000;
		await recordRead(services.d1, chartId, url, { status: "failed", error: failureMessage(error, chartId), nextReadAt }, now);
		return "failed";
	}
}
