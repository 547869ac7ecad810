/**
 * The fonts every raster and PDF export uses, bundled with the Worker: Inter (regular,
 * semibold, bold) for the design, DejaVu Sans as the fallback for the many scripts Inter lacks
 * (Greek, Cyrillic, Arabic, Hebrew, symbols…). Text in a script neither covers (CJK) is
 * reported in a response header instead of vanishing silently.
 */

import interRegular from "../../node_modules/@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf";
import interSemiBold from "../../node_modules/@expo-google-fonts/inter/600SemiBold/Inter_600SemiBold.ttf";
import interBold from "../../node_modules/@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf";
import dejavuSans from "../../node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf";
import type { FontMetrics } from "../formats/fonts/metrics";
import { fontMetrics } from "../formats/fonts/metrics";
import { fallbackFamily, primaryFamily } from "./bundled-families";
import type { RenderFont } from "./uploaded-fonts";
import { cssFont, matchUploadedFont, uploadedMetrics } from "./uploaded-fonts";

export { fallbackFamily, primaryFamily } from "./bundled-families";

export const fontFiles: { family: string; weight: number; data: ArrayBuffer }[] = [
	{ family: primaryFamily, weight: 400, data: interRegular },
	{ family: primaryFamily, weight: 600, data: interSemiBold },
	{ family: primaryFamily, weight: 700, data: interBold },
	{ family: fallbackFamily, weight: 400, data: dejavuSans },
];

let metrics: { regular: FontMetrics; bold: FontMetrics; fallback: FontMetrics } | undefined;

/** Glyph advances of the bundled fonts, parsed once per isolate. */
export function bundledMetrics() {
	metrics ??= { regular: fontMetrics(interRegular), bold: fontMetrics(interSemiBold), fallback: fontMetrics(dejavuSans) };
	return metrics;
}

/** Characters of `text` that neither a bundled font nor one of the theme's uploaded `fonts` can draw. */
export function missingGlyphs(text: string, fonts: readonly RenderFont[] = []): string[] {
	const { regular, fallback } = bundledMetrics();
	const uploaded = fonts.map(uploadedMetrics);
	const missing = new Set<string>();
	for (const ch of text) {
		const code = ch.codePointAt(0) ?? 0;
		if (code < 32 || /\s/.test(ch)) continue;
		if (!regular.has(code) && !fallback.has(code) && !uploaded.some((metrics) => metrics.has(code))) missing.add(ch);
	}
	return [...missing];
}

/**
 * The uploaded fonts of the drawing under way. ECharts measures text through one platform hook
 * with only a CSS font string, so the theme's fonts are set around a drawing, which is synchronous
 * from `setOption` to the finished SVG string: no other drawing can interleave in the isolate.
 */
let activeFonts: readonly RenderFont[] = [];

export function withUploadedFonts<T>(fonts: readonly RenderFont[], draw: () => T): T {
	const previous = activeFonts;
	activeFonts = fonts;
	try {
		return draw();
	} finally {
		activeFonts = previous;
	}
}

/**
 * Width of `text` in the CSS `font` (e.g. "bold 18px Inter, sans-serif"), as it is drawn: with
 * the theme's uploaded font where it names one and has the glyph, else with the bundled fonts.
 */
export function measureTextWidth(text: string, font: string | undefined): number {
	const size = Number(/(\d+(?:\.\d+)?)px/.exec(font ?? "")?.[1] ?? 12);
	const bold = /\b(bold|bolder|[5-9]00)\b/.test(font ?? "");
	const { regular, bold: boldMetrics, fallback } = bundledMetrics();
	const primary = bold ? boldMetrics : regular;
	const css = activeFonts.length > 0 && font ? cssFont(font) : undefined;
	const match = css && matchUploadedFont(activeFonts, css.family, css.weight, css.italic);
	const own = match ? uploadedMetrics(match) : undefined;
	let width = 0;
	for (const ch of text) {
		const code = ch.codePointAt(0) ?? 0;
		if (own?.has(code)) width += own.advance(ch);
		else width += (primary.has(code) || !fallback.has(code) ? primary : fallback).advance(ch);
	}
	return width * size;
}
