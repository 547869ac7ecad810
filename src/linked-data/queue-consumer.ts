/**
 * The linked-data queues' consumers (wrangler.toml `[[queues.consumers]]`), in two steps so the
 * many quick reads never wait behind a drawing (docs/scale.md):
 * - the refresh queue: each message is one linked chart to read and parse (`readLinkedChart`),
 *   many at once per batch. Unchanged content is recorded and done; new content is stored and
 *   sent to the redraw queue. A source that fails is retried with back-off; the failure shows as
 *   the chart's `lastError` at once.
 * - the redraw queue: each message is one chart's new content to draw (`redrawLinkedChart`,
 *   which writes conditionally on the version the read saw and draws through the export gate),
 *   as many at once as the gate has slots. A redraw that finds every slot taken waits for one.
 * - the dead-letter queue (both queues'): a message whose retries are spent. The chart is
 *   scheduled again after its back-off and keeps (or gets) its `lastError`, so a source that
 *   keeps failing never stops silently.
 */
import { ApiError } from "../api-error";
import { linkedScheduleOf, recordGivenUpRead } from "../db/linked-data";
import { minutesUntilNextRead } from "../domain/data-source";
import type { Services } from "../request-services";
import type { RefreshResult } from "./refresh-linked";
import { dropStoredContent, readLinkedChart, redrawLinkedChart } from "./refresh-linked";
import type { RedrawMessage } from "./refresh-queue";
import { parseRedrawMessage, parseRefreshMessage } from "./refresh-queue";

/** Reads in flight per batch: nearly all of a read is waiting on its source (a 304 is the common answer). */
export const readConcurrency = 10;

/**
 * How long a redraw that found every export slot taken waits before trying again in the same
 * batch: slots free within seconds, while a message sent back waits its retry delay and then for
 * a batch of its own.
 */
const busySlotWaitsMs = [1_000, 2_000, 4_000, 8_000];

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

/** Acks or retries `message` after `work`; a message that is not `parse`'s kind is logged and dropped. */
async function handle<T>(message: Message<unknown>, parse: (body: unknown) => T | null, work: (body: T) => Promise<"ack" | "retry">) {
	const body = parse(message.body);
	if (!body) {
		console.error("linked data: dropped a message that is not one", JSON.stringify(message.body));
		message.ack();
		return;
	}
	try {
		if ((await work(body)) === "ack") message.ack();
		else message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
	} catch (error) {
		// The service failed (not the source): nothing was recorded; try again later.
		console.error("linked data: a queued refresh failed", JSON.stringify(message.body), error);
		message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
	}
}

export async function consumeRefreshBatch(batch: MessageBatch<unknown>, services: Services, redraws: Queue<RedrawMessage>): Promise<void> {
	await inPool(batch.messages, readConcurrency, (message) =>
		handle(message, parseRefreshMessage, async (body) => {
			const read = await readLinkedChart(services, body.workspaceId, body.chartId, Date.now(), "hold", body.claimedAt);
			if (read.result === "new") await redraws.send(read.content, { contentType: "json" });
			return read.result === "failed" ? "retry" : "ack";
		}),
	);
}

/** Redraws `content`, waiting in the batch while every export slot is taken; `busy` when none freed in time. */
async function redrawWhenSlotFrees(services: Services, content: RedrawMessage): Promise<RefreshResult | "busy"> {
	for (let attempt = 0; ; attempt++) {
		try {
			return await redrawLinkedChart(services, content, Date.now(), "throw", "hold");
		} catch (error) {
			if (!(error instanceof ApiError && error.code === "export_busy")) throw error;
			const wait = busySlotWaitsMs[attempt];
			if (wait === undefined) return "busy";
			await new Promise((resolve) => setTimeout(resolve, wait));
		}
	}
}

export async function consumeRedrawBatch(batch: MessageBatch<unknown>, services: Services): Promise<void> {
	await inPool(batch.messages, services.config.exportConcurrency, (message) =>
		handle(message, parseRedrawMessage, async (content) => {
			const result = await redrawWhenSlotFrees(services, content);
			return result === "failed" || result === "busy" ? "retry" : "ack";
		}),
	);
}

const serviceError = "The data could not be refreshed because of an error in the service; it will be tried again.";

export async function consumeDeadLetters(batch: MessageBatch<unknown>, services: Services): Promise<void> {
	const now = Date.now();
	for (const message of batch.messages) {
		const redraw = parseRedrawMessage(message.body);
		const chartId = redraw?.chartId ?? parseRefreshMessage(message.body)?.chartId;
		// A given-up redraw's stored dataset is named by no chart: its content is read again.
		if (redraw) await dropStoredContent(services, redraw.dataBlobKey);
		const schedule = chartId ? await linkedScheduleOf(services.d1, chartId) : null;
		if (chartId && schedule) {
			// A failing source waits its back-off; anything else (the service's own error, busy slots) its interval.
			const failures = schedule.lastStatus === "failed" ? Math.max(schedule.failures, 1) : 0;
			const nextReadAt = now + minutesUntilNextRead(schedule.refreshMinutes, failures) * 60_000;
			await recordGivenUpRead(services.d1, chartId, schedule.url, serviceError, nextReadAt);
			console.log(`linked data: gave up on ${chartId} after ${message.attempts} tries; next read at ${new Date(nextReadAt).toISOString()}`);
		}
		message.ack();
	}
}
