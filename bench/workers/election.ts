/**
 * The election bench's Worker: requests go through the counting Worker (`counting.ts`,
 * the bindings counted as `bench -- queries` counts them, `GET /bench/counts`), while the Cron
 * Trigger and the refresh queue run the deployed handlers on the real bindings, so the counts
 * read during a run are the embed views' alone. Bench only; never deployed.
 */
import worker from "../../src/index";
import counting from "./counting";

export { AccountLimiter, ExportGate } from "../../src/index";

export default {
	fetch: counting.fetch,
	scheduled: worker.scheduled,
	queue: worker.queue,
} satisfies ExportedHandler<Env>;
