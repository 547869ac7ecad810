/**
 * Fonts on the embed host (DESIGN D40), so a published page draws with the fonts the exports use,
 * loaded same-origin (CSP `font-src 'self'`):
 * - the bundled fonts the server draws with (Inter, and DejaVu Sans for the scripts Inter lacks),
 *   as WOFF2 made at build time, under content-hashed paths `/_fonts/{name}.{hash}.woff2`;
 * - uploaded fonts, `/_fonts/{id}.{ttf|otf}`: a font's file never changes under its id.
 * Both are served immutable for a year. An uploaded font is public here only as long as a
 * published page names it (`published_fonts`, recorded at publish).
 */
import dejavuSans400 from "../../dist/embed-fonts/dejavu-sans-400.woff2";
import inter400 from "../../dist/embed-fonts/inter-400.woff2";
import inter600 from "../../dist/embed-fonts/inter-600.woff2";
import inter700 from "../../dist/embed-fonts/inter-700.woff2";
import { findPublishedFont } from "../db/fonts";
import { fontContentTypes } from "../domain/fonts";
import { bundledMetrics, fallbackFamily, primaryFamily } from "../render/fonts";
import type { RenderFont } from "../render/uploaded-fonts";
import type { Services } from "../request-services";

/** The bundled fonts as the page's `@font-face` rules name them (the same faces src/render/fonts.ts draws with). */
const bundledFonts = {
	"inter-400": { family: primaryFamily, weight: 400, data: inter400 },
	"inter-600": { family: primaryFamily, weight: 600, data: inter600 },
	"inter-700": { family: primaryFamily, weight: 700, data: inter700 },
	"dejavu-sans-400": { family: fallbackFamily, weight: 400, data: dejavuSans400 },
} as const;
type BundledFont = keyof typeof bundledFonts;

const bundledHashes = new Map<BundledFont, Promise<string>>();

/** The first 16 hex digits of the SHA-256 of a bundled font's WOFF2, computed once per isolate. */
function bundledHash(name: BundledFont): Promise<string> {
	let hash = bundledHashes.get(name);
	if (!hash) {
		hash = crypto.subtle
			.digest("SHA-256", bundledFonts[name].data)
			.then((digest) => [...new Uint8Array(digest).slice(0, 8)].map((b) => b.toString(16).padStart(2, "0")).join(""));
		bundledHashes.set(name, hash);
	}
	return hash;
}

let fallbackRange: string | undefined;

/**
 * The `unicode-range` of DejaVu Sans: exactly the characters it has and Inter lacks. Without it a
 * browser fetches DejaVu Sans (258 KB) for every page while Inter loads; with it, only for text
 * the server too draws in DejaVu Sans (Georgian, arrows…). Exactly: a range spanning characters
 * neither font has would fetch it for them too, and ECharts measures line heights with "国".
 */
function dejavuRange(): string {
	if (fallbackRange !== undefined) return fallbackRange;
	const { regular, fallback } = bundledMetrics();
	const runs = subtractRanges(fallback.ranges(), regular.ranges());
	const hex = (codePoint: number) => codePoint.toString(16);
	fallbackRange = runs.map(([from, to]) => (from === to ? `U+${hex(from)}` : `U+${hex(from)}-${hex(to)}`)).join(",");
	return fallbackRange;
}

/** The code points of `from` that are in none of `without` (both sorted, disjoint, inclusive ranges). */
export function subtractRanges(
	from: readonly (readonly [number, number])[],
	without: readonly (readonly [number, number])[],
): [number, number][] {
	const out: [number, number][] = [];
	let j = 0;
	for (const [start, end] of from) {
		let next = start;
		while (j < without.length && (without[j] as readonly [number, number])[1] < next) j++;
		for (let k = j; k < without.length && next <= end; k++) {
			const [cutStart, cutEnd] = without[k] as readonly [number, number];
			if (cutStart > end) break;
			if (cutStart > next) out.push([next, cutStart - 1]);
			next = Math.max(next, cutEnd + 1);
		}
		if (next <= end) out.push([next, end]);
	}
	return out;
}

/**
 * `@font-face` rules for the bundled fonts at `base` (the embed base). `swap`: the inline SVG is
 * readable in the fallback font at once and takes Inter when it arrives.
 */
export async function bundledFontFaces(base: string): Promise<string> {
	const rules = await Promise.all(
		(Object.keys(bundledFonts) as BundledFont[]).map(async (name) => {
			const { family, weight } = bundledFonts[name];
			const range = family === fallbackFamily ? `;unicode-range:${dejavuRange()}` : "";
			return `@font-face{font-family:"${family}";src:url(${base}/_fonts/${name}.${await bundledHash(name)}.woff2) format("woff2");font-weight:${weight};font-style:normal;font-display:swap${range}}`;
		}),
	);
	return rules.join("");
}

/** A bundled font by its path: immutable when the hash is the current file's, else the current file briefly (a page from an earlier build). */
async function serveBundledFont(request: Request, path: string): Promise<Response | null> {
	const match = /^\/_fonts\/(inter-400|inter-600|inter-700|dejavu-sans-400)(?:\.([0-9a-f]{16}))?\.woff2$/.exec(path);
	if (!match) return null;
	const name = match[1] as BundledFont;
	const hash = await bundledHash(name);
	const etag = `"${name}-${hash}"`;
	const headers = {
		"Content-Type": "font/woff2",
		"Cache-Control": match[2] === hash ? "public, max-age=31536000, immutable" : "public, max-age=300",
		ETag: etag,
	};
	if (request.headers.get("If-None-Match") === etag) return new Response(null, { status: 304, headers });
	return new Response(request.method === "HEAD" ? null : bundledFonts[name].data, { headers });
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
 * names it (issue 23): any other id, a deleted font or a format that is not the file's is 404.
 */
export async function serveFont(request: Request, path: string, services: Services): Promise<Response | null> {
	const bundled = await serveBundledFont(request, path);
	if (bundled) return bundled;
	const match = /^\/_fonts\/([A-Za-z0-9_-]{1,100})\.(ttf|otf)$/.exec(path);
	if (!path.startsWith("/_fonts/")) return null;
	const font = match ? await findPublishedFont(services.db, match[1] as string) : null;
	const object = font && font.format === match?.[2] ? await services.blobs.get(font.r2Key) : null;
	if (!font || !object) return new Response("Font not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
	return new Response(request.method === "HEAD" ? null : object.body, {
		headers: {
			"Content-Type": fontContentTypes[font.format],
			"Cache-Control": "public, max-age=31536000, immutable",
		},
	});
}
