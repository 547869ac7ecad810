/** The API host's handler: the routes, with the MCP server in front of them (`/mcp`). Loaded lazily (`lazy-api.ts`). */
import { allRoutes } from "./api/routes";
import { buildApi } from "./http/router";
import { withMcp } from "./mcp/route";

export const api = withMcp(buildApi(allRoutes));
