/**
 * Every API route, in one list: the router and the OpenAPI document both read it.
 */
import type { Route } from "../http/route";
import { chartVersionRoutes } from "./chart-versions";
import { chartRoutes } from "./charts";
import { exportRoutes } from "./exports";
import { folderRoutes } from "./folders";
import { openApiRoute } from "./openapi";
import { themeRoutes } from "./themes";

export const apiRoutes: readonly Route[] = [
	...chartRoutes,
	...chartVersionRoutes,
	...exportRoutes,
	...folderRoutes,
	...themeRoutes,
	openApiRoute(() => apiRoutes),
];
