/**
 * The API (its routes, their zod schemas, drizzle's tables), loaded by the first request that
 * needs it rather than when the isolate starts (issue 26). Most cold isolates answer a reader of
 * a published chart (the embed host) or a console file, and neither needs any of it; the first
 * API request of an isolate evaluates it once, in the request's time.
 */
import type { ApiHandler } from "./http/router";

let loading: Promise<ApiHandler> | undefined;

function loadApi(): Promise<ApiHandler> {
	loading ??= import("./api-app").then(
		(app) => app.api,
		(error: unknown) => {
			// A failed load (a bug) is retried by the next request rather than answered from a rejected promise forever.
			loading = undefined;
			throw error;
		},
	);
	return loading;
}

export function lazyApi(): ApiHandler {
	return async (request, services, requestId) => (await loadApi())(request, services, requestId);
}
