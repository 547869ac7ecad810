/**
 * Builds the itty-router from the route declarations, and answers what matches no route:
 * a known path with another method is 405 with `Allow`, anything else 404 (docs/design.md#d1). HEAD is
 * answered wherever GET is (RFC 9110 §9.3.2: the GET answer's headers; workerd sends no body),
 * so `curl -I` sees an export's `ETag`, type and encoding. A path ending in a slash is a 404
 * too, and a path id not of its kind's shape (`/v1/charts/x.y`) is one once the key, scope and
 * body have been checked (path-ids.ts, pipeline.ts).
 * CORS is open (`*`): keys travel in a header, so notebooks in a browser can call the API
 * without a proxy. It never allows credentials (no `Access-Control-Allow-Credentials`, and `*`
 * forbids them anyway), so another site's page can never make a browser send the console's
 * session cookie with a cross-origin request it can read (docs/design.md#d32). A notebook can read a
 * read's `X-D1-Bookmark` and send it back (src/http/d1-session.ts).
 */

import type { IRequest } from "itty-router";
import { IttyRouter } from "itty-router";
import { ApiError } from "../api-error";
import type { Services } from "../request-services";
import { errorResponse } from "./errors";
import { pathIdKinds } from "./path-ids";
import { runRoute } from "./pipeline";
import { withHeaders } from "./respond";
import type { Route } from "./route";

const corsHeaders = {
	"Access-Control-Allow-Origin": "*",
	"Access-Control-Expose-Headers":
		"ETag, Retry-After, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Idempotent-Replayed, X-Request-Id, Content-Disposition, X-Render-Warnings, X-Meta-Warnings, X-D1-Bookmark",
};

export type ApiHandler = (request: Request, services: Services, requestId: string) => Promise<Response>;

export function buildApi(routes: readonly Route[]): ApiHandler {
	const router = IttyRouter<IRequest, [Services, string]>();
	const methodsByPath = new Map<string, string[]>();
	for (const route of routes) {
		const methods = route.method === "GET" ? (["GET", "HEAD"] as const) : [route.method];
		methodsByPath.set(route.path, [...(methodsByPath.get(route.path) ?? []), ...methods]);
		const idKinds = pathIdKinds(route.path);
		for (const method of methods) {
			router[method.toLowerCase() as "get"](route.path, (request, services, requestId) =>
				runRoute(route, { request, params: { ...request.params }, idKinds, services, requestId }),
			);
		}
	}
	for (const [path, methods] of methodsByPath) {
		const allow = methods.join(", ");
		router.options(path, () => preflight(allow));
		router.all(path, (request, _services, requestId) =>
			errorResponse(
				new ApiError("method_not_allowed", `${request.method} is not allowed on ${path}; use ${allow}.`, undefined, {
					Allow: allow,
				}),
				requestId,
			),
		);
	}
	router.all("*", (request, _services, requestId) =>
		errorResponse(
			new ApiError("not_found", `No route ${request.method} ${new URL(request.url).pathname}. See GET /v1/openapi.json.`),
			requestId,
		),
	);

	return async (request, services, requestId) => {
		const response: Response = endsInSlash(request)
			? errorResponse(
					new ApiError(
						"not_found",
						`No route ${request.method} ${new URL(request.url).pathname}: API paths never end in "/". A URL drops an id "." or ".." (or %2E) as a dot segment before it arrives, which leaves one.`,
					),
					requestId,
				)
			: await router.fetch(request, services, requestId);
		return withHeaders(response, { ...corsHeaders, "X-Request-Id": requestId });
	};
}

/**
 * itty-router would take `/v1/charts/` for `/v1/charts`. No API path ends in a slash, and URLs
 * are normalised before the Worker sees them (workerd, like every WHATWG parser, folds
 * `/v1/charts/.` and `/v1/charts/%2E` into `/v1/charts/`), so this is where an id of `.` would
 * otherwise reach the list.
 */
function endsInSlash(request: Request): boolean {
	const { pathname } = new URL(request.url);
	return pathname.length > 1 && pathname.endsWith("/");
}

function preflight(allow: string): Response {
	return new Response(null, {
		status: 204,
		headers: {
			"Access-Control-Allow-Methods": `${allow}, OPTIONS`,
			"Access-Control-Allow-Headers": "Authorization, Content-Type, If-Match, If-None-Match, Idempotency-Key, X-D1-Bookmark",
			"Access-Control-Max-Age": "86400",
		},
	});
}
