/**
 * The Worker's fetch: picks the host (embed or API), on the API host the console's static app for
 * every path that is not the API's (DESIGN §8), and is the last line of the one error path
 * (DESIGN D28). Reading the config happens inside it, so a broken var answers a JSON 500 with a
 * request id instead of workerd's bare 500. Before the config is read the embed host cannot be
 * told apart from the API, so that one failure is always answered the API's way.
 */
import type { Services } from "../request-services";
import { buildServices } from "../request-services";
import { isConsoleAppPath, serveConsoleApp } from "./console-app";
import { errorResponse } from "./errors";
import { withHeaders } from "./respond";
import type { ApiHandler } from "./router";

export interface EmbedHost {
	/** The path below the embed base if the request is for the embed host, else null. */
	match(requestUrl: string, embedBase: string): string | null;
	/** Answers every request, failures included (its own 404/500 pages); never throws. */
	serve(request: Request, path: string, services: Services, requestId: string): Promise<Response>;
}

/** Cloudflare's ray id when there is one (it is what their logs show), else a fresh UUID. */
export function requestIdOf(request: Request): string {
	return request.headers.get("cf-ray") ?? crypto.randomUUID();
}

export function dispatcher(api: ApiHandler, embed: EmbedHost) {
	return async (request: Request, env: Env, ctx: ExecutionContext): Promise<Response> => {
		const requestId = requestIdOf(request);
		try {
			const services = buildServices(env, ctx);
			const embedPath = embed.match(request.url, services.config.embedBase);
			if (embedPath !== null) return await embed.serve(request, embedPath, services, requestId);
			if (isConsoleAppPath(new URL(request.url).pathname)) return await serveConsoleApp(request, env.ASSETS, requestId);
			return await api(request, services, requestId);
		} catch (error) {
			return withHeaders(errorResponse(error, requestId), { "X-Request-Id": requestId });
		}
	};
}
