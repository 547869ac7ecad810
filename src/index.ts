/**
 * Worker entry: wires the API (`/v1`, `/mcp`, `lazy-api.ts`) and the embed host
 * (`lazy-embed.ts`), each loaded on the first request that needs it, into the dispatcher, and
 * re-exports the Durable Objects. `scheduled` is the Cron Trigger's run (linked data and library
 * re-imports, src/linked-data/schedule.ts), loaded when it first fires. Nothing else runs when
 * an isolate starts: no zod, no drizzle, no renderer (issue 26).
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

export default { fetch, scheduled } satisfies ExportedHandler<Env>;
