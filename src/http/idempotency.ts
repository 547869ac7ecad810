/**
 * `Idempotency-Key` on POST (docs/design.md#d14, #d27): the same key and body within 24 h replays the
 * first answer with `Idempotent-Replayed: true`; the same key with another body is refused (422);
 * a repeat while the first is still running gets 409 and a short Retry-After.
 *
 * Only an answer that did its work is stored: a 2xx. Every other answer (a 4xx from validation
 * or lookups such as 404, 412 or 422, a 409, a 5xx) releases the reservation and stores
 * nothing, because it depends on state the caller can still change: they fix the body, the
 * If-Match or the missing data and retry with the same key, and that retry runs (Stripe's rule).
 *
 * Keys are per account, but what an answer shows depends on the caller: a write answers a key
 * without `chart:read` only `{ id, version, updatedAt }`. Such a caller's requests hash
 * differently, so a full answer stored for a reading caller is never replayed to it (it gets the
 * 422 of a reused key instead, and nothing runs twice).
 */

import { ApiError } from "../api-error";
import { completeIdempotencyKey, releaseIdempotencyKey, reserveIdempotencyKey } from "../db/idempotency";
import type { Caller } from "../domain/caller";
import { sha256Hex } from "../domain/ids";
import type { Services } from "../request-services";

/** 1–255 visible ASCII characters: the rule the OpenAPI document states as the header's pattern. */
export const idempotencyKeyPattern = /^[\x21-\x7e]{1,255}$/;
/** Headers worth replaying; anything per-request (rate limit, request id) is set fresh. */
const replayedHeaders = ["content-type", "etag", "location", "x-meta-warnings"];

/** D27: 2xx only. A 4xx, 409 or 5xx describes state that may change, so it must not be replayed. */
export function isStoredAnswer(status: number): boolean {
	return status >= 200 && status < 300;
}

/**
 * Empty for a caller that may read charts, so records stored before the second hardening round still match; a
 * marker otherwise, so a write-only key's request never matches a reading caller's.
 */
function audience(caller: Caller): string {
	return caller.scopes.includes("chart:read") ? "" : "without chart:read\n";
}

export function readIdempotencyKey(request: Request): string | null {
	const key = request.headers.get("idempotency-key");
	if (key === null) return null;
	if (!idempotencyKeyPattern.test(key)) {
		throw new ApiError("invalid_body", "The Idempotency-Key header must be 1–255 visible ASCII characters, e.g. a UUID.", {
			path: "header Idempotency-Key",
		});
	}
	return key;
}

export async function withIdempotency(
	services: Services,
	caller: Caller,
	key: string,
	request: Request,
	bodyText: string,
	now: number,
	run: () => Promise<Response>,
): Promise<Response> {
	const url = new URL(request.url);
	const requestHash = await sha256Hex(`${request.method}\n${url.pathname}\n${audience(caller)}${bodyText}`);
	const reservation = await reserveIdempotencyKey(services.db, caller.accountId, key, requestHash, now);
	switch (reservation.kind) {
		case "mismatch":
			throw new ApiError(
				"idempotency_key_reused",
				"This Idempotency-Key was already used in the last 24 hours with a different request, or by a key with other read scopes. Use a new key for a new request.",
			);
		case "in_progress":
			throw new ApiError(
				"idempotency_in_progress",
				"A request with this Idempotency-Key is still being processed. Retry shortly.",
				undefined,
				{
					"Retry-After": "1",
				},
			);
		case "replay": {
			const headers = new Headers(reservation.response.headers);
			headers.set("Idempotent-Replayed", "true");
			return new Response(reservation.response.body, { status: reservation.status, headers });
		}
		case "reserved":
			break;
	}

	// `run` answers errors as responses too; only a success did work worth replaying.
	const response = await run();
	if (!isStoredAnswer(response.status)) {
		await releaseIdempotencyKey(services.db, caller.accountId, key);
		return response;
	}
	const body = await response.text();
	const headers: Record<string, string> = {};
	for (const name of replayedHeaders) {
		const value = response.headers.get(name);
		if (value !== null) headers[name] = value;
	}
	await completeIdempotencyKey(services.db, caller.accountId, key, response.status, { headers, body });
	return new Response(body, { status: response.status, headers: response.headers });
}
