/**
 * Sign-in and the console-only routes, in one list with their own OpenAPI document
 * (`GET /console/api/openapi.json`, docs/design.md#d33); the public `/v1` document does not list them.
 */
import type { Route } from "../../http/route";
import { authRoutes } from "../auth";
import { consoleDocumentInfo, openApiRoute } from "../openapi";
import { teamPublicRoutes } from "../team-public";
import { accountRoutes } from "./account";
import { chartPreviewRoute } from "./chart-preview";
import { consoleFontRoutes } from "./fonts";
import { keyRoutes } from "./keys";
import { consoleThemeRoutes } from "./themes";

export const consoleRoutes: readonly Route[] = [
	...authRoutes,
	...teamPublicRoutes,
	...accountRoutes,
	...keyRoutes,
	...consoleThemeRoutes,
	...consoleFontRoutes,
	chartPreviewRoute,
	openApiRoute(() => consoleRoutes, "/console/api/openapi.json", consoleDocumentInfo),
];
