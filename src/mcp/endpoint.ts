/**
 * `/mcp`: the Model Context Protocol over streamable HTTP (revision 2025-11-25 and the earlier
 * ones SDK 1.29 speaks, down to 2024-11-05), stateless: every POST carries its own key and is answered with
 * JSON, so any isolate answers any request and nothing is kept between them. Before any MCP
 * message is read:
 * - a browser page from another origin is refused (403): MCP's security guidance, against DNS
 *   rebinding and pages driving a local or remote server with a user's network position;
 * - a request without a valid key or OAuth access token gets the API's 401 with
 *   `WWW-Authenticate` naming the protected-resource metadata (RFC 9728 §5.1), where an MCP
 *   client learns how to sign in (docs/mcp.md; no console session: an assistant holds a key or
 *   a token, never a cookie), and a key of an account without API access the API's 403
 *   `plan_required`;
 * - GET (a server-to-client event stream) and DELETE (ending a session) are 405: a stateless
 *   server has neither, which the transport spec allows;
 * - a body over one tool call's size is the API's 413, and one that is not a single JSON-RPC
 *   message (a batch, `[]` included) is -32600, so a request's work is one message's.
 * The tools then call the API with the same key (api-bridge.ts), so scopes, the per-minute limit
 * and error codes are the API's; export_chart calls the export service with this request's
 * services and caller, and charges the limit and checks the scope as its route does. The protocol's own messages (initialize, tools/list, …) do not
 * count against the limit; every tool call does, like the API request it is.
 */
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { ApiError } from "../api-error";
import { maxCsvBytes } from "../domain/body-limits";
import type { Caller } from "../domain/caller";
import { requestsPerMinute } from "../domain/plans";
import { authenticate, requirePlan } from "../http/auth";
import { readText } from "../http/body";
import { errorResponse } from "../http/errors";
import { withHeaders } from "../http/respond";
import type { ApiHandler } from "../http/router";
import { markMcpRequest, protectedResourceMetadataUrl } from "../oauth/audience";
import type { Services } from "../request-services";
import { ApiBridge, ToolFailure } from "./api-bridge";
import { mcpPath } from "./path";
import { buildMcpServer } from "./server";

/**
 * The largest tool call is a create_chart or update_chart carrying a CSV as large as the API
 * takes; around it, the JSON-RPC envelope, the other arguments (`meta` is at most 64 KiB) and the
 * CSV's own JSON escaping (a `\n` or `\"` is two bytes) need far less than this margin. A batch
 * is refused below, so this bounds the work of one request to one message.
 */
export const maxMessageBytes = maxCsvBytes + 256 * 1024;

const limiterRetrySeconds = 5;

export async function serveMcp(request: Request, services: Services, requestId: string, api: ApiHandler): Promise<Response> {
	try {
		return withHeaders(await answer(request, services, requestId, api), { "X-Request-Id": requestId });
	} catch (error) {
		return withHeaders(errorResponse(withResourceMetadata(error, request), requestId), { "X-Request-Id": requestId });
	}
}

/** A 401's challenge names where the client learns how to sign in (RFC 9728 §5.1). */
function withResourceMetadata(error: unknown, request: Request): unknown {
	if (!(error instanceof ApiError) || error.code !== "unauthorized") return error;
	const challenge = error.headers["WWW-Authenticate"] ?? 'Bearer realm="charts"';
	const metadataUrl = protectedResourceMetadataUrl(new URL(request.url).origin);
	return new ApiError(error.code, error.message, error.details, {
		...error.headers,
		"WWW-Authenticate": `${challenge}, resource_metadata="${metadataUrl}"`,
	});
}

