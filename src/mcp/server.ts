/**
 * The MCP server of one request: every tool, prompt and resource, bound to the caller's key.
 * Stateless (one server per HTTP request), so any isolate answers any request.
 */
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { registerChartTools } from "./chart-tools";
import { registerCheckTool } from "./check-tool";
import { registerDataLinkTools } from "./data-link-tools";
import { registerExportTool } from "./export-tool";
import { registerFolderTools } from "./folder-tools";
import { registerLibraryTools } from "./library-tools";
import { registerPromptsAndResources } from "./prompts-and-resources";
import { registerPublishTools } from "./publish-tools";
import { registerTeamTools } from "./team-tools";
import type { ToolContext } from "./tool-context";
import { ToolRegistry } from "./tool-registry";
import { registerVersionTools } from "./version-tools";

export const serverInfo = { name: "charts-service", title: "Charts", version: "1.0.0" };

const instructions =
	"Charts in the user's account: find library statistics (search_statistics) or take the user's own data (CSV), create_chart, show it with export_chart format png, refine it with update_chart, and publish_chart only when the user asks. Errors carry the API's code and message; rate_limited says how long to wait.";

export function buildMcpServer(context: ToolContext): McpServer {
	const server = new McpServer(serverInfo, { instructions });
	const tools = new ToolRegistry(context.requestId);
	registerLibraryTools(tools, context);
	registerChartTools(tools, context);
	registerExportTool(tools, context);
	registerPublishTools(tools, context);
	registerVersionTools(tools, context);
	registerFolderTools(tools, context);
	registerDataLinkTools(tools, context);
	registerCheckTool(tools, context);
	registerTeamTools(tools, context);
	tools.attach(server);
	registerPromptsAndResources(server, context);
	return server;
}
