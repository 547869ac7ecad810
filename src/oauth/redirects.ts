/**
 * The answer sent back to a client's redirect URI (RFC 6749 §4.1.2): its own query kept, the
 * answer's parameters added, and `iss` (RFC 9207) so a client talking to several servers can tell
 * which one answered.
 */
export function redirectUrl(redirectUri: string, issuer: string, parameters: Record<string, string | null>): string {
	const url = new URL(redirectUri);
	for (const [name, value] of Object.entries(parameters)) if (value !== null) url.searchParams.set(name, value);
	url.searchParams.set("iss", issuer);
	return url.toString();
}

export function authorizationRedirect(redirectUri: string, issuer: string, parameters: Record<string, string | null>): Response {
	return new Response(null, {
		status: 302,
		headers: { Location: redirectUrl(redirectUri, issuer, parameters), "Cache-Control": "no-store" },
	});
}
