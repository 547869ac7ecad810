/**
 * Worker entry: wires the API (`/v1`, `/mcp`, loaded on the first request that needs it,
 * `lazy-api.ts`) and the embed host into the dispatcher, and re-exports the Durable Objects.
 * `scheduled` is the Cron Trigger's run (linked data and library re-imports,
 * src/linked-data/schedule.ts), loaded when it first fires. Nothing else runs when an isolate
 * starts (issue 26).
 */
import { embedPath, serveEmbed } from "./embed/serve";
import { dispatcher } from "./http/dispatch";
import { lazyApi } from "./lazy-api";

export { AccountLimiter } from "./limits/account-limiter";
export { ExportGate } from "./limits/export-gate";

const fetch = dispatcher(lazyApi(), { match: embedPath, serve: serveEmbed });

// Registered with waitUntil at once, before the module loads: the run is the event's whole work.
const scheduled: ExportedHandlerScheduledHandler<Env> = (controller, env, ctx) => {
	ctx.waitUntil(import("./linked-data/schedule").then((schedule) => schedule.runScheduledEvent(controller, env, ctx)));
};

export default { fetch, scheduled } satisfies ExportedHandler<Env>;
