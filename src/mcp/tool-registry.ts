/**
 * The tools of one MCP request, answering `tools/list` and `tools/call` on the SDK's server
 * itself rather than through `McpServer.registerTool`, for two things the SDK does not offer:
 * - the JSON Schemas are ours (tool-json-schema.ts): 2020-12 with `$defs`, portable, and built
 *   once per isolate, so the whole list stays small (docs/mcp.md: under 15 KB);
 * - arguments its schema refuses are a tool error of one sentence naming the argument
 *   (`invalid_body: kind: "bar" is not a chart kind; did you mean …`), never the validator's dump.
 */
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import {
	CallToolRequestSchema,
	type CallToolResult,
	ErrorCode,
	ListToolsRequestSchema,
	McpError,
	type Tool,
	type ToolAnnotations,
} from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { ToolFailure } from "./api-bridge";
import { argumentProblem } from "./argument-errors";
import { toolError } from "./results";
import { toolJsonSchema } from "./tool-json-schema";

/**
 * Tool hints, each sending only what differs from MCP's defaults (readOnlyHint false,
 * destructiveHint true, idempotentHint false, openWorldHint true): the list is read on every
 * conversation. A destructive tool says so all the same.
 */
export const hints = {
	readOnly: { readOnlyHint: true },
	creates: { destructiveHint: false },
	changes: { destructiveHint: false, idempotentHint: true },
	destroys: { destructiveHint: true, idempotentHint: true },
} as const satisfies Record<string, ToolAnnotations>;

export interface ToolConfig<Shape extends z.ZodRawShape> {
	title: string;
	description: string;
	inputSchema: Shape;
	outputSchema: z.ZodObject;
	annotations: ToolAnnotations;
}

type Handler<Shape extends z.ZodRawShape> = (args: z.infer<z.ZodObject<Shape>>) => Promise<CallToolResult>;

interface RegisteredTool {
	config: ToolConfig<z.ZodRawShape>;
	input: z.ZodObject;
	run: (args: unknown) => Promise<CallToolResult>;
}

/** Each tool's definition as listed, made once per isolate: its schemas do not change per request. */
const listedTools = new Map<string, Tool>();

function definitionOf(name: string, tool: RegisteredTool): Tool {
	const listed = listedTools.get(name);
	if (listed) return listed;
	const { title, description, annotations, outputSchema } = tool.config;
	const definition = {
		name,
		title,
		description,
		inputSchema: toolJsonSchema(tool.input, "input"),
		outputSchema: toolJsonSchema(outputSchema, "output"),
		annotations,
	} as Tool;
	listedTools.set(name, definition);
	return definition;
}

export class ToolRegistry {
	private readonly tools = new Map<string, RegisteredTool>();

	constructor(private readonly requestId: string) {}

	registerTool<Shape extends z.ZodRawShape>(name: string, config: ToolConfig<Shape>, handler: Handler<Shape>): void {
		const input = z.object(config.inputSchema);
		this.tools.set(name, {
			config: config as unknown as ToolConfig<z.ZodRawShape>,
			input,
			run: (args) => handler(args as z.infer<z.ZodObject<Shape>>),
		});
	}

	/** Serves the tools on `server`; call before it connects. */
	attach(server: McpServer): void {
		server.server.registerCapabilities({ tools: {} });
		server.server.setRequestHandler(ListToolsRequestSchema, () => ({
			tools: [...this.tools].map(([name, tool]) => definitionOf(name, tool)),
		}));
		server.server.setRequestHandler(CallToolRequestSchema, async (request) => {
			const tool = this.tools.get(request.params.name);
			// An unknown tool is a protocol error (MCP: tools/call), not a tool result.
			if (!tool) throw new McpError(ErrorCode.InvalidParams, `No tool "${request.params.name}": tools/list names them.`);
			const parsed = tool.input.safeParse(request.params.arguments ?? {}, { reportInput: true });
			if (!parsed.success) return toolError(new ToolFailure("invalid_body", argumentProblem(parsed.error), 422), this.requestId);
			return tool.run(parsed.data);
		});
	}
}
