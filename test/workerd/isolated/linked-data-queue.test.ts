/**
 * Linked data through the refresh and redraw queues (src/linked-data/refresh-queue.ts,
 * queue-consumer.ts): the Cron run only enqueues the due charts; the refresh consumer reads and
 * parses them and sends a changed one to the redraw queue, whose consumer draws it; a failing
 * source is retried with back-off, shows its `lastError` at once, and once the retries are spent
 * the dead-letter consumer schedules it again after its back-off (never a silent stop); a read
 * or a waiting redraw that a person's write overtakes is dropped. The Worker's `scheduled` and
 * `queue` handlers are called directly, with the messages the run and the consumers sent.
 */
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../../src/index";
import { retryDelaySeconds } from "../../../src/linked-data/queue-consumer";
import { deadLetterQueueName, redrawQueueName, refreshQueueName } from "../../../src/linked-data/queue-names";
import type { RedrawMessage, RefreshMessage } from "../../../src/linked-data/refresh-queue";
import { enqueueDueCharts } from "../../../src/linked-data/refresh-queue";
import { call, callJson } from "../../harness/workerd/api";
import { withGateFull } from "../../harness/workerd/export-gate";
import { makeAccount } from "../../harness/workerd/factories";
import { fakeWeb } from "../../harness/workerd/fake-upstream";

interface Chart {
	id: string;
	version: number;
	dataSource: { url: string; lastStatus: string | null; lastError: string | null; nextRefreshAt: string | null } | null;
	published: { embedUrl: string } | null;
}

const sourceUrl = "https://data.example.org/results-queue.csv";

async function linkedPublishedChart(key: string, csv: () => string): Promise<Chart> {
	const web = fakeWeb();
	web.csv(sourceUrl, csv);
	const created = await callJson<{ id: string }>(key, "POST", "/v1/charts", {
		body: { kind: "horizontal-bar", data: "party,seats\nGreens,19\nLabour,38\n", meta: { title: "Seats" } },
	});
	expect(created.status).toBe(201);
	const linked = await callJson<Chart>(key, "PUT", `/v1/charts/${created.body.id}/data`, { body: { url: sourceUrl, refreshMinutes: 1 } });
	expect(linked.status).toBe(200);
	expect((await call(key, "POST", `/v1/charts/${created.body.id}/publish`)).status).toBe(200);
	return (await callJson<Chart>(key, "GET", `/v1/charts/${created.body.id}`)).body;
}

const makeDue = (id: string) => env.DB.prepare("UPDATE charts SET linked_next_due_at = 0 WHERE id = ?").bind(id).run();

/** A queue that keeps what it is sent. */
function keepingQueue<T>(): { queue: Queue<T>; sent: T[] } {
	const sent: T[] = [];
	const queue = {
		send: async (body: T) => void sent.push(body),
		sendBatch: async (messages: Iterable<MessageSendRequest<T>>) => {
			for (const message of messages) sent.push(message.body);
		},
	} as unknown as Queue<T>;
	return { queue, sent };
}

/** Runs the Cron handler with a refresh queue that keeps what it is sent. */
async function scheduledRun(at: number): Promise<RefreshMessage[]> {
	const { queue, sent } = keepingQueue<RefreshMessage>();
	const ctx = createExecutionContext();
	worker.scheduled?.(createScheduledController({ scheduledTime: at, cron: "* * * * *" }), { ...env, LINKED_REFRESH: queue }, ctx);
	await waitOnExecutionContext(ctx);
	return sent;
}

/** What a consumer did with each message: acked, or retried after how many seconds. */
interface Outcome {
	acked: string[];
	retried: { id: string; delaySeconds: number | undefined }[];
}

/** A batch of these messages, as the queue delivers them after `attempts` tries, recording what the consumer does with each. */
function batchOf<T>(queueName: string, bodies: T[], attempts: number): { batch: MessageBatch<T>; outcome: Outcome } {
	const outcome: Outcome = { acked: [], retried: [] };
	const messages = bodies.map((body, i) => {
		const id = `m${i}-${(body as { chartId: string }).chartId}`;
		return {
			id,
			timestamp: new Date(),
			attempts,
			body,
			ack: () => void outcome.acked.push(id),
			retry: (options?: QueueRetryOptions) => void outcome.retried.push({ id, delaySeconds: options?.delaySeconds }),
		};
	});
	const batch = {
		queue: queueName,
		messages,
		ackAll: () => {
			for (const message of messages) message.ack();
		},
		retryAll: (options?: QueueRetryOptions) => {
			for (const message of messages) message.retry(options);
		},
	} as unknown as MessageBatch<T>;
	return { batch, outcome };
}

