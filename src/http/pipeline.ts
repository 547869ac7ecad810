/**
 * What every request goes through, in the order of DESIGN D2:
 * key (401) → account rate limit (429) → plan (403) → scope (403) → query/body (422) → handler.
 * So a rate-limited key with the wrong scope gets 429, never 403.
 */
import type { z } from "zod";
import { requestsPerMinute } from "../domain/plans";
import type { RateDecision } from "../limits/client";
import type { Caller } from "./auth";
import { authenticate, requirePlan, requireScope } from "./auth";
import { maxCsvBytes, maxJsonBytes, parseJsonObject, readText, requireCsvContentType, requireJsonContentType } from "./body";
import type { Services } from "./context";
import { ApiError, errorResponse, validationError } from "./errors";
import { readIdempotencyKey, withIdempotency } from "./idempotency";
import { withHeaders } from "./respond";
import type { Route } from "./route";

export interface Incoming {
	request: Request;
	params: Record<string, string>;
	services: Services;
	requestId: string;
}

export async function runRoute(route: Route, incoming: Incoming): Promise<Response> {
	const now = Date.now();
	if (route.access === "public") {
		return invoke(route, incoming, null, now).catch((error) => errorResponse(error, incoming.requestId));
	}
	let caller: Caller;
	try {
		caller = await authenticate(incoming.request, incoming.services, now);
	} catch (error) {
		return errorResponse(error, incoming.requestId);
	}
	const decision = await incoming.services.limiter.consume(caller.accountId, requestsPerMinute[caller.plan]);
	const response = decision.allowed
		? await runAuthorized(route, incoming, caller, now)
		: errorResponse(rateLimited(decision), incoming.requestId);
	return withHeaders(response, rateLimitHeaders(decision));
}

async function runAuthorized(route: Route, incoming: Incoming, caller: Caller, now: number): Promise<Response> {
	try {
		requirePlan(caller);
		if (route.access !== "key" && route.access !== "public") requireScope(caller, route.access);
		const idempotencyKey = route.idempotent ? readIdempotencyKey(incoming.request) : null;
		const run = () => invoke(route, incoming, caller, now).catch((error) => errorResponse(error, incoming.requestId));
		if (idempotencyKey === null) return await run();
		// The body is read once inside `invoke`; the hash needs the same text, so read it via a clone.
		const bodyText = await incoming.request.clone().text();
		return await withIdempotency(incoming.services, caller, idempotencyKey, incoming.request, bodyText, now, run);
	} catch (error) {
		return errorResponse(error, incoming.requestId);
	}
}

async function invoke(route: Route, incoming: Incoming, caller: Caller | null, now: number): Promise<Response> {
	const url = new URL(incoming.request.url);
	const query = route.query ? parseQuery(route.query, url) : undefined;
	const body = await readBody(route, incoming.request);
	return route.handler({
		request: incoming.request,
		url,
		params: incoming.params,
		query,
		body,
		services: incoming.services,
		caller,
		requestId: incoming.requestId,
		now,
	});
}

function parseQuery(schema: z.ZodType, url: URL): unknown {
	const result = schema.safeParse(Object.fromEntries(url.searchParams));
	if (!result.success) {
		const error = validationError(result.error);
		throw new ApiError("invalid_query", `Query parameter ${error.message}`, error.details);
	}
	return result.data;
}

async function readBody(route: Route, request: Request): Promise<unknown> {
	switch (route.body.type) {
		case "none":
			return undefined;
		case "json": {
			requireJsonContentType(request);
			const text = await readText(request, route.body.maxBytes ?? maxJsonBytes);
			return parseJsonObject(text, route.body.schema);
		}
		case "csv":
			requireCsvContentType(request);
			return readText(request, route.body.maxBytes ?? maxCsvBytes);
	}
}

function rateLimited(decision: RateDecision): ApiError {
	return new ApiError(
		"rate_limited",
		`This account has used its ${decision.limit} requests for the last minute. Retry after ${decision.resetSeconds} s.`,
		{ limit: decision.limit, retryAfterSeconds: decision.resetSeconds },
		{ "Retry-After": String(decision.resetSeconds) },
	);
}

function rateLimitHeaders(decision: RateDecision): Record<string, string> {
	return {
		"RateLimit-Limit": String(decision.limit),
		"RateLimit-Remaining": String(decision.remaining),
		"RateLimit-Reset": String(decision.resetSeconds),
	};
}
