/**
 * Worker entry: wires the API (`/v1`, `/mcp`, loaded on the first request that needs it,
 * `lazy-api.ts`) and the embed host into the dispatcher, and re-exports the Durable Objects.
 * Nothing else runs when an isolate starts (issue 26).
 */
import { embedPath, serveEmbed } from "./embed/serve";
import { dispatcher } from "./http/dispatch";
import { lazyApi } from "./lazy-api";

export { AccountLimiter } from "./limits/account-limiter";
export { ExportGate } from "./limits/export-gate";

const fetch = dispatcher(lazyApi(), { match: embedPath, serve: serveEmbed });

export default { fetch } satisfies ExportedHandler<Env>;
