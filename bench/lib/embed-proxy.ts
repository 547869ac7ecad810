/**
 * The embed host as the suite's browser sees it: a small HTTP server in front of `wrangler dev`
 * that passes every request through byte for byte (gzip as the Worker served it), except the
 * reference pages the suite registers, which it answers itself (gzipped like the Worker's pages).
 *
 * Both pages of a comparison thus come from one origin: the reference page's client and
 * `data.json` are the published ones, same-origin as they are for a real embed page, and both
 * travel through the same hop under the same emulated network.
 */
import { createServer, request, type Server } from "node:http";
import { gzipSync } from "node:zlib";

export interface EmbedProxy {
	url: string;
	/** Serves `html` at `path` (and query) instead of passing it through. */
	setPage(pathAndQuery: string, html: string): void;
	stop(): Promise<void>;
}

export async function startEmbedProxy(port: number, upstreamPort: number): Promise<EmbedProxy> {
	const pages = new Map<string, Buffer>();
	const server: Server = createServer((req, res) => {
		const page = pages.get(req.url ?? "");
		if (page) {
			res.writeHead(200, {
				"Content-Type": "text/html; charset=utf-8",
				"Content-Encoding": "gzip",
				"Cache-Control": "no-cache",
				"Content-Length": page.length,
			});
			res.end(page);
			return;
		}
		// The Host header is kept, so the Worker sees the proxy's origin, which is its EMBED_BASE.
		const upstream = request(
			{ host: "127.0.0.1", port: upstreamPort, method: req.method, path: req.url, headers: req.headers },
			(answer) => {
				res.writeHead(answer.statusCode ?? 502, answer.headers);
				answer.pipe(res);
			},
		);
		upstream.on("error", (error) => {
			res.writeHead(502, { "Content-Type": "text/plain" });
			res.end(`proxy: ${error.message}`);
		});
		req.pipe(upstream);
	});
	await new Promise<void>((resolve, reject) => {
		server.once("error", reject);
		server.listen(port, "127.0.0.1", () => resolve());
	});
	return {
		url: `http://127.0.0.1:${port}`,
		setPage: (pathAndQuery, html) => pages.set(pathAndQuery, gzipSync(html)),
		stop: () =>
			new Promise((resolve) => {
				server.closeAllConnections();
				server.close(() => resolve());
			}),
	};
}
