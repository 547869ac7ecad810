/**
 * The two documents an MCP client reads to find out how to sign in (docs/mcp.md, "Signing in"):
 * the protected resource's (RFC 9728), which names `/mcp` and this service as its authorization
 * server, and the authorization server's (RFC 8414), which names its endpoints. The issuer is the
 * origin itself, with no path, so both sit at the root's `/.well-known/`.
 */
import { defineRoute } from "../http/route";
import { mcpResource } from "./audience";
import { offeredScopeNames } from "./scopes";

/** Clients fetch these on every connection; they change only with a deployment. */
const cacheable = { "Cache-Control": "public, max-age=300" };

export function protectedResourceMetadata(origin: string) {
	return {
		resource: mcpResource(origin),
		authorization_servers: [origin],
		scopes_supported: offeredScopeNames,
		bearer_methods_supported: ["header"],
		resource_name: "Charts",
	};
}

export function authorizationServerMetadata(origin: string) {
	return {
		issuer: origin,
		authorization_endpoint: `${origin}/oauth/authorize`,
		token_endpoint: `${origin}/oauth/token`,
		registration_endpoint: `${origin}/oauth/register`,
		revocation_endpoint: `${origin}/oauth/revoke`,
		response_types_supported: ["code"],
		response_modes_supported: ["query"],
		grant_types_supported: ["authorization_code", "refresh_token"],
		code_challenge_methods_supported: ["S256"],
		token_endpoint_auth_methods_supported: ["none"],
		revocation_endpoint_auth_methods_supported: ["none"],
		scopes_supported: offeredScopeNames,
		authorization_response_iss_parameter_supported: true,
	};
}

const protectedResourceRoute = (path: string) =>
	defineRoute({
		method: "GET",
		path,
		tag: "Session",
		summary: "OAuth protected-resource metadata of the MCP endpoint",
		access: "public",
		body: { type: "none" },
		responses: { 200: { description: "RFC 9728 metadata" } },
		errors: [],
		async handler({ url }) {
			return Response.json(protectedResourceMetadata(url.origin), { headers: cacheable });
		},
	});

export const metadataRoutes = [
	protectedResourceRoute("/.well-known/oauth-protected-resource"),
	// RFC 9728 §3.1: a client may ask with the resource's path appended.
	protectedResourceRoute("/.well-known/oauth-protected-resource/mcp"),
	defineRoute({
		method: "GET",
		path: "/.well-known/oauth-authorization-server",
		tag: "Session",
		summary: "OAuth authorization-server metadata",
		access: "public",
		body: { type: "none" },
		responses: { 200: { description: "RFC 8414 metadata" } },
		errors: [],
		async handler({ url }) {
			return Response.json(authorizationServerMetadata(url.origin), { headers: cacheable });
		},
	}),
];
