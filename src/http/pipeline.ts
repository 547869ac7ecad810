/**
 * What every request goes through, in the order of docs/design.md#d2:
 * key or session (401) → CSRF token of a cookie write (403) → account rate limit (429) →
 * plan (403, keys only) or session-only route and its role (403) → scope, the role's for a
 * session and the key's within its role's (403) → query/body (422)
 * → a path id not of its kind's shape (404) → handler. So a rate-limited key with the wrong scope gets 429, never 403, and a forged
 * cookie write is refused before it does anything, even spending the account's budget.
 * Every step, the limiter call included, answers its failures through `errorResponse` (D28):
 * nothing here can throw. A `readOnly` route's checks and handler run beside the limiter call, but their answer is sent only once the limiter admits the request, so what a
 * client sees, and in which order of precedence, is the same. A key seen before on this isolate
 * starts both on its remembered record while the key is read again (`known-keys.ts`): the answer
 * is the same, but a key revoked since may spend its former account's budget (see there).
 */
import type { z } from "zod";
import { ApiError, validationError } from "../api-error";
import { recordRouteActivity } from "../auth/activity";
import { maxCsvBytes, maxJsonBytes } from "../domain/body-limits";
import type { Caller } from "../domain/caller";
import type { PathIdKind } from "../domain/ids";
import { requestsPerMinute } from "../domain/plans";
import type { RateDecision } from "../limits/client";
import type { Services } from "../request-services";
import type { Authenticated } from "./auth";
import { authenticate, requireCsrfToken, requirePlan, requireScope, requireSession, requireSessionRouteRole } from "./auth";
import {
	multipartFramingBytes,
	parseJsonObject,
	readBytes,
	readText,
	requireBinaryContentType,
	requireCsvContentType,
	requireJsonContentType,
} from "./body";
import { errorResponse } from "./errors";
import { readIdempotencyKey, withIdempotency } from "./idempotency";
import { bearerKeyHash, forgetCaller, guessCaller, rememberCaller, sameCaller } from "./known-keys";
import { pathIdRefusal } from "./path-ids";
import { withHeaders } from "./respond";
import type { Route } from "./route";

export interface Incoming {
	request: Request;
	params: Record<string, string>;
	/** The path parameters that are ids, and their kinds (path-ids.ts). */
	idKinds: Record<string, PathIdKind>;
	services: Services;
	requestId: string;
}

export async function runRoute(route: Route, incoming: Incoming): Promise<Response> {
	const now = Date.now();
	if (route.access === "public") {
		try {
			return await invoke(route, incoming, await checkedInput(route, incoming), null, now, admittedAlready);
		} catch (error) {
			return errorResponse(error, incoming.requestId);
		}
	}
	// A key seen before on this isolate starts its limiter call, and a read its handler, on the
	// record it had then, while the key is read again (known-keys.ts); only a match is answered.
	const keyHash = await bearerKeyHash(incoming.request);
	const guess = keyHash === null ? null : guessCaller(keyHash);
	const confirmation = deferred<boolean>();
	const guessed = guess ? startOn(route, incoming, guess, now, confirmation.promise) : null;
	let authenticated: Authenticated;
	try {
		authenticated = await authenticate(incoming.request, incoming.services, now);
		requireCsrfToken(authenticated.caller, incoming.request);
	} catch (error) {
		if (keyHash !== null) forgetCaller(keyHash);
		confirmation.resolve(false);
		if (guessed) incoming.services.waitUntil(guessed.discard());
		return errorResponse(error, incoming.requestId);
	}
	const { caller } = authenticated;
	const confirmed = guess !== null && sameCaller(guess, caller);
	confirmation.resolve(confirmed);
	if (!confirmed) {
		if (keyHash !== null && caller.credential === "key") rememberCaller(keyHash, caller);
		// Its effects wait for the confirmation it will never get, so it can finish on its own time.
		if (guessed) incoming.services.waitUntil(guessed.discard());
	}
	const { limiting, early } = confirmed && guessed ? guessed : startOn(route, incoming, caller, now);
	let decision: RateDecision;
	try {
		decision = await limiting;
	} catch (error) {
		await discard(early);
		return errorResponse(limiterUnavailable(error, incoming.requestId), incoming.requestId);
	}
	let response: Response;
	if (!decision.allowed) {
		await discard(early);
		response = errorResponse(rateLimited(decision), incoming.requestId);
	} else {
		response = await (early ?? runAuthorized(route, incoming, caller, now, admittedAlready));
	}
	return withHeaders(response, { ...rateLimitHeaders(decision), ...headersNotSetBy(response, authenticated.headers) });
}

