/**
 * Every route, in two lists: the public API (`/v1`, with its OpenAPI document) and the console's
 * (sign-in and console-only routes, with theirs). The router serves both, and beside them the
 * OAuth authorization server's endpoints and the console's consent and connections routes
 * (docs/mcp.md, "Signing in"), which neither document lists.
 */
import type { Route } from "../http/route";
import { oauthRoutes } from "../oauth/routes";
import { activityRoute } from "./activity";
import { chartChecksRoute } from "./chart-checks";
import { copyChartRoute } from "./chart-copy";
import { chartDataRoutes } from "./chart-data";
import { chartVersionRoutes } from "./chart-versions";
import { chartRoutes } from "./charts";
import { listChartsRoute } from "./charts-list";
import { consoleRoutes } from "./console/routes";
import { dataRoutes } from "./data";
import { exportRoutes } from "./exports";
import { folderRoutes } from "./folders";
import { healthRoute } from "./health";
import { metaSchemaRoute } from "./meta-schema";
import { oauthConsoleRoutes } from "./oauth";
import { openApiRoute } from "./openapi";
import { publishRoutes } from "./publish";
import { teamRoutes } from "./team";
import { themeRoutes } from "./themes";

/** The public API: what `GET /v1/openapi.json` documents. */
export const apiRoutes: readonly Route[] = [
	...chartRoutes,
	listChartsRoute,
	copyChartRoute,
	chartChecksRoute,
	...chartDataRoutes,
	...chartVersionRoutes,
	...exportRoutes,
	...publishRoutes,
	...folderRoutes,
	...themeRoutes,
	...dataRoutes,
	...teamRoutes,
	activityRoute,
	healthRoute,
	metaSchemaRoute,
	openApiRoute(() => apiRoutes),
];

/** What the Worker serves. */
export const allRoutes: readonly Route[] = [...apiRoutes, ...consoleRoutes, ...oauthRoutes, ...oauthConsoleRoutes];
