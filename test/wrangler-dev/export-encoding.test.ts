/**
 * An SVG export's encoding through a real `wrangler dev`. Miniflare, like
 * Cloudflare's edge, replaces the `Accept-Encoding` a Worker sees with `br, gzip`, so only a
 * real dev server shows what a client gets: a client that sent no `Accept-Encoding` (curl
 * without `--compressed`) gets plain SVG, one that takes gzip gets it gzipped once. Requests go
 * through `node:http`, which neither adds `Accept-Encoding` nor decodes, so the raw bytes are seen.
 */
import assert from "node:assert/strict";
import { request as httpRequest } from "node:http";
import { after, before, describe, it } from "node:test";
import { gunzipSync } from "node:zlib";
import type { DevServer } from "../harness/local/dev-server.ts";
import { startDevServer } from "../harness/local/dev-server.ts";
import { demoKeysOf } from "../harness/local/prepared-state.ts";

interface RawAnswer {
	status: number;
	headers: Record<string, string | string[] | undefined>;
	body: Buffer;
}

function raw(url: string, options: { method?: string; headers?: Record<string, string> } = {}): Promise<RawAnswer> {
	return new Promise((resolve, reject) => {
		const req = httpRequest(url, { method: options.method ?? "GET", headers: options.headers ?? {} }, (res) => {
			const chunks: Buffer[] = [];
			res.on("data", (chunk: Buffer) => chunks.push(chunk));
			res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
			res.on("error", reject);
		});
		req.on("error", reject);
		req.end();
	});
}

const isGzip = (bytes: Buffer) => bytes[0] === 0x1f && bytes[1] === 0x8b;

describe("SVG exports through wrangler dev", () => {
	let server: DevServer;
	let key: string;

	before(async () => {
		server = await startDevServer(8841);
		const keys = await demoKeysOf(server);
		key = keys.find((k) => k.role === "editor")?.key ?? "";
		assert.ok(key, "the demo has an editor key");
	});

	after(async () => {
		await server?.stop();
	});

	async function newChart(): Promise<string> {
		const res = await fetch(`${server.url}/v1/charts`, {
			method: "POST",
			headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
			body: JSON.stringify({ kind: "line", data: "year,Rain\n2020,1\n2021,3\n2022,2\n", meta: { title: "Rain" } }),
		});
		assert.equal(res.status, 201, await res.clone().text());
		return String(((await res.json()) as { id: string }).id);
	}

	const svgOf = (id: string, headers: Record<string, string> = {}, method = "GET") =>
		raw(`${server.url}/v1/charts/${id}/export/svg`, { method, headers: { Authorization: `Bearer ${key}`, ...headers } });

	it("answers plain SVG to a client that sent no Accept-Encoding, drawn or cached", async () => {
		const id = await newChart();
		for (const attempt of ["drawn", "cached"]) {
			const res = await svgOf(id);
			assert.equal(res.status, 200, attempt);
			assert.equal(res.headers["content-encoding"], undefined, attempt);
			assert.match(res.body.toString("utf8"), /^<svg[\s\S]*<\/svg>\s*$/, attempt);
			assert.match(String(res.headers.vary), /Accept-Encoding/i, attempt);
			assert.equal(res.headers["content-type"], "image/svg+xml; charset=utf-8", attempt);
		}
		const identity = await svgOf(id, { "Accept-Encoding": "identity" });
		assert.equal(identity.headers["content-encoding"], undefined);
		assert.ok(!isGzip(identity.body));
	});

	it("answers gzip, compressed once, to a client that takes it, drawn or cached", async () => {
		const id = await newChart();
		const drawn = await svgOf(id, { "Accept-Encoding": "gzip" });
		const cached = await svgOf(id, { "Accept-Encoding": "gzip" });
		const plain = await svgOf(id);
		for (const res of [drawn, cached]) {
			assert.equal(res.status, 200);
			assert.equal(res.headers["content-encoding"], "gzip");
			assert.match(String(res.headers.vary), /Accept-Encoding/i);
			// One gunzip gives the same SVG a plain client gets: not gzipped twice.
			assert.deepEqual(gunzipSync(res.body), plain.body);
			assert.equal(res.headers.etag, plain.headers.etag);
		}
	});

	it("answers HEAD with the GET answer's headers and no body", async () => {
		const id = await newChart();
		const get = await svgOf(id);
		for (const [headers, encoding] of [
			[{}, undefined],
			[{ "Accept-Encoding": "gzip" }, "gzip"],
		] as const) {
			const head = await svgOf(id, headers, "HEAD");
			assert.equal(head.status, 200);
			assert.equal(head.body.length, 0);
			assert.equal(head.headers.etag, get.headers.etag);
			assert.equal(head.headers["content-type"], "image/svg+xml; charset=utf-8");
			assert.equal(head.headers["content-encoding"], encoding);
		}
	});

	it("answers 304 without a body to a client holding the ETag, whatever it accepts", async () => {
		const id = await newChart();
		const first = await svgOf(id);
		const etag = String(first.headers.etag);
		for (const headers of [{}, { "Accept-Encoding": "gzip" }] as Record<string, string>[]) {
			const res = await svgOf(id, { ...headers, "If-None-Match": etag });
			assert.equal(res.status, 304);
			assert.equal(res.body.length, 0);
			assert.equal(res.headers.etag, etag);
			assert.match(String(res.headers.vary), /Accept-Encoding/i);
		}
	});
});