interface Started {
	limiting: Promise<RateDecision>;
	/** A read's answer, started beside the limiter's call; null for other routes, which run once admitted. */
	early: Promise<Response> | null;
	/** Waits for what was started and throws it away (a guess that the key's record did not confirm). */
	discard(): Promise<void>;
}

/**
 * Asks the limiter for `caller`'s account and, for a read, starts its handler beside the call:
 * the two round trips overlap. The read's answer is used only once the limiter has admitted the
 * request; anything the handler would change waits for `admitted()`, which also waits for
 * `confirmed` (the key's record matching a guessed caller), so a refused request or a wrong guess
 * changes nothing.
 */
function startOn(route: Route, incoming: Incoming, caller: Caller, now: number, confirmed = Promise.resolve(true)): Started {
	const limiting = incoming.services.limiter.consume(caller.accountId, requestsPerMinute[caller.plan]);
	// Marked handled now: a guess's call may fail while the key is still being read, before anything awaits it.
	limiting.catch(() => undefined);
	// Only a read without a body: a body can be read once, and a dropped guess runs the route again.
	const early =
		route.readOnly && route.body.type === "none" ? runAuthorized(route, incoming, caller, now, admission(limiting, confirmed)) : null;
	return {
		limiting,
		early,
		discard: async () => {
			await limiting.catch(() => undefined);
			await discard(early);
		},
	};
}

function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
	let resolve: (value: T) => void = () => undefined;
	const promise = new Promise<T>((settle) => {
		resolve = settle;
	});
	return { promise, resolve };
}

const admittedAlready = () => Promise.resolve();

/**
 * What a handler awaits before any effect: settles with the limiter and the key's confirmation,
 * and throws unless both admitted.
 */
function admission(limiting: Promise<RateDecision>, confirmed: Promise<boolean>): () => Promise<void> {
	// Never rejects by itself, so a handler that never asks leaves no unhandled rejection behind.
	const allowed = Promise.all([limiting, confirmed]).then(
		([decision, keyConfirmed]) => decision.allowed && keyConfirmed,
		() => false,
	);
	return async () => {
		// Never sent: the pipeline answers the limiter's 429 or 503 instead.
		if (!(await allowed)) throw new ApiError("rate_limited", "The account's rate limit did not admit this request.");
	};
}

/** Waits for an answer that will not be sent and releases its body (a stream from R2, say). */
async function discard(answer: Promise<Response> | null): Promise<void> {
	if (!answer) return;
	const response = await answer;
	await response.body?.cancel().catch(() => undefined);
}

/** A session's refreshed cookie must not undo a cookie the handler set (sign-out clears it). */
function headersNotSetBy(response: Response, headers: Record<string, string>): Record<string, string> {
	return Object.fromEntries(Object.entries(headers).filter(([name]) => !response.headers.has(name)));
}

async function runAuthorized(
	route: Route,
	incoming: Incoming,
	caller: Caller,
	now: number,
	admitted: () => Promise<void>,
): Promise<Response> {
	try {
		if (route.access === "session") {
			requireSession(caller);
			requireSessionRouteRole(caller, route.method, route.path);
		} else {
			// A session skips the plan check: the console serves every plan (D32). Both hold their role's scopes at most (roles.ts).
			if (caller.credential === "key") requirePlan(caller);
			if (route.access !== "key" && route.access !== "public") requireScope(caller, route.access);
		}
		const idempotencyKey = route.idempotent ? readIdempotencyKey(incoming.request) : null;
		// Input is validated before an idempotency key is reserved: a refused body stores nothing.
		const input = await checkedInput(route, incoming);
		const run = () => invoke(route, incoming, input, caller, now, admitted).catch((error) => errorResponse(error, incoming.requestId));
		const response =
			idempotencyKey === null
				? await run()
				: await withIdempotency(incoming.services, caller, idempotencyKey, incoming.request, input.bodyText, now, run);
		// The activity log (auth/activity.ts): a chart or key action that succeeded, written after the answer.
		recordRouteActivity(incoming.services, route, incoming.params, caller, response, now);
		return response;
	} catch (error) {
		return errorResponse(error, incoming.requestId);
	}
}

