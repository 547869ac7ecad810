/**
 * Linked data: a chart whose data is re-read from a URL on a schedule. What the API
 * shows of it (`dataSource` on the chart) and what a link request may ask for.
 */
import { z } from "zod";

export const minRefreshMinutes = 1;
export const maxRefreshMinutes = 1440;
export const defaultRefreshMinutes = 5;
/**
 * Linked charts per workspace: each is read up to once a minute, by the service, for as long as
 * it is linked. 500: a graphics desk's few hundred live charts on an election night, with room.
 * Reads go through a queue whose consumers scale out (src/linked-data/queue-consumer.ts), so the
 * cap is no longer what one Cron run reads, only a fair share of a service-wide budget
 * (docs/scale.md).
 */
export const maxLinkedChartsPerWorkspace = 500;

/** Longest URL a link may name. */
export const maxSourceUrlLength = 2048;

/** `PUT /v1/charts/{id}/data` with a JSON body: link the chart to a URL. */
export const LinkRequest = z.strictObject({
	url: z
		.string({ error: "url must be the http(s) address of a CSV or JSON file" })
		.min(1, "url must not be empty")
		.max(maxSourceUrlLength, `url must be at most ${maxSourceUrlLength} characters`),
	refreshMinutes: z
		.number({ error: "refreshMinutes must be a whole number of minutes" })
		.int("refreshMinutes must be a whole number of minutes")
		.min(minRefreshMinutes, `refreshMinutes must be between ${minRefreshMinutes} and ${maxRefreshMinutes}`)
		.max(maxRefreshMinutes, `refreshMinutes must be between ${minRefreshMinutes} and ${maxRefreshMinutes}`)
		.default(defaultRefreshMinutes),
});
export type LinkRequest = z.infer<typeof LinkRequest>;

/** The outcome of the last read: new content, the same content, or a failure (the data kept is the last good one). */
export type SourceStatus = "ok" | "unchanged" | "failed";

/** `dataSource` on a chart resource; timestamps in milliseconds here, ISO 8601 in the API. */
export interface DataSource {
	url: string;
	refreshMinutes: number;
	lastFetchedAt: number | null;
	lastChangedAt: number | null;
	lastStatus: SourceStatus | null;
	lastError: string | null;
	/** When the schedule reads it next (after a failure, later: back-off). */
	nextRefreshAt: number | null;
}

/**
 * The wait after `failures` consecutive failed reads: the interval itself after a success, then
 * doubled per failure (2×, 4×, … 64×), never more than a day. A source that is down is asked less
 * and less often, and its chart keeps its last good data meanwhile.
 */
export function minutesUntilNextRead(refreshMinutes: number, failures: number): number {
	const factor = 2 ** Math.min(Math.max(failures, 0), 6);
	return Math.min(refreshMinutes * factor, maxRefreshMinutes);
}
