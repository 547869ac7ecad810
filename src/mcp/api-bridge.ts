/**
 * How a tool reaches the API: it builds the request a client would send and hands it to the
 * Worker's own router, in the same isolate, with the MCP request's own `Authorization` header.
 * So a tool call goes through exactly what an API request goes through (the key's record, the
 * account's per-minute limit, the plan, the scope, the zod schemas, the handlers and their error
 * codes), and counts as one request against the account's limit (docs/design.md#d2). `export_chart`
 * alone calls the export service directly (export-tool.ts), to take the drawing's warnings as
 * data rather than read them back from a header. Its path is built
 * from the route's template, each id checked against its kind's shape and every parameter
 * escaped, so no argument can make the call reach another route.
 */
import { buildPath } from "../http/path-ids";
import type { ApiHandler } from "../http/router";
import type { Services } from "../request-services";

/** An API error answer, as the tool reports it. */
export class ToolFailure extends Error {
	constructor(
		readonly code: string,
		message: string,
		readonly status: number,
		/** From `Retry-After` on a 429 or 503: how long the client should wait. */
		readonly retryAfterSeconds: number | null = null,
	) {
		super(message);
		this.name = "ToolFailure";
	}
}

export interface ApiCall {
	method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
	/** The route's path, e.g. `/v1/charts/:id/publish`, its parameters given in `params`. */
	path: string;
	params?: Record<string, string>;
	query?: Record<string, string | number | undefined>;
	/** Sent as JSON. */
	json?: unknown;
	/** Sent as `text/csv`. */
	csv?: string;
}

export class ApiBridge {
	readonly origin: string;

	constructor(
		private readonly api: ApiHandler,
		private readonly authorization: string,
		private readonly services: Services,
		private readonly requestId: string,
		requestUrl: string,
	) {
		this.origin = new URL(requestUrl).origin;
	}

	/**
	 * The absolute URL of an API route, as a person or another client would fetch it. Throws a
	 * `ToolFailure` naming the argument when a parameter is not of its shape (an id not an id).
	 */
	url(path: string, params: ApiCall["params"] = {}, query: ApiCall["query"] = {}): string {
		const built = buildPath(path, params);
		if ("problem" in built) throw new ToolFailure("not_found", `${built.parameter}: ${built.problem}`, 404);
		const url = new URL(built.path, this.origin);
		for (const [name, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(name, String(value));
		return url.toString();
	}

	/** The API's answer when it is a success (2xx); a `ToolFailure` with its code and message otherwise. */
	async send(call: ApiCall): Promise<Response> {
		const headers = new Headers({ Authorization: this.authorization });
		let body: string | undefined;
		if (call.json !== undefined) {
			headers.set("Content-Type", "application/json");
			body = JSON.stringify(call.json);
		} else if (call.csv !== undefined) {
			headers.set("Content-Type", "text/csv; charset=utf-8");
			body = call.csv;
		}
		const request = new Request(this.url(call.path, call.params, call.query), { method: call.method, headers, body });
		const response = await this.api(request, this.services, this.requestId);
		if (response.ok) return response;
		throw await failureOf(response);
	}

	/** `send`, reading the answer as JSON. */
	async json<T>(call: ApiCall): Promise<T> {
		return (await (await this.send(call)).json()) as T;
	}
}

async function failureOf(response: Response): Promise<ToolFailure> {
	const retryAfter = Number(response.headers.get("Retry-After"));
	const wait = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null;
	let code = "internal_error";
	let message = `The API answered HTTP ${response.status}.`;
	try {
		const body = (await response.json()) as { error?: { code?: unknown; message?: unknown } };
		if (typeof body.error?.code === "string") code = body.error.code;
		if (typeof body.error?.message === "string") message = body.error.message;
	} catch {
		// Every API error is JSON (docs/design.md#d28); the HTTP status above says what happened otherwise.
	}
	return new ToolFailure(code, message, response.status, wait);
}
