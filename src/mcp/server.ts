/**
 * The MCP server of one request: every tool, prompt and resource, bound to the caller's key.
 * Stateless (one server per HTTP request), so any isolate answers any request.
 */
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { registerChartTools } from "./chart-tools";
import { registerCheckTool } from "./check-tool";
import { registerExportTool } from "./export-tool";
import { registerLibraryTools } from "./library-tools";
import { registerPromptsAndResources } from "./prompts-and-resources";
import type { ToolContext } from "./tool-context";

export const serverInfo = { name: "charts-service", title: "Charts", version: "1.0.0" };

const instructions =
	"Charts in the user's account: find library statistics (search_statistics) or take the user's own data (CSV), create_chart, show it with export_chart format png, refine it with update_chart, and publish_chart only when the user asks. Errors carry the API's code and message; rate_limited says how long to wait.";

export function buildMcpServer(context: ToolContext): McpServer {
	const server = new McpServer(serverInfo, { instructions });
	registerLibraryTools(server, context);
	registerChartTools(server, context);
	registerExportTool(server, context);
	registerCheckTool(server, context);
	registerPromptsAndResources(server, context);
	return server;
}
