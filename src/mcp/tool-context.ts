/** What every tool gets: the way to the API, and the rest of the MCP request it serves. */
import type { Caller } from "../domain/caller";
import type { Services } from "../request-services";
import type { ApiBridge } from "./api-bridge";

export interface ToolContext {
	bridge: ApiBridge;
	requestId: string;
	/** The request's services and who it is for, for a tool that calls a service directly (export_chart) rather than a route. */
	services: Services;
	caller: Caller;
	/**
	 * Counts one request against the account's per-minute limit, for a tool that answers without
	 * calling an API route that does so itself; throws the API's 429 as a `ToolFailure`.
	 */
	charge(): Promise<void>;
}
