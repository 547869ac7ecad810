/**
 * The honest peer: a small export server built the way browser-based export services are
 * built. A Node HTTP server, a pool of warm Chromium pages (Debian's chromium through
 * playwright-core), and in them the same ECharts options our builders produce: PNG from the
 * canvas renderer, SVG from ECharts' SVG renderer, PDF from `page.pdf`. Like ours, a chart's
 * data is stored once (`PUT /charts/:id`, pushed into every page) and exports are a GET by id,
 * so the bench calls both servers the same way. `X-Draw-Ms` is the drawing alone, measured in
 * the page. Bench only. Usage: tsx bench/peer/server.ts <port> [pages]
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { createServer } from "node:http";
import type { Page } from "playwright-core";
import type { RenderInput } from "../../src/render/input.ts";
import { launchChromium } from "../../test/harness/browser/chromium.ts";
import { browserBundle } from "../lib/browser-bundle.ts";
import { drawForPrint, drawPng, drawSvg, storeInput } from "./draw.ts";
import { PagePool } from "./pool.ts";

const port = Number(process.argv[2] ?? 8797);
const pages = Number(process.argv[3] ?? 2);

const browser = await launchChromium();
const pool = await PagePool.open(browser, await browserBundle(), pages);
const inputs = new Map<string, RenderInput>();

interface Exported {
	body: Uint8Array | string;
	contentType: string;
	drawMs: number;
}

function dataUrlBytes(url: string): Uint8Array {
	return Buffer.from(url.slice(url.indexOf(",") + 1), "base64");
}

async function pdf(page: Page, id: string, input: RenderInput): Promise<Exported> {
	const started = performance.now();
	await page.evaluate(drawForPrint, { id });
	const body = await page.pdf({ width: `${input.width}px`, height: `${input.height}px`, printBackground: true, pageRanges: "1" });
	return { body, contentType: "application/pdf", drawMs: performance.now() - started };
}

/** What a service without a pool does: a new page per export (load the bundle, draw, encode). */
async function freshPagePng(input: RenderInput, scale: number): Promise<Exported> {
	const started = performance.now();
	const page = await pool.newPage(input.width, input.height);
	try {
		await page.evaluate(storeInput, { id: "fresh", input });
		const drawn = await page.evaluate(drawPng, { id: "fresh", scale });
		return { body: dataUrlBytes(drawn.out), contentType: "image/png", drawMs: performance.now() - started };
	} finally {
		await page.close();
	}
}

async function exportChart(id: string, format: string, query: URLSearchParams): Promise<Exported> {
	const input = inputs.get(id);
	if (!input) throw new Error(`no chart ${id}`);
	const scale = Number(query.get("scale") ?? 2);
	if (format === "png" && query.get("fresh") === "1") return freshPagePng(input, scale);
	return pool.withPage(async (page) => {
		if (format === "svg") {
			const drawn = await page.evaluate(drawSvg, { id });
			return { body: drawn.out, contentType: "image/svg+xml; charset=utf-8", drawMs: drawn.ms };
		}
		if (format === "png") {
			const drawn = await page.evaluate(drawPng, { id, scale });
			return { body: dataUrlBytes(drawn.out), contentType: "image/png", drawMs: drawn.ms };
		}
		if (format === "pdf") return pdf(page, id, input);
		throw new Error(`unknown format ${format}`);
	});
}

async function readBody(request: IncomingMessage): Promise<string> {
	const chunks: Buffer[] = [];
	for await (const chunk of request) chunks.push(chunk as Buffer);
	return Buffer.concat(chunks).toString("utf8");
}

async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
	const url = new URL(request.url ?? "/", "http://peer");
	if (url.pathname === "/health") {
		response.writeHead(200, { "Content-Type": "text/plain" }).end("ok");
		return;
	}
	const store = /^\/charts\/([^/]+)$/.exec(url.pathname);
	if (store?.[1] && request.method === "PUT") {
		const id = store[1];
		const input = JSON.parse(await readBody(request)) as RenderInput;
		inputs.set(id, input);
		await pool.everyPage((page) => page.evaluate(storeInput, { id, input }));
		response.writeHead(204).end();
		return;
	}
	const exported = /^\/charts\/([^/]+)\/export\/(png|svg|pdf)$/.exec(url.pathname);
	if (exported?.[1] && exported[2] && request.method === "GET") {
		const file = await exportChart(exported[1], exported[2], url.searchParams);
		response.writeHead(200, { "Content-Type": file.contentType, "X-Draw-Ms": file.drawMs.toFixed(3) }).end(file.body);
		return;
	}
	response.writeHead(404).end();
}

const server = createServer((request, response) => {
	handle(request, response).catch((error: unknown) => {
		response.writeHead(500, { "Content-Type": "text/plain" }).end(String(error));
	});
});
server.listen(port, "127.0.0.1");

async function shutDown(): Promise<void> {
	server.close();
	await browser.close();
	process.exit(0);
}
process.on("SIGTERM", () => void shutDown());
process.on("SIGINT", () => void shutDown());
