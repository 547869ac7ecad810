/**
 * A theme's logo is drawn into every export and embed, so an uploaded one must be inert. The stored logo is never the uploaded text: an SVG is read into a tree
 * (`xml.ts`) and written again from allowlisted elements, attributes and CSS only, so no
 * escape, comment or entity trick in the source can reach what is stored or drawn.
 *
 * Refused, with a 422 naming each thing found (the person exports the file again without it):
 * - every element not on the allowlist below (scripts, `foreignObject`, links, animation, `feImage`,
 *   …): dropping one could lose part of the drawing, and the point is what they see is what they
 *   uploaded;
 * - event attributes (`on…`), and references to anything outside the file: an `href` other than a
 *   `#fragment` (or, on `<image>`, a PNG/JPEG/GIF/WebP data URI within the raster logo limits),
 *   and any `url()` other than `url(#fragment)`;
 * - CSS escapes (`\`), at-rules (`@import`, `@font-face`, `@media`, …), CSS functions other than
 *   colours and transforms, and selectors beyond names, classes, ids and combinators;
 * - a `<use>` whose target holds a `<use>` itself, or copies adding up to more than
 *   `maxUseCopies` elements (nested copies multiply: a small file could draw billions of shapes);
 * - whatever `xml.ts` refuses (entities, DOCTYPE subsets, processing instructions).
 * Dropped silently, because they never draw: comments, the XML declaration, `<metadata>`, editor
 * data (Inkscape, Sodipodi, Illustrator, Sketch, Affinity namespaces, `data-*`), namespace
 * declarations, unknown attributes and CSS properties, whitespace and text outside text elements.
 * So the stored logo is the rewritten file: the same drawing, without those. This module takes the
 * data URI; `logo-rewrite.ts` rewrites the markup, with `logo-allowlist.ts` and
 * `logo-css.ts`; `../raster/logo-headers.ts` checks PNG and JPEG headers.
 */
import { rasterLogoProblem } from "../raster/logo-headers";
import { cleanSvgLogo } from "./logo-rewrite";

export { cleanSvgLogo, maxUseCopies, type SvgLogoCheck, svgLogoProblems } from "./logo-rewrite";

function decodeBase64(base64: string): Uint8Array {
	return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

function encodeBase64(bytes: Uint8Array): string {
	let binary = "";
	for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
	return btoa(binary);
}

export type LogoCheck = { dataUri: string; problem?: undefined } | { dataUri?: undefined; problem: string };

/**
 * A logo data URI (already matching the theme schema's `data:image/(png|jpeg|svg+xml);base64,`)
 * as it is stored: a raster one as sent once its header passes the size limits, an SVG one
 * rewritten from its allowed parts. Or why it cannot be stored, as one sentence.
 */
export function checkLogo(dataUri: string): LogoCheck {
	const match = /^data:image\/(png|jpeg|svg\+xml);base64,(.*)$/s.exec(dataUri);
	if (!match) return { problem: "The logo must be a base64 PNG, JPEG or SVG data URI." };
	let bytes: Uint8Array;
	try {
		bytes = decodeBase64(match[2] ?? "");
	} catch {
		return { problem: "The logo's base64 does not decode." };
	}
	const format = match[1];
	if (format === "png" || format === "jpeg") {
		const problem = rasterLogoProblem(bytes, format);
		return problem ? { problem } : { dataUri };
	}
	let text: string;
	try {
		text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
	} catch {
		return { problem: "The SVG logo is not UTF-8 text; save it again as a plain SVG." };
	}
	const cleaned = cleanSvgLogo(text);
	if (cleaned.svg !== undefined) return { dataUri: `data:image/svg+xml;base64,${encodeBase64(new TextEncoder().encode(cleaned.svg))}` };
	return {
		problem: `The SVG logo was refused because it contains ${cleaned.problems.join("; ")}. Logos are drawn into every export and embed, so they may only draw shapes, text, gradients and images inside the file: remove these and upload it again (in Inkscape, "Save as → Optimized SVG" drops most of them).`,
	};
}

/** Why a logo cannot be stored, as one sentence; null when it can (see `checkLogo` for what is stored). */
export function logoProblem(dataUri: string): string | null {
	return checkLogo(dataUri).problem ?? null;
}
