/**
 * Fonts on the embed host (docs/design.md#d40), so a published page draws with the fonts the exports use,
 * loaded same-origin (CSP `font-src 'self'`):
 * - the bundled fonts the server draws with (Inter, and DejaVu Sans for the scripts Inter lacks),
 *   as WOFF2 made at build time, under content-hashed paths `/_fonts/{name}.{hash}.woff2`;
 * - uploaded fonts, `/_fonts/{id}.{ttf|otf}`: a font's file never changes under its id.
 * Both are served immutable for a year. An uploaded font is public here only as long as a
 * published page names it (`published_fonts` in D1, and the font markers beside the published
 * pointers in R2 that the embed host reads, both written at publish).
 */

import { notModified } from "../domain/conditional-requests";
import { fontContentTypes } from "../formats/fonts/files";
import type { HostServices } from "../host-services";
import { fallbackFamily, primaryFamily } from "../render/bundled-families";
import type { RenderFont } from "../render/uploaded-fonts";
import { findMarkedFont } from "./published-pointer";
import { staticAssetPaths } from "./static-asset-paths";
import { fetchStaticAsset, staticAssets } from "./static-assets";

/** The bundled fonts as the page's `@font-face` rules name them (the same faces src/render/bundled-fonts.ts draws with). */
const bundledFonts = {
	"inter-400": { family: primaryFamily, weight: 400 },
	"inter-600": { family: primaryFamily, weight: 600 },
	"inter-700": { family: primaryFamily, weight: 700 },
	"dejavu-sans-400": { family: fallbackFamily, weight: 400 },
} as const;
type BundledFont = keyof typeof bundledFonts;

/** The first 16 hex digits of the SHA-256 of a bundled font's WOFF2, as the build named its file. */
function bundledHash(name: BundledFont): string {
	const hash = staticAssets.fonts[name];
	if (!hash) throw new Error(`the build's static-assets manifest names no ${name} font`);
	return hash;
}

/**
 * `@font-face` rules for the bundled fonts at `base` (the embed base). `swap`: the inline SVG is
 * readable in the fallback font at once and takes Inter when it arrives.
 */
export function bundledFontFaces(base: string): string {
	return (Object.keys(bundledFonts) as BundledFont[])
		.map((name) => {
			const { family, weight } = bundledFonts[name];
			// Only what the fallback draws and Inter lacks (font-ranges.ts), so most pages never fetch it.
			const range = family === fallbackFamily ? `;unicode-range:${staticAssets.fallbackUnicodeRange}` : "";
			return `@font-face{font-family:"${family}";src:url(${base}/_fonts/${name}.${bundledHash(name)}.woff2) format("woff2");font-weight:${weight};font-style:normal;font-display:swap${range}}`;
		})
		.join("");
}

/** A bundled font by its path: immutable when the hash is the current file's, else the current file briefly (a page from an earlier build). */
async function serveBundledFont(request: Request, path: string, assets: Fetcher): Promise<Response | null> {
	const match = /^\/_fonts\/(inter-400|inter-600|inter-700|dejavu-sans-400)(?:\.([0-9a-f]{16}))?\.woff2$/.exec(path);
	if (!match) return null;
	const name = match[1] as BundledFont;
	const hash = bundledHash(name);
	const etag = `"${name}-${hash}"`;
	const headers = {
		"Content-Type": "font/woff2",
		"Cache-Control": match[2] === hash ? "public, max-age=31536000, immutable" : "public, max-age=300",
		ETag: etag,
	};
	if (notModified(request, etag)) return new Response(null, { status: 304, headers });
	if (request.method === "HEAD") return new Response(null, { headers });
	const file = await fetchStaticAsset(assets, staticAssetPaths.font(name, hash));
	return new Response(file.body, { headers });
}

export function fontPath(font: Pick<RenderFont, "id" | "format">): string {
	return `/_fonts/${font.id}.${font.format}`;
}

/** The ids of the uploaded fonts a published page names (its `@font-face` rules, `fontPath`). */
export function fontIdsNamedBy(page: string): string[] {
	return [...new Set([...page.matchAll(/\/_fonts\/(fn_[A-Za-z0-9_-]{1,100})\.(?:ttf|otf)\)/g)].map((match) => match[1] as string))];
}

/**
 * The font a `/_fonts/…` path names (bundled or uploaded), or null for any other path. An
 * uploaded font is served only while a chart of its workspace is published with a page that
 * names it, as the font markers the published pointers keep in R2 say
 * (published-pointer.ts; no D1 read): any other id, a deleted font or a format that is not the
 * file's is 404.
 */
export async function serveFont(request: Request, path: string, services: HostServices): Promise<Response | null> {
	const bundled = await serveBundledFont(request, path, services.assets);
	if (bundled) return bundled;
	const match = /^\/_fonts\/([A-Za-z0-9_-]{1,100})\.(ttf|otf)$/.exec(path);
	if (!path.startsWith("/_fonts/")) return null;
	const font = match ? await findMarkedFont(services.blobs, match[1] as string) : null;
	const object = font && font.format === match?.[2] ? await services.blobs.get(font.r2Key) : null;
	if (!font || !object) return new Response("Font not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
	return new Response(request.method === "HEAD" ? null : object.body, {
		headers: {
			"Content-Type": fontContentTypes[font.format],
			"Cache-Control": "public, max-age=31536000, immutable",
		},
	});
}
