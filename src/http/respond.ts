/**
 * Small response helpers shared by every handler.
 */

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
	return Response.json(body, { status, headers });
}

/** Returns `response` with extra headers, copying it when its headers are immutable. */
export function withHeaders(response: Response, headers: Record<string, string>): Response {
	const copy = new Response(response.body, response);
	for (const [name, value] of Object.entries(headers)) copy.headers.set(name, value);
	return copy;
}

/** `"<version>"`: the chart's strong ETag (docs/design.md#d13). */
export function versionEtag(version: number): string {
	return `"${version}"`;
}
