/**
 * The refresh queue's consumers (wrangler.toml `[[queues.consumers]]`):
 * - the refresh queue: each message is one linked chart to read, parse and redraw
 *   (`refreshLinkedChart`, which writes conditionally on the version it read and draws through
 *   the export gate), several at once per batch. A source that fails (or a drawing slot that is
 *   not free) is retried with back-off; the failure shows as the chart's `lastError` at once.
 * - the dead-letter queue: a message whose retries are spent. The chart is scheduled again after
 *   its back-off and keeps (or gets) its `lastError`, so a source that keeps failing never stops
 *   silently.
 */
import { linkedScheduleOf, recordGivenUpRead } from "../db/linked-data";
import { minutesUntilNextRead } from "../domain/data-source";
import type { Services } from "../request-services";
import { refreshLinkedChart } from "./refresh-linked";
import { parseRefreshMessage } from "./refresh-queue";

/** Reads in flight per batch: most wait on their source (a 304 is the common answer); a redraw waits for an export slot. */
export const consumerConcurrency = 10;

/**
 * How long a read whose redraw found every export slot taken waits before trying again in the
 * same batch: slots free within seconds, while a message sent back waits its retry delay and
 * then for a batch of its own.
 */
const busySlotWaitsMs = [1_000, 2_000, 4_000];

/** Seconds before the next try: 10, 20, 40, then at most two minutes. */
export function retryDelaySeconds(attempts: number): number {
	return Math.min(10 * 2 ** Math.max(attempts - 1, 0), 120);
}

/** Runs `work` over `items` with at most `limit` at once. */
async function inPool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
	let next = 0;
	const lane = async () => {
		while (next < items.length) await work(items[next++] as T);
	};
	await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

export async function consumeRefreshBatch(batch: MessageBatch<unknown>, services: Services): Promise<void> {
	await inPool(batch.messages, consumerConcurrency, async (message) => {
		const body = parseRefreshMessage(message.body);
		if (!body) {
			console.error("linked data: dropped a refresh message that is not one", JSON.stringify(message.body));
			message.ack();
			return;
		}
		try {
			const refresh = () => refreshLinkedChart(services, body.workspaceId, body.chartId, Date.now(), "postpone", "hold", body.claimedAt);
			let result = await refresh();
			for (const wait of busySlotWaitsMs) {
				if (result !== "postponed") break;
				await new Promise((resolve) => setTimeout(resolve, wait));
				result = await refresh();
			}
			if (result === "failed" || result === "postponed") message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
			else message.ack();
		} catch (error) {
			// The service failed (not the source): the read recorded nothing; try again later.
			console.error(`linked data: refreshing ${body.chartId} failed`, error);
			message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
		}
	});
}

const serviceError = "The data could not be refreshed because of an error in the service; it will be tried again.";

export async function consumeDeadLetters(batch: MessageBatch<unknown>, services: Services): Promise<void> {
	const now = Date.now();
	for (const message of batch.messages) {
		const body = parseRefreshMessage(message.body);
		const schedule = body ? await linkedScheduleOf(services.d1, body.chartId) : null;
		if (body && schedule) {
			// A failing source waits its back-off; anything else (the service's own error, busy slots) its interval.
			const failures = schedule.lastStatus === "failed" ? Math.max(schedule.failures, 1) : 0;
			const nextReadAt = now + minutesUntilNextRead(schedule.refreshMinutes, failures) * 60_000;
			await recordGivenUpRead(services.d1, body.chartId, schedule.url, serviceError, nextReadAt);
			console.log(
				`linked data: gave up on ${body.chartId} after ${message.attempts} tries; next read at ${new Date(nextReadAt).toISOString()}`,
			);
		}
		message.ack();
	}
}
