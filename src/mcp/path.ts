/** Where the MCP server answers, named once for the router and the server. */
export const mcpPath = "/mcp";
