/**
 * The embed host (docs/design.md#d17): `{EMBED_BASE}/{chart}/` serves the published page, with
 * `chart.svg`, `preview.png`, `data.json` (and `data.csv` when linked) beside it, straight from R2; `/_client/<name>.<hash>.js` is the
 * page's client (see clients.ts); `/_fonts/{id}.{ttf|otf}` an uploaded font a page names. No view
 * reads D1 or calls a Durable Object: the published version comes from the chart's pointer in R2
 * and the files from R2, both through the Cache API (snapshot-reads.ts, published-pointer.ts).
 * Snapshot files carry an ETag of the published version and
 * `Cache-Control: no-cache`, so pages revalidate (304) and show a republished chart on their next
 * load. Unknown and unpublished charts are 404.
 *
 * Every answer, whatever its status (200, 301, 304, 404, 405, 500), carries the security headers
 * and `X-Request-Id`: they are added in one place, `serveEmbed`, which also catches any failure
 * (D1, R2, a bug) and answers the embed host's own 500 page with the request id (docs/design.md#d28).
 */

import { notModified } from "../domain/conditional-requests";
import type { HostServices } from "../host-services";
import type { ClientScript } from "./clients";
import { clientScript } from "./clients";
import type { PageMode } from "./page";
import { badModeHtml, notFoundHtml, pageModes, serverErrorHtml } from "./page";
import { serveFont } from "./serve-fonts";
import type { SnapshotFile } from "./snapshot-files";
import { snapshotFiles, tipsHash } from "./snapshot-files";
import { publishedPointerOf, readSnapshotFile } from "./snapshot-reads";
import { fetchStaticAsset } from "./static-assets";

const securityHeaders = {
	// Scripts and data only from the embed host itself; inline styles are what SVG charts use.
	"Content-Security-Policy":
		"default-src 'none'; script-src 'self'; connect-src 'self'; img-src 'self' data:; font-src 'self'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'",
	"X-Content-Type-Options": "nosniff",
	"Referrer-Policy": "strict-origin-when-cross-origin",
};

/**
 * The page's client script: under its content-hashed path cached for good (D40); under the
 * unhashed or an earlier build's path cached briefly and revalidated by its content's ETag.
 */
async function serveClient(request: Request, script: ClientScript, assets: Fetcher): Promise<Response> {
	const headers = {
		ETag: script.etag,
		"Cache-Control": script.immutable ? "public, max-age=31536000, immutable" : "public, max-age=300",
		"Content-Type": "text/javascript; charset=utf-8",
	};
	if (notModified(request, script.etag)) return new Response(null, { status: 304, headers });
	if (request.method === "HEAD") return new Response(null, { headers });
	return new Response((await fetchStaticAsset(assets, script.assetPath)).body, { headers });
}

/**
 * The page with `?mode=` applied: the mode it shows first is an attribute of its `<html>`, so
 * the choice works without JavaScript. (Pages published before modes have no attribute and
 * one drawing; they stay as they were.)
 */
function withPageMode(html: string, mode: PageMode): string {
	return html.replace(/^(<!doctype html>\s*<html lang="en") data-mode="(?:light|dark|auto)"/, `$1 data-mode="${mode}"`);
}

function badMode(): Response {
	return new Response(badModeHtml(), {
		status: 400,
		headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-cache" },
	});
}

function notFound(): Response {
	return new Response(notFoundHtml(), {
		status: 404,
		headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-cache" },
	});
}

function serverError(requestId: string): Response {
	return new Response(serverErrorHtml(requestId), {
		status: 500,
		headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
	});
}

/** Answers every embed-host request; never throws. */
export async function serveEmbed(request: Request, path: string, services: HostServices, requestId: string): Promise<Response> {
	let response: Response;
	try {
		response = await answer(request, path, services);
	} catch (error) {
		console.error(`embed request ${requestId} failed`, error);
		response = serverError(requestId);
	}
	// A copy: a response's own headers may be immutable (one passed through from R2 or fetch).
	const answered = new Response(response.body, response);
	for (const [name, value] of Object.entries({ ...securityHeaders, "X-Request-Id": requestId })) answered.headers.set(name, value);
	return answered;
}

/** A path naming a file (`/favicon.ico`, `/robots.txt`): a browser's own request, not a reader's page. */
const fileLike = /\.[A-Za-z0-9]{1,8}$/;

/** A missing file is a plain 404: an HTML page where a browser asked for an icon helps no one. */
function missingFile(): Response {
	return new Response("Not found\n", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

async function answer(request: Request, path: string, services: HostServices): Promise<Response> {
	if (request.method !== "GET" && request.method !== "HEAD") {
		return new Response(null, { status: 405, headers: { Allow: "GET, HEAD" } });
	}
	const script = clientScript(path);
	if (script) return serveClient(request, script, services.assets);
	const font = await serveFont(request, path, services);
	if (font) return font;
	const bare = /^\/([A-Za-z0-9_-]{1,100})$/.exec(path);
	if (bare) {
		const page = new URL(request.url);
		page.pathname += "/";
		return new Response(null, { status: 301, headers: { Location: page.href } });
	}
	const match = /^\/([A-Za-z0-9_-]{1,100})\/(|chart\.svg|preview\.png|data\.json|data\.csv|tips\.json)$/.exec(path);
	if (!match) return fileLike.test(path) ? missingFile() : notFound();
	const [, chartId, name] = match as unknown as [string, string, SnapshotFile];
	const mode = name === "" ? new URL(request.url).searchParams.get("mode") : null;
	if (mode !== null && !pageModes.includes(mode as PageMode)) return badMode();
	const pointer = await publishedPointerOf(services, chartId);
	const version = pointer?.publishedVersion ?? null;
	if (version === null) return notFound();

	const etag = `"${chartId}-v${version}${name ? `-${name}` : ""}${mode ? `-${mode}` : ""}"`;
	const headers = { ETag: etag, "Cache-Control": "no-cache" };
	if (notModified(request, etag)) return new Response(null, { status: 304, headers });
	const bytes = await readSnapshotFile(services, chartId, version, name);
	if (!bytes) return notFound();
	// The overlay's tips are named by their content's hash: a page left open across a republish
	// asks for its own version's, and gets a 404 rather than marks that do not fit its drawing.
	const wantedTips = name === "tips.json" ? new URL(request.url).searchParams.get("h") : null;
	if (wantedTips !== null && (await tipsHash(new TextDecoder().decode(bytes))) !== wantedTips) return notFound();
	const body = mode ? withPageMode(new TextDecoder().decode(bytes), mode as PageMode) : bytes;
	return new Response(request.method === "HEAD" ? null : body, {
		headers: { ...headers, "Content-Type": snapshotFiles[name].contentType },
	});
}
