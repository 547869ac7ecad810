/**
 * OAuth access tokens are for the MCP endpoint (their audience is `<origin>/mcp`, RFC 8707), not
 * the API: docs/mcp.md says why. The MCP tools reach the API in-process, through its router, with
 * the MCP request's own token and the same request's `Services` object (src/mcp/api-bridge.ts).
 * So a request is the MCP endpoint's when its `Services` object is one the endpoint marked: a
 * request from outside gets a fresh one and cannot forge the mark, as it is not a header.
 */
import type { Services } from "../request-services";

const mcpServices = new WeakSet<Services>();

export function markMcpRequest(services: Services): void {
	mcpServices.add(services);
}

export function isMcpRequest(services: Services): boolean {
	return mcpServices.has(services);
}

/** The resource an access token is for, and what the protected-resource document names. */
export function mcpResource(origin: string): string {
	return `${origin}/mcp`;
}

export function protectedResourceMetadataUrl(origin: string): string {
	return `${origin}/.well-known/oauth-protected-resource`;
}
