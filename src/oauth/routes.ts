/**
 * The OAuth authorization server's endpoints (docs/mcp.md, "Signing in"). They speak OAuth, not
 * the API: public routes whose answers and errors are OAuth's, not listed in either OpenAPI
 * document. The console's consent and connections routes are in src/api/oauth.ts.
 */
import type { Route } from "../http/route";
import { authorizeRoute } from "./authorize";
import { metadataRoutes } from "./metadata";
import { registerRoute } from "./register";
import { revokeRoute } from "./revoke";
import { tokenRoute } from "./token";

export const oauthRoutes: readonly Route[] = [...metadataRoutes, registerRoute, authorizeRoute, tokenRoute, revokeRoute];
