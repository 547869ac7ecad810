/**
 * Linked data through Cloudflare Queues (docs/scale.md): the minute's Cron run only claims the
 * due charts (fairly between workspaces, `claimDueLinkedCharts`) and sends one message per chart
 * to the refresh queue; the queue's consumer (queue-consumer.ts) reads, parses and redraws them
 * with its own concurrency and retries. The queue names here are the ones wrangler.toml binds.
 */
import type { DueChart } from "../db/linked-data";
import { claimDueLinkedCharts } from "../db/linked-data";

export const refreshQueueName = "charts-linked-refresh";
export const deadLetterQueueName = "charts-linked-refresh-dead";

/** Charts a run may claim and enqueue: far above one minute's reads of every workspace at its cap today. */
export const maxEnqueuedPerRun = 2_000;
/** A `sendBatch` takes at most 100 messages. */
const sendBatchSize = 100;

/** One chart to read: who owns it, and when the run claimed it (the delay from due to read is measured from it). */
export interface RefreshMessage {
	chartId: string;
	workspaceId: string;
	claimedAt: number;
}

/** The message in `body`, or null when it is not one (a message from another version of the Worker). */
export function parseRefreshMessage(body: unknown): RefreshMessage | null {
	if (typeof body !== "object" || body === null) return null;
	const { chartId, workspaceId, claimedAt } = body as Record<string, unknown>;
	if (typeof chartId !== "string" || typeof workspaceId !== "string" || typeof claimedAt !== "number") return null;
	return { chartId, workspaceId, claimedAt };
}

/**
 * Claims the charts due at `now` and enqueues them. A claim holds a chart's next read five
 * minutes off, so a chart whose message is lost or given up is claimed again then.
 */
export async function enqueueDueCharts(d1: D1Database, queue: Queue<RefreshMessage>, now: number): Promise<DueChart[]> {
	const due = await claimDueLinkedCharts(d1, now, maxEnqueuedPerRun);
	for (let start = 0; start < due.length; start += sendBatchSize) {
		await queue.sendBatch(
			due.slice(start, start + sendBatchSize).map((chart) => ({
				body: { chartId: chart.id, workspaceId: chart.workspaceId, claimedAt: now },
				contentType: "json" as const,
			})),
		);
	}
	return due;
}