async function consume(queueName: string, bodies: (RefreshMessage | RedrawMessage)[], attempts = 1, bindings: Env = env): Promise<Outcome> {
	const { batch, outcome } = batchOf(queueName, bodies, attempts);
	const ctx = createExecutionContext();
	await worker.queue?.(batch, bindings, ctx);
	await waitOnExecutionContext(ctx);
	return outcome;
}

/** Consumes refresh messages with a redraw queue that keeps what the consumer sends it. */
async function consumeReads(bodies: RefreshMessage[], attempts = 1): Promise<Outcome & { redraws: RedrawMessage[] }> {
	const { queue, sent } = keepingQueue<RedrawMessage>();
	const outcome = await consume(refreshQueueName, bodies, attempts, { ...env, LINKED_REDRAW: queue });
	return { ...outcome, redraws: sent };
}

const embedText = async (chart: Chart) => (await exports.default.fetch(new Request(chart.published?.embedUrl ?? ""))).text();
const storedBlob = async (key: string) => (await env.BLOBS.head(key)) !== null;

const getChart = async (key: string, id: string) => (await callJson<Chart>(key, "GET", `/v1/charts/${id}`)).body;

describe("linked data through the refresh queue", () => {
	it("enqueues the due chart; the read sends its new content to the redraw queue, whose consumer redraws the embed", async () => {
		const { key } = await makeAccount();
		let csv = "party,seats\nGreens,20\nLabour,40\n";
		const chart = await linkedPublishedChart(key, () => csv);
		csv = "party,seats\nGreens,20\nLabour,40\nIndependents,3\n";
		await makeDue(chart.id);
		const now = Date.now();
		const sent = (await scheduledRun(now)).filter((message) => message.chartId === chart.id);
		expect(sent).toEqual([{ chartId: chart.id, workspaceId: expect.any(String), claimedAt: now }]);
		// Enqueued, not read: the embed still shows the old data.
		expect(await embedText(chart)).not.toContain("Independents");

		const read = await consumeReads(sent);
		expect(read.acked).toEqual([`m0-${chart.id}`]);
		expect(read.retried).toEqual([]);
		expect(read.redraws).toEqual([
			expect.objectContaining({
				chartId: chart.id,
				readVersion: chart.version,
				dueAt: now,
				url: sourceUrl,
				dataBlobKey: expect.any(String),
			}),
		]);
		// Read and stored, not drawn: the embed and the chart are as they were.
		expect(await storedBlob(read.redraws[0]?.dataBlobKey ?? "")).toBe(true);
		expect(await embedText(chart)).not.toContain("Independents");
		expect((await getChart(key, chart.id)).version).toBe(chart.version);

		expect(await consume(redrawQueueName, read.redraws)).toEqual({ acked: [`m0-${chart.id}`], retried: [] });
		expect(await embedText(chart)).toContain("Independents");
		const after = await getChart(key, chart.id);
		expect(after.dataSource?.lastStatus).toBe("ok");
		expect(Date.parse(after.dataSource?.nextRefreshAt ?? "")).toBe(now + 60_000);
		// The next read asks with the new content's validators: nothing new, nothing sent.
		const again = await consumeReads([{ ...(sent[0] as RefreshMessage), claimedAt: Date.now() }]);
		expect(again.redraws).toEqual([]);
	});

	it("claims a chart due a moment after the run, not one due later in the minute", async () => {
		const { key } = await makeAccount();
		const soon = await linkedPublishedChart(key, () => "party,seats\nGreens,20\n");
		const later = await linkedPublishedChart(key, () => "party,seats\nGreens,20\n");
		const now = Date.now();
		const dueAt = (id: string, at: number) => env.DB.prepare("UPDATE charts SET linked_next_due_at = ? WHERE id = ?").bind(at, id).run();
		// The run before claimed both a few milliseconds later in its minute than this one starts.
		await dueAt(soon.id, now + 40);
		await dueAt(later.id, now + 20_000);
		const sent = (await scheduledRun(now)).map((message) => message.chartId);
		expect(sent).toContain(soon.id);
		expect(sent).not.toContain(later.id);
	});

	it("claims the due charts page after page until a page is short, each once", async () => {
		const { key } = await makeAccount();
		const charts: Chart[] = [];
		for (let i = 0; i < 5; i++) charts.push(await linkedPublishedChart(key, () => "party,seats\nGreens,20\n"));
		for (const chart of charts) await makeDue(chart.id);
		const { queue, sent } = keepingQueue<RefreshMessage>();
		const count = await enqueueDueCharts(env.DB, queue, Date.now(), 2);
		const ids = sent.map((message) => message.chartId);
		expect(count).toBe(sent.length);
		expect(new Set(ids).size).toBe(ids.length);
		for (const chart of charts) expect(ids).toContain(chart.id);
		// All claimed: a second run finds none of them due.
		const again = keepingQueue<RefreshMessage>();
		await enqueueDueCharts(env.DB, again.queue, Date.now(), 2);
		expect(again.sent.map((message) => message.chartId)).not.toContain(charts[0]?.id);
	});

	it("a redraw that finds every export slot taken waits in its batch and draws once one frees", async () => {
		const { key, workspaceId } = await makeAccount();
		let csv = "party,seats\nGreens,20\n";
		const chart = await linkedPublishedChart(key, () => csv);
		csv = "party,seats\nGreens,21\nLabour,2\n";
		const read = await consumeReads([{ chartId: chart.id, workspaceId, claimedAt: Date.now() }]);
		expect(read.redraws).toHaveLength(1);
		let drawn: Promise<Outcome> | null = null;
		await withGateFull(async () => {
			drawn = consume(redrawQueueName, read.redraws);
			await new Promise((resolve) => setTimeout(resolve, 1_500));
		});
		expect(await drawn).toEqual({ acked: [`m0-${chart.id}`], retried: [] });
		expect(await embedText(chart)).toContain("Labour");
	});

	it("drops a waiting redraw that a person's write overtook, and the dataset only it would have named", async () => {
		const { key, workspaceId } = await makeAccount();
		let csv = "party,seats\nGreens,20\n";
		const chart = await linkedPublishedChart(key, () => csv);
		csv = `party,seats\nFrom the source,${Date.now()}\n`;
		const read = await consumeReads([{ chartId: chart.id, workspaceId, claimedAt: Date.now() }]);
		const redraw = read.redraws[0] as RedrawMessage;
		expect(await storedBlob(redraw.dataBlobKey)).toBe(true);
		const mine = await callJson(key, "PATCH", `/v1/charts/${chart.id}`, { body: { meta: { title: "Mine" } } });
		expect(mine.status).toBe(200);

		expect(await consume(redrawQueueName, [redraw])).toEqual({ acked: [`m0-${chart.id}`], retried: [] });
		const after = await getChart(key, chart.id);
		expect(after.version).toBe(chart.version + 1);
		expect(await embedText(chart)).not.toContain("From the source");
		expect(await storedBlob(redraw.dataBlobKey)).toBe(false);
		// Its validators are the old ones, so the next read (in a minute, not five) brings the content again.
		const wait = Date.parse(after.dataSource?.nextRefreshAt ?? "") - Date.now();
		expect(wait).toBeLessThanOrEqual(60_000);
		expect((await consumeReads([{ chartId: chart.id, workspaceId, claimedAt: Date.now() }])).redraws).toHaveLength(1);
	});

	it("a redraw whose retries are spent is scheduled again and its unnamed dataset removed", async () => {
		const { key, workspaceId } = await makeAccount();
		let csv = "party,seats\nGreens,20\n";
		const chart = await linkedPublishedChart(key, () => csv);
		csv = `party,seats\nGiven up,${Date.now()}\n`;
		const redraw = (await consumeReads([{ chartId: chart.id, workspaceId, claimedAt: Date.now() }])).redraws[0] as RedrawMessage;
		expect(await consume(deadLetterQueueName, [redraw], 4)).toEqual({ acked: [`m0-${chart.id}`], retried: [] });
		expect(await storedBlob(redraw.dataBlobKey)).toBe(false);
		const after = await getChart(key, chart.id);
		expect(after.dataSource?.lastStatus).toBe("failed");
		const wait = Date.parse(after.dataSource?.nextRefreshAt ?? "") - Date.now();
		expect(wait).toBeGreaterThan(0);
		expect(wait).toBeLessThanOrEqual(60_000);
	});

	it("schedules the next read from when the run claimed the chart, so a message that waited in the queue keeps the minute", async () => {
		const { key } = await makeAccount();
		const chart = await linkedPublishedChart(key, () => "party,seats\nGreens,20\nLabour,40\n");
		// Claimed 40 s ago by the minute's run, read only now: the next read is due 20 s from now, not a minute.
		const claimedAt = Date.now() - 40_000;
		const { workspaceId } = (await env.DB.prepare("SELECT workspace_id AS workspaceId FROM charts WHERE id = ?")
			.bind(chart.id)
			.first<{ workspaceId: string }>()) ?? { workspaceId: "" };
		const result = await consumeReads([{ chartId: chart.id, workspaceId, claimedAt }]);
		expect(result.acked).toHaveLength(1);
		const row = await env.DB.prepare("SELECT linked_next_due_at AS due FROM charts WHERE id = ?").bind(chart.id).first<{ due: number }>();
		expect(row?.due).toBe(claimedAt + 60_000);
	});

	it("retries a failing source with back-off, shows why at once, then dead-letters it to its back-off", async () => {
		const { key, workspaceId } = await makeAccount();
		const chart = await linkedPublishedChart(key, () => "party,seats\nGreens,20\n");
		fakeWeb().serve(sourceUrl, () => new Response("down", { status: 503 }));
		const message: RefreshMessage = { chartId: chart.id, workspaceId, claimedAt: Date.now() };

		for (const attempts of [1, 2, 3, 4]) {
			const { redraws, ...result } = await consumeReads([message], attempts);
			expect(redraws).toEqual([]);
			expect(result).toEqual({ acked: [], retried: [{ id: `m0-${chart.id}`, delaySeconds: retryDelaySeconds(attempts) }] });
		}
		expect([1, 2, 3, 4, 5].map(retryDelaySeconds)).toEqual([10, 20, 40, 80, 120]);
		const failing = await getChart(key, chart.id);
		expect(failing.dataSource?.lastStatus).toBe("failed");
		expect(failing.dataSource?.lastError).toMatch(/HTTP 503/);
		// Held while the queue retries: the next Cron run does not enqueue it again.
		expect(Date.parse(failing.dataSource?.nextRefreshAt ?? "") - Date.now()).toBeGreaterThan(60_000);

		const given = await consume(deadLetterQueueName, [message], 5);
		expect(given).toEqual({ acked: [`m0-${chart.id}`], retried: [] });
		const after = await getChart(key, chart.id);
		expect(after.dataSource?.lastError).toMatch(/HTTP 503/);
		// Four failed reads of a one-minute source: its back-off is 2^4 minutes.
		const wait = Date.parse(after.dataSource?.nextRefreshAt ?? "") - Date.now();
		expect(wait).toBeGreaterThan(15 * 60_000);
		expect(wait).toBeLessThanOrEqual(16 * 60_000);
	});

	it("retries when the service itself fails, and the dead letter says so", async () => {
		const { key, workspaceId } = await makeAccount();
		const chart = await linkedPublishedChart(key, () => "party,seats\nGreens,20\n");
		const message: RefreshMessage = { chartId: chart.id, workspaceId, claimedAt: Date.now() };
		const broken = {
			...env,
			DB: {
				prepare: () => {
					throw new Error("D1 is unavailable");
				},
			} as unknown as D1Database,
		};
		expect(await consume(refreshQueueName, [message], 1, broken)).toEqual({
			acked: [],
			retried: [{ id: `m0-${chart.id}`, delaySeconds: 10 }],
		});

		await consume(deadLetterQueueName, [message], 4);
		const after = await getChart(key, chart.id);
		expect(after.dataSource?.lastStatus).toBe("failed");
		expect(after.dataSource?.lastError).toBe("The data could not be refreshed because of an error in the service; it will be tried again.");
		expect(after.dataSource?.nextRefreshAt).not.toBeNull();
	});

	it("drops a queued read that a person's write overtook", async () => {
		const { key, workspaceId } = await makeAccount();
		const chart = await linkedPublishedChart(key, () => "party,seats\nGreens,20\n");
		const web = fakeWeb();
		web.csv(sourceUrl, () => "party,seats\nFrom the source,99\n");
		const held = web.hold();
		const message: RefreshMessage = { chartId: chart.id, workspaceId, claimedAt: Date.now() };
		const consumed = consumeReads([message]);
		await held.reached;
		const mine = await callJson(key, "PUT", `/v1/charts/${chart.id}/data`, {
			rawBody: "party,seats\nMine,1\n",
			headers: { "Content-Type": "text/csv" },
		});
		expect(mine.status).toBe(200);
		held.release();
		const read = await consumed;
		expect(read.acked).toEqual([`m0-${chart.id}`]);
		// The chart moved on while its source was read: the read is dropped before anything is stored or sent.
		expect(read.redraws).toEqual([]);
		const csv = await (await call(key, "GET", `/v1/charts/${chart.id}/export/csv`)).text();
		expect(csv).toMatch(/^party,seats\r?\nMine,1/);
		const after = await getChart(key, chart.id);
		expect(after.version).toBe(chart.version + 1);
		expect(after.dataSource).toBeNull();
	});
});
