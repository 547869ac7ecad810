/**
 * Linked data through Cloudflare Queues (docs/scale.md): the minute's Cron run only claims the
 * due charts (fairly between workspaces, `claimDueLinkedCharts`) and sends one message per chart
 * to the refresh queue; its consumer (queue-consumer.ts) reads and parses them, and sends each
 * chart whose source changed to the redraw queue, whose consumer draws it through the export
 * gate. Two queues, so the many quick reads (most answer 304) never wait behind a drawing
 * (their names: queue-names.ts).
 */
import { z } from "zod";
import { claimDueLinkedCharts } from "../db/linked-data";
import type { NewContent } from "./refresh-linked";

/**
 * Charts a run claims at once (one statement): far above one minute's reads of every workspace
 * at its cap today. A run claims page after page until one is short, at most `maxClaimPagesPerRun`.
 */
export const claimPageSize = 2_000;
/** 20,000 charts a minute; the rest wait for the next run, longest-waiting first. */
export const maxClaimPagesPerRun = 10;
/** A `sendBatch` takes at most 100 messages. */
const sendBatchSize = 100;

/** One chart to read: who owns it, and when the run claimed it (the delay from due to read is measured from it). */
export interface RefreshMessage {
	chartId: string;
	workspaceId: string;
	claimedAt: number;
}

const RefreshMessageBody = z.object({
	chartId: z.string(),
	workspaceId: z.string(),
	claimedAt: z.number(),
}) satisfies z.ZodType<RefreshMessage>;

/** The message in `body`, or null when it is not one (a message from another version of the Worker). */
export function parseRefreshMessage(body: unknown): RefreshMessage | null {
	const parsed = RefreshMessageBody.safeParse(body);
	return parsed.success ? parsed.data : null;
}

/** A chart whose source answered new content, to redraw: the read's `NewContent` as it is. */
export type RedrawMessage = NewContent;

const RedrawMessageBody = z.object({
	chartId: z.string(),
	workspaceId: z.string(),
	url: z.string(),
	readVersion: z.number().int(),
	readAt: z.number(),
	dueAt: z.number(),
	validators: z.object({ etag: z.string().nullable(), lastModified: z.string().nullable(), contentHash: z.string().nullable() }),
	dataBlobKey: z.string(),
	refreshMinutes: z.number(),
	failures: z.number().int(),
}) satisfies z.ZodType<RedrawMessage>;

/** The redraw in `body`, or null when it is not one. */
export function parseRedrawMessage(body: unknown): RedrawMessage | null {
	const parsed = RedrawMessageBody.safeParse(body);
	return parsed.success ? parsed.data : null;
}

/**
 * Claims the charts due at `now` and enqueues them, a page at a time, fairly between workspaces
 * within each page; answers how many it sent. A claim holds a chart's next read five minutes off,
 * so a chart whose message is lost or given up is claimed again then.
 */
export async function enqueueDueCharts(
	d1: D1Database,
	queue: Queue<RefreshMessage>,
	now: number,
	pageSize: number = claimPageSize,
): Promise<number> {
	let sent = 0;
	for (let page = 0; page < maxClaimPagesPerRun; page++) {
		const due = await claimDueLinkedCharts(d1, now, pageSize);
		for (let start = 0; start < due.length; start += sendBatchSize) {
			await queue.sendBatch(
				due.slice(start, start + sendBatchSize).map((chart) => ({
					body: { chartId: chart.id, workspaceId: chart.workspaceId, claimedAt: now },
					contentType: "json" as const,
				})),
			);
		}
		sent += due.length;
		if (due.length < pageSize) break;
	}
	return sent;
}