async function answer(request: Request, services: Services, requestId: string, api: ApiHandler): Promise<Response> {
	refuseForeignOrigin(request);
	// OAuth access tokens are taken here, and by the API calls the tools make with this request's services (src/oauth/audience.ts).
	markMcpRequest(services);
	const authorization = request.headers.get("Authorization");
	if (authorization === null) {
		throw new ApiError(
			"unauthorized",
			"The MCP server needs you to sign in: add this URL to your assistant and it signs in through OAuth, or send the header `Authorization: Bearer <API key>`. The console's Keys page shows how to connect an assistant.",
			undefined,
			{ "WWW-Authenticate": 'Bearer realm="charts"' },
		);
	}
	const { caller } = await authenticate(request, services, Date.now());
	requirePlan(caller);
	if (request.method !== "POST") {
		throw new ApiError(
			"method_not_allowed",
			`${request.method} is not allowed on ${mcpPath}: this MCP server is stateless (no event stream, no session to end); send POST.`,
			undefined,
			{ Allow: "POST" },
		);
	}
	const parsedBody = parseMessage(await readMessage(request));
	if (parsedBody === undefined) return parseError();
	// The SDK's transport would answer every message of a batch (an empty one with 202): refused here.
	if (typeof parsedBody !== "object" || parsedBody === null || Array.isArray(parsedBody)) return invalidRequest(parsedBody);

	const bridge = new ApiBridge(api, authorization, services, requestId, request.url);
	const server = buildMcpServer({ bridge, requestId, services, caller, charge: () => charge(services, caller) });
	const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
	await server.connect(transport);
	try {
		return await transport.handleRequest(request, { parsedBody });
	} finally {
		await server.close();
	}
}

/**
 * A browser sends `Origin` with every POST; clients outside a browser (assistants' MCP clients,
 * mcp-remote, curl) send none. Only a page of this service itself (the console) may call.
 */
function refuseForeignOrigin(request: Request): void {
	const origin = request.headers.get("Origin");
	if (origin === null || origin === new URL(request.url).origin) return;
	throw new ApiError(
		"forbidden",
		`Requests from the web page at ${origin} are refused: the MCP server answers MCP clients and this service's own pages only.`,
	);
}

function parseMessage(text: string): unknown {
	try {
		return JSON.parse(text) as unknown;
	} catch {
		return undefined;
	}
}

/** The body as text, or the API's 413, saying what the limit is for. */
async function readMessage(request: Request): Promise<string> {
	try {
		return await readText(request, maxMessageBytes);
	} catch (error) {
		if (!(error instanceof ApiError && error.code === "payload_too_large")) throw error;
		const purpose = `An MCP message is one tool call, with a CSV (data) of at most ${maxCsvBytes / (1024 * 1024)} MiB as in the API.`;
		throw new ApiError("payload_too_large", `${error.message} ${purpose}`, error.details);
	}
}

function parseError(): Response {
	return Response.json(
		{ jsonrpc: "2.0", error: { code: -32700, message: "Parse error: the body is not JSON. Send a JSON-RPC message." }, id: null },
		{ status: 400 },
	);
}

/**
 * A body that is JSON but not one JSON-RPC message. Batches (an array, an empty one included)
 * were dropped by the protocol's 2025-06-18 revision; this server refuses them from a client of
 * any revision, so a request is one message and its work is one message's work.
 */
function invalidRequest(body: unknown): Response {
	const message = Array.isArray(body)
		? "Invalid Request: JSON-RPC batches are not accepted (MCP 2025-06-18 removed them). Send each message in its own POST."
		: "Invalid Request: the body must be one JSON-RPC message, a JSON object.";
	return Response.json({ jsonrpc: "2.0", error: { code: -32600, message }, id: null }, { status: 400 });
}

/** One request against the account's per-minute limit, refused the way the API refuses it (429 with the wait). */
async function charge(services: Services, caller: Caller): Promise<void> {
	let decision: Awaited<ReturnType<Services["limiter"]["consume"]>>;
	try {
		decision = await services.limiter.consume(caller.accountId, requestsPerMinute[caller.plan]);
	} catch (error) {
		console.error("mcp: the rate limiter failed", error);
		throw new ToolFailure(
			"service_unavailable",
			`The service cannot check this account's rate limit right now. Retry after ${limiterRetrySeconds} s.`,
			503,
			limiterRetrySeconds,
		);
	}
	if (!decision.allowed) {
		throw new ToolFailure(
			"rate_limited",
			`This account has used its ${decision.limit} requests for the last minute. Retry after ${decision.resetSeconds} s.`,
			429,
			decision.resetSeconds,
		);
	}
}
