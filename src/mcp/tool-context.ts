/** What every tool gets: the way to the API, and the rest of the MCP request it serves. */
import type { ApiBridge } from "./api-bridge";

export interface ToolContext {
	bridge: ApiBridge;
	requestId: string;
	/**
	 * Counts one request against the account's per-minute limit, for a tool that answers without
	 * calling an API route that does so itself; throws the API's 429 as a `ToolFailure`.
	 */
	charge(): Promise<void>;
}
