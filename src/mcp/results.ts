/**
 * The two shapes a tool answers: a success (a short sentence a person can read, the structured
 * result its output schema describes, and any images or files), or a tool error carrying the
 * API's code and message. Errors are results, never protocol failures, so the model reads them
 * and can fix its call (MCP: "tool errors are reported in the result").
 */
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { ToolFailure } from "./api-bridge";

type Content = CallToolResult["content"][number];

export function toolResult(text: string, structured: Record<string, unknown>, extra: Content[] = []): CallToolResult {
	return { content: [{ type: "text", text }, ...extra], structuredContent: structured };
}

/**
 * A failure as a tool error: `<code>: <message>`, plus how long to wait when the API said so
 * (a 429 or a busy renderer). Anything else thrown is our bug: it is logged with the request id
 * and answered as `internal_error`, never with its internals.
 */
export function toolError(error: unknown, requestId: string): CallToolResult {
	if (error instanceof ToolFailure) {
		const wait =
			error.retryAfterSeconds === null
				? ""
				: ` Wait ${error.retryAfterSeconds} second${error.retryAfterSeconds === 1 ? "" : "s"} before calling this tool again.`;
		return {
			content: [{ type: "text", text: `${error.code}: ${error.message}${wait}` }],
			isError: true,
			_meta: { code: error.code, status: error.status, retryAfterSeconds: error.retryAfterSeconds },
		};
	}
	console.error(`mcp request ${requestId}: a tool failed`, error);
	return {
		content: [{ type: "text", text: `internal_error: The tool failed on our side. Retry; quote request id ${requestId} if it persists.` }],
		isError: true,
		_meta: { code: "internal_error", status: 500, retryAfterSeconds: null },
	};
}

/** Runs a tool's body, turning whatever it throws into a tool error. */
export async function guarded(requestId: string, run: () => Promise<CallToolResult>): Promise<CallToolResult> {
	try {
		return await run();
	} catch (error) {
		return toolError(error, requestId);
	}
}
