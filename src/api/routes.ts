/**
 * Every API route, in one list: the router and the OpenAPI document both read it.
 */
import type { Route } from "../http/route";
import { chartDataRoutes } from "./chart-data";
import { chartVersionRoutes } from "./chart-versions";
import { chartRoutes } from "./charts";
import { dataRoutes } from "./data";
import { exportRoutes } from "./exports";
import { folderRoutes } from "./folders";
import { openApiRoute } from "./openapi";
import { publishRoutes } from "./publish";
import { themeRoutes } from "./themes";

export const apiRoutes: readonly Route[] = [
	...chartRoutes,
	...chartDataRoutes,
	...chartVersionRoutes,
	...exportRoutes,
	...publishRoutes,
	...folderRoutes,
	...themeRoutes,
	...dataRoutes,
	openApiRoute(() => apiRoutes),
];
