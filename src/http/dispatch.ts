/**
 * The Worker's fetch: picks the host (embed or API), on the API host the console's static app for
 * every path that is not the API's (docs/design.md#section-8), and is the last line of the one error path
 * (docs/design.md#d28). Reading the config happens inside it, so a broken var answers a JSON 500 with a
 * request id instead of workerd's bare 500. Before the config is read the embed host cannot be
 * told apart from the API, so that one failure is always answered the API's way.
 *
 * This module is on the isolate's startup path: it loads neither the API nor the embed host, nor
 * what they share (zod, drizzle, the request's services). Each host builds the request's services
 * itself once its code is loaded (src/lazy-api.ts, src/lazy-embed.ts).
 */
import { readConfig } from "../env";
import { isConsoleAppPath, serveConsoleApp } from "./console-app";
import { errorResponse } from "./errors";
import { withHeaders } from "./respond";

/** Answers a request for one host, building the request's services from the bindings itself. */
export type HostHandler = (request: Request, env: Env, ctx: ExecutionContext, requestId: string) => Promise<Response>;

export interface EmbedHost {
	/** The path below the embed base if the request is for the embed host, else null. */
	match(requestUrl: string, embedBase: string): string | null;
	/** Answers every request, failures included (its own 404/500 pages); throws only if its code cannot load. */
	serve(request: Request, path: string, env: Env, ctx: ExecutionContext, requestId: string): Promise<Response>;
}

/** Cloudflare's ray id when there is one (it is what their logs show), else a fresh UUID. */
export function requestIdOf(request: Request): string {
	return request.headers.get("cf-ray") ?? crypto.randomUUID();
}

export function dispatcher(api: HostHandler, embed: EmbedHost) {
	return async (request: Request, env: Env, ctx: ExecutionContext): Promise<Response> => {
		const requestId = requestIdOf(request);
		try {
			const embedPath = embed.match(request.url, readConfig(env).embedBase);
			if (embedPath !== null) return await embed.serve(request, embedPath, env, ctx, requestId);
			if (isConsoleAppPath(new URL(request.url).pathname)) return await serveConsoleApp(request, env.ASSETS, requestId);
			return await api(request, env, ctx, requestId);
		} catch (error) {
			return withHeaders(errorResponse(error, requestId), { "X-Request-Id": requestId });
		}
	};
}
