/**
 * Uploaded fonts on the embed host (DESIGN D40): `/_fonts/{id}.{ttf|otf}`, so a published page
 * loads its theme's font same-origin (CSP `font-src 'self'`). A font's file never changes under
 * its id, so it is served immutable. Fonts are public here as the pages that name them are.
 */
import { findFontById } from "../db/fonts";
import { fontContentTypes } from "../domain/fonts";
import type { RenderFont } from "../render/uploaded-fonts";
import type { Services } from "../services/context";

export function fontPath(font: Pick<RenderFont, "id" | "format">): string {
	return `/_fonts/${font.id}.${font.format}`;
}

/** The font a `/_fonts/…` path names, a 404 for one that names no stored font, or null for any other path. */
export async function serveFont(request: Request, path: string, services: Services): Promise<Response | null> {
	const match = /^\/_fonts\/([A-Za-z0-9_-]{1,100})\.(ttf|otf)$/.exec(path);
	if (!path.startsWith("/_fonts/")) return null;
	const font = match ? await findFontById(services.db, match[1] as string) : null;
	const object = font && font.format === match?.[2] ? await services.blobs.get(font.r2Key) : null;
	if (!font || !object) return new Response("Font not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
	return new Response(request.method === "HEAD" ? null : object.body, {
		headers: {
			"Content-Type": fontContentTypes[font.format],
			"Cache-Control": "public, max-age=31536000, immutable",
		},
	});
}
