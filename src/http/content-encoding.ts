/**
 * Text kept gzipped (issue 14). workerd, like Cloudflare's edge, gzips a text answer (an SVG)
 * on every request whose client accepts it; a file that is answered many times, like a cached
 * SVG export, is cheaper compressed once when it is drawn and sent as it is stored
 * (`encodeBody: "manual"`). A client that does not accept gzip gets the bytes decompressed.
 * (Behind Cloudflare's edge the Worker sees the edge's own `Accept-Encoding`, which takes gzip,
 * and the edge decodes for a client that cannot; the decompressing branch serves direct callers.)
 */

export async function gzip(bytes: Uint8Array): Promise<Uint8Array> {
	const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new CompressionStream("gzip"));
	return new Uint8Array(await new Response(stream).arrayBuffer());
}

export function gunzipStream(body: ReadableStream | Uint8Array): ReadableStream {
	const stream = body instanceof Uint8Array ? new Blob([body as Uint8Array<ArrayBuffer>]).stream() : body;
	return stream.pipeThrough(new DecompressionStream("gzip"));
}

/** Whether `Accept-Encoding` admits gzip (by name or `*`) with a quality above 0. */
export function acceptsGzip(request: Request): boolean {
	const header = request.headers.get("accept-encoding");
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
