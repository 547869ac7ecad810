/**
 * Which host a request is for: the embed host is told apart from the API by the embed base's
 * host and path (`EMBED_BASE`; locally the same Worker serves it under `/embed`).
 */

/** The path below the embed base if the request is for the embed host, else null. */
export function embedPath(requestUrl: string, embedBase: string): string | null {
	const url = new URL(requestUrl);
	const base = new URL(embedBase);
	if (url.host !== base.host) return null;
	const prefix = base.pathname.replace(/\/+$/, "");
	if (prefix === "") return url.pathname;
	if (url.pathname !== prefix && !url.pathname.startsWith(`${prefix}/`)) return null;
	return url.pathname.slice(prefix.length) || "/";
}
