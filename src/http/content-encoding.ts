/**
 * Text kept gzipped. workerd, like Cloudflare's edge, gzips a text answer (an SVG)
 * on every request whose client accepts it; a file that is answered many times, like a cached
 * SVG export, is cheaper compressed once when it is drawn and sent as it is stored
 * (`encodeBody: "manual"`: with the default, `"automatic"`, a `Content-Encoding: gzip` header
 * tells workerd to compress the body itself, so stored gzip would go out gzipped twice). A client
 * that does not accept gzip gets the bytes decompressed.
 *
 * What the client accepts is read from `request.cf.clientAcceptEncoding`, not the header: the
 * edge, and Miniflare under `wrangler dev`, replace the `Accept-Encoding` a Worker sees with
 * their own `br, gzip` and keep the client's there (an empty string when it sent none). Miniflare
 * passes a gzip answer to a client that sent no `Accept-Encoding` as it is, so `curl -o` saved
 * gzip bytes. Where there is no `cf` (a direct call, a test) the header is the client's.
 * The compression itself is `src/formats/gzip.ts`, which the export orchestrator stores with.
 */

/** The `Accept-Encoding` the client itself sent (see above); null when it sent none. */
export function clientAcceptEncoding(request: Request): string | null {
	const original: unknown = request.cf?.clientAcceptEncoding;
	if (typeof original === "string") return original === "" ? null : original;
	return request.headers.get("accept-encoding");
}

/** Whether the client's `Accept-Encoding` admits gzip (by name or `*`) with a quality above 0. */
export function acceptsGzip(request: Request): boolean {
	const header = clientAcceptEncoding(request);
	if (!header) return false;
	const qualities = new Map<string, number>();
	for (const part of header.split(",")) {
		const [name = "", ...params] = part.split(";").map((s) => s.trim().toLowerCase());
		const q = params.find((p) => p.startsWith("q="));
		const quality = q === undefined ? 1 : Number(q.slice(2));
		if (name) qualities.set(name, Number.isFinite(quality) ? quality : 0);
	}
	// RFC 9110 §8.4.1.3: x-gzip is gzip.
	return (qualities.get("gzip") ?? qualities.get("x-gzip") ?? qualities.get("*") ?? 0) > 0;
}