interface Input {
	url: URL;
	query: unknown;
	body: unknown;
	bodyText: string;
}

/** The query and body, then the path's ids: one not of its kind's shape names nothing (404), so no handler sees it. */
async function checkedInput(route: Route, incoming: Incoming): Promise<Input> {
	const input = await parseInput(route, incoming.request);
	const notAnId = pathIdRefusal(incoming.idKinds, incoming.params);
	if (notAnId !== null) throw notAnId;
	return input;
}

async function parseInput(route: Route, request: Request): Promise<Input> {
	const url = new URL(request.url);
	const query = route.query ? parseQuery(route.query, url) : undefined;
	switch (route.body.type) {
		case "none":
			return { url, query, body: undefined, bodyText: "" };
		case "json": {
			requireJsonContentType(request);
			const bodyText = await readText(request, route.body.maxBytes ?? maxJsonBytes);
			const text = route.body.optional && bodyText.trim() === "" ? "{}" : bodyText;
			return { url, query, body: parseJsonObject(text, route.body.schema), bodyText };
		}
		case "csv": {
			requireCsvContentType(request);
			const bodyText = await readText(request, route.body.maxBytes ?? maxCsvBytes, { csv: true });
			return { url, query, body: bodyText, bodyText };
		}
		case "binary": {
			const contentType = requireBinaryContentType(request, route.body.contentTypes);
			const limit = route.body.maxBytes + (contentType === "multipart/form-data" ? multipartFramingBytes : 0);
			const bytes = await readBytes(request, limit, route.body.maxBytes);
			return { url, query, body: { bytes, contentType }, bodyText: "" };
		}
	}
}

function invoke(
	route: Route,
	incoming: Incoming,
	input: Input,
	caller: Caller | null,
	now: number,
	admitted: () => Promise<void>,
): Promise<Response> {
	return route.handler({
		request: incoming.request,
		url: input.url,
		params: incoming.params,
		query: input.query,
		body: input.body,
		services: incoming.services,
		caller,
		requestId: incoming.requestId,
		now,
		admitted,
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

function rateLimited(decision: RateDecision): ApiError {
	return new ApiError(
		"rate_limited",
		`This account has used its ${decision.limit} requests for the last minute. Retry after ${decision.resetSeconds} s.`,
		{ limit: decision.limit, retryAfterSeconds: decision.resetSeconds },
		{ "Retry-After": String(decision.resetSeconds) },
	);
}

export const limiterRetrySeconds = 5;

/**
 * The limiter could not be asked (its Durable Object is down or overloaded). We fail closed:
 * failing open would silently lift every account's rate limit exactly when the system is
 * under strain, and the limit protects other tenants too. A 503 with Retry-After tells clients
 * to come back, and nothing has been done yet, so a retry is always safe.
 */
function limiterUnavailable(cause: unknown, requestId: string): ApiError {
	console.error(`request ${requestId}: the rate limiter failed`, cause);
	return new ApiError(
		"service_unavailable",
		`The service cannot check this account's rate limit right now. Retry after ${limiterRetrySeconds} s; quote request id ${requestId} if it persists.`,
		{ retryAfterSeconds: limiterRetrySeconds },
		{ "Retry-After": String(limiterRetrySeconds) },
	);
}

function rateLimitHeaders(decision: RateDecision): Record<string, string> {
	return {
		"RateLimit-Limit": String(decision.limit),
		"RateLimit-Remaining": String(decision.remaining),
		"RateLimit-Reset": String(decision.resetSeconds),
	};
}
