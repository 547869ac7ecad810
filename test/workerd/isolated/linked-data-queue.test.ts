/**
 * Linked data through the refresh queue (src/linked-data/refresh-queue.ts, queue-consumer.ts):
 * the Cron run only enqueues the due charts; the consumer reads, parses and redraws them; a
 * failing source is retried with back-off, shows its `lastError` at once, and once the retries
 * are spent the dead-letter consumer schedules it again after its back-off (never a silent stop);
 * a read that a person's write overtakes is dropped. The Worker's `scheduled` and `queue`
 * handlers are called directly, with the messages the run sent.
 */
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../../src/index";
import { retryDelaySeconds } from "../../../src/linked-data/queue-consumer";
import type { RefreshMessage } from "../../../src/linked-data/refresh-queue";
import { deadLetterQueueName, refreshQueueName } from "../../../src/linked-data/refresh-queue";
import { call, callJson } from "../../harness/workerd/api";
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

/** Runs the Cron handler with a queue that keeps what it is sent. */
async function scheduledRun(at: number): Promise<RefreshMessage[]> {
	const sent: RefreshMessage[] = [];
	const queue = {
		send: async (body: RefreshMessage) => void sent.push(body),
		sendBatch: async (messages: Iterable<MessageSendRequest<RefreshMessage>>) => {
			for (const message of messages) sent.push(message.body);
		},
	} as unknown as Queue<RefreshMessage>;
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
function batchOf(queueName: string, bodies: RefreshMessage[], attempts: number): { batch: MessageBatch<RefreshMessage>; outcome: Outcome } {
	const outcome: Outcome = { acked: [], retried: [] };
	const messages = bodies.map((body, i) => {
		const id = `m${i}-${body.chartId}`;
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
	} as unknown as MessageBatch<RefreshMessage>;
	return { batch, outcome };
}

async function consume(queueName: string, bodies: RefreshMessage[], attempts = 1, bindings: Env = env): Promise<Outcome> {
	const { batch, outcome } = batchOf(queueName, bodies, attempts);
	const ctx = createExecutionContext();
	await worker.queue?.(batch, bindings, ctx);
	await waitOnExecutionContext(ctx);
	return outcome;
}

const getChart = async (key: string, id: string) => (await callJson<Chart>(key, "GET", `/v1/charts/${id}`)).body;

describe("linked data through the refresh queue", () => {
	it("enqueues the due chart, and the consumer redraws its embed", async () => {
		const { key } = await makeAccount();
		let csv = "party,seats\nGreens,20\nLabour,40\n";
		const chart = await linkedPublishedChart(key, () => csv);
		csv = "party,seats\nGreens,20\nLabour,40\nIndependents,3\n";
		await makeDue(chart.id);
		const now = Date.now();
		const sent = (await scheduledRun(now)).filter((message) => message.chartId === chart.id);
		expect(sent).toEqual([{ chartId: chart.id, workspaceId: expect.any(String), claimedAt: now }]);
		// Enqueued, not read: the embed still shows the old data.
		const before = await exports.default.fetch(new Request(chart.published?.embedUrl ?? ""));
		expect(await before.text()).not.toContain("Independents");

		const result = await consume(refreshQueueName, sent);
		expect(result).toEqual({ acked: [`m0-${chart.id}`], retried: [] });
		const after = await exports.default.fetch(new Request(chart.published?.embedUrl ?? ""));
		expect(await after.text()).toContain("Independents");
		expect((await getChart(key, chart.id)).dataSource?.lastStatus).toBe("ok");
	});

	it("retries a failing source with back-off, shows why at once, then dead-letters it to its back-off", async () => {
		const { key, workspaceId } = await makeAccount();
		const chart = await linkedPublishedChart(key, () => "party,seats\nGreens,20\n");
		fakeWeb().serve(sourceUrl, () => new Response("down", { status: 503 }));
		const message: RefreshMessage = { chartId: chart.id, workspaceId, claimedAt: Date.now() };

		for (const attempts of [1, 2, 3, 4]) {
			const result = await consume(refreshQueueName, [message], attempts);
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
		const consumed = consume(refreshQueueName, [message]);
		await held.reached;
		const mine = await callJson(key, "PUT", `/v1/charts/${chart.id}/data`, {
			rawBody: "party,seats\nMine,1\n",
			headers: { "Content-Type": "text/csv" },
		});
		expect(mine.status).toBe(200);
		held.release();
		expect(await consumed).toEqual({ acked: [`m0-${chart.id}`], retried: [] });
		const csv = await (await call(key, "GET", `/v1/charts/${chart.id}/export/csv`)).text();
		expect(csv).toMatch(/^party,seats\r?\nMine,1/);
		const after = await getChart(key, chart.id);
		expect(after.version).toBe(chart.version + 1);
		expect(after.dataSource).toBeNull();
	});
});
