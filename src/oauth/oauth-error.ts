/**
 * Errors of the OAuth endpoints, in the shape OAuth clients read (RFC 6749 §5.2): a JSON body
 * `{error, error_description}` with 400, or 401 for a client that is not known, never cached.
 * This is the one place they are made; the API's own errors keep theirs (src/http/errors.ts).
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
	| "invalid_client_metadata";

export class OAuthError extends Error {
	constructor(
		readonly code: OAuthErrorCode,
		readonly description: string,
	) {
		super(description);
		this.name = "OAuthError";
	}
}

export const noStore = { "Cache-Control": "no-store", Pragma: "no-cache" };

export function oauthErrorResponse(error: OAuthError): Response {
	const status = error.code === "invalid_client" ? 401 : 400;
	return Response.json({ error: error.code, error_description: error.description }, { status, headers: noStore });
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
