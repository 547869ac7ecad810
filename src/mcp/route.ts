/**
 * `/mcp` in front of the API's routes. The MCP server (the SDK, its schemas, the tools) is
 * loaded on the first MCP request only: evaluating the SDK's modules takes about twice as long as
 * zod's, a cost no API request should pay at an isolate's start.
 */
import type { ApiHandler } from "../http/router";
import { mcpPath } from "./path";

export function withMcp(api: ApiHandler): ApiHandler {
	return async (request, services, requestId) => {
		if (new URL(request.url).pathname !== mcpPath) return api(request, services, requestId);
		const { serveMcp } = await import("./endpoint");
		return serveMcp(request, services, requestId, api);
	};
}
