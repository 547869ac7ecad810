/**
 * Errors of the OAuth endpoints, in the shape OAuth clients read (RFC 6749 §5.2): a JSON body
 * `{error, error_description}` with 400, or 401 for a client that is not known, never cached.
 * This is the one place they are made; the API's own errors keep theirs (src/http/errors.ts).
 *
 * A rate limit (rate-limits.ts) is 429 `too_many_requests` with `Retry-After`: RFC 6749 names no
 * code for it, and this is the one the MCP SDK's own authorization server answers and its client
 * reads as a rate limit. The API's `{"error": {"code": "rate_limited"}}` is not an OAuth error to
 * such a client, and `slow_down` is the device flow's "poll less often" (RFC 8628 §3.5).
 */

export type OAuthErrorCode =
	| "invalid_request"
	| "invalid_client"
	| "invalid_grant"
	| "unauthorized_client"
	| "unsupported_grant_type"
	| "invalid_scope"
	| "invalid_target"
	| "invalid_redirect_uri"
	| "invalid_client_metadata"
	| "too_many_requests";

export class OAuthError extends Error {
	constructor(
		readonly code: OAuthErrorCode,
		readonly description: string,
		/** Only with `too_many_requests`: when to retry. */
		readonly retryAfterSeconds?: number,
	) {
		super(description);
		this.name = "OAuthError";
	}
}

export const noStore = { "Cache-Control": "no-store", Pragma: "no-cache" };

function statusOf(code: OAuthErrorCode): number {
	if (code === "invalid_client") return 401;
	return code === "too_many_requests" ? 429 : 400;
}

export function oauthErrorResponse(error: OAuthError): Response {
	const retryAfter: Record<string, string> =
		error.retryAfterSeconds === undefined ? {} : { "Retry-After": String(error.retryAfterSeconds) };
	return Response.json(
		{ error: error.code, error_description: error.description },
		{ status: statusOf(error.code), headers: { ...noStore, ...retryAfter } },
	);
}

/** Runs an endpoint, answering an `OAuthError` it throws in OAuth's shape; anything else goes on to the API's error path. */
export async function answeringOAuthErrors(run: () => Promise<Response>): Promise<Response> {
	try {
		return await run();
	} catch (error) {
		if (error instanceof OAuthError) return oauthErrorResponse(error);
		throw error;
	}
}
