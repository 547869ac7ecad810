/**
 * Worker entry: wires the API router, the MCP server in front of it (`/mcp`) and the embed host
 * into the dispatcher, and re-exports the Durable Objects. `scheduled` is the Cron Trigger's
 * run: linked data and library re-imports (src/linked-data/schedule.ts).
 */
import { allRoutes } from "./api/routes";
import { embedPath, serveEmbed } from "./embed/serve";
import { dispatcher } from "./http/dispatch";
import { buildApi } from "./http/router";
import { scheduled } from "./linked-data/schedule";
import { withMcp } from "./mcp/route";

export { AccountLimiter } from "./limits/account-limiter";
export { ExportGate } from "./limits/export-gate";

const fetch = dispatcher(withMcp(buildApi(allRoutes)), { match: embedPath, serve: serveEmbed });

export default { fetch, scheduled } satisfies ExportedHandler<Env>;
