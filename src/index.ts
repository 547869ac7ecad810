/**
 * Worker entry: wires the API (`/v1`, `/mcp`, `lazy-api.ts`) and the embed host
 * (`lazy-embed.ts`), each loaded on the first request that needs it, into the dispatcher, and
 * re-exports the Durable Objects. `scheduled` is the Cron Trigger's run (linked data and library
 * re-imports, src/linked-data/schedule.ts), loaded when it first fires; `queue` the linked-data
 * queues' consumers (src/linked-data/queue-consumer.ts), loaded with its first batch. Nothing else runs when
 * an isolate starts: no zod, no drizzle, no renderer.
 */
import { dispatcher } from "./http/dispatch";
import { embedPath } from "./http/embed-path";
import { lazyApi } from "./lazy-api";
import { lazyEmbed } from "./lazy-embed";

export { AccountLimiter } from "./limits/account-limiter";
export { ExportGate } from "./limits/export-gate";

const fetch = dispatcher(lazyApi(), { match: embedPath, serve: lazyEmbed() });

// Registered with waitUntil at once, before the module loads: the run is the event's whole work.
const scheduled: ExportedHandlerScheduledHandler<Env> = (controller, env, ctx) => {
	ctx.waitUntil(import("./linked-data/schedule").then((schedule) => schedule.runScheduledEvent(controller, env, ctx)));
};

// The refresh and redraw queues' batches and their dead letters (src/linked-data/queue-consumer.ts), loaded with the first batch.
const queue: ExportedHandlerQueueHandler<Env> = async (batch, env, ctx) => {
	const [consumers, { deadLetterQueueName, redrawQueueName }, { buildServices }] = await Promise.all([
		import("./linked-data/queue-consumer"),
		import("./linked-data/queue-names"),
		import("./request-services"),
	]);
	const services = buildServices(env, ctx);
	if (batch.queue === deadLetterQueueName) await consumers.consumeDeadLetters(batch, services);
	else if (batch.queue === redrawQueueName) await consumers.consumeRedrawBatch(batch, services);
	else await consumers.consumeRefreshBatch(batch, services, env.LINKED_REDRAW);
};

export default { fetch, scheduled, queue } satisfies ExportedHandler<Env>;
