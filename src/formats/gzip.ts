/**
 * gzip with the runtime's own `CompressionStream` (no dependency): text exports are stored
 * compressed once, when drawn, and decompressed only for a client that does not accept gzip
 * (`src/http/content-encoding.ts` reads what the client accepts).
 */

export async function gzip(bytes: Uint8Array): Promise<Uint8Array> {
	const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new CompressionStream("gzip"));
	return new Uint8Array(await new Response(stream).arrayBuffer());
}

export function gunzipStream(body: ReadableStream | Uint8Array): ReadableStream {
	const stream = body instanceof Uint8Array ? new Blob([body as Uint8Array<ArrayBuffer>]).stream() : body;
	return stream.pipeThrough(new DecompressionStream("gzip"));
}
