/**
 * Fonts a workspace uploaded, as the renderer receives them: the bytes already read (a render
 * does no I/O) and the family a theme names them by. Each file is parsed at most once per
 * isolate, keyed by its bytes, so a font evicted from the byte cache takes its parse with it.
 * What needs a full font parser (fontkit: PDF embedding, SVG subsetting) is in
 * `uploaded-font-embedding.ts`, which only drawing loads.
 */
import { familyNames } from "../domain/font-families";
import type { FontMetrics } from "../formats/fonts/metrics";
import { fontMetrics } from "../formats/fonts/metrics";

export interface RenderFont {
	id: string;
	family: string;
	weight: number;
	style: "normal" | "italic";
	format: "ttf" | "otf";
	data: ArrayBuffer;
}

const parsedMetrics = new WeakMap<ArrayBuffer, FontMetrics>();

export function uploadedMetrics(font: RenderFont): FontMetrics {
	let metrics = parsedMetrics.get(font.data);
	if (!metrics) {
		metrics = fontMetrics(font.data);
		parsedMetrics.set(font.data, metrics);
	}
	return metrics;
}

/**
 * The uploaded font a CSS font-family list draws with at `weight`: the first listed family that
 * was uploaded, and of its files the one CSS would pick (the same style first, then the nearest
 * weight, heavier on ties above 500 as CSS does for bold). Undefined when none is uploaded.
 */
export function matchUploadedFont<Face extends Pick<RenderFont, "family" | "weight" | "style">>(
	fonts: readonly Face[],
	familyList: string,
	weight: number,
	italic = false,
): Face | undefined {
	if (fonts.length === 0) return undefined;
	for (const name of familyNames(familyList)) {
		const candidates = fonts.filter((font) => font.family.toLowerCase() === name);
		if (candidates.length === 0) continue;
		const wantedStyle = italic ? "italic" : "normal";
		const styled = candidates.some((font) => font.style === wantedStyle)
			? candidates.filter((font) => font.style === wantedStyle)
			: candidates;
		return styled.reduce((best, font) => {
			const distance = Math.abs(font.weight - weight);
			const bestDistance = Math.abs(best.weight - weight);
			if (distance !== bestDistance) return distance < bestDistance ? font : best;
			return weight > 500 === font.weight > best.weight ? font : best;
		});
	}
	return undefined;
}

/**
 * The weights a drawing writes its text in, all upright: body text 400; data labels, axis names,
 * table headers and the legend's title 600; a race's values 700; and the theme's title weight.
 * A test draws every kind and checks that no text element asks for another.
 */
export function drawnWeights(titleWeight: number): number[] {
	return [...new Set([400, 600, 700, titleWeight])];
}

/**
 * Of `fonts`, the faces a drawing in `familyList` can use: for each drawn weight, the one CSS
 * would pick. A family of 25 files loads at most four of them, not all.
 */
export function facesDrawn<Face extends Pick<RenderFont, "family" | "weight" | "style">>(
	fonts: readonly Face[],
	familyList: string,
	titleWeight: number,
): Face[] {
	const drawn = new Set(drawnWeights(titleWeight).map((weight) => matchUploadedFont(fonts, familyList, weight, false)));
	return fonts.filter((font) => drawn.has(font));
}

function base64(data: ArrayBuffer): string {
	const bytes = new Uint8Array(data);
	let binary = "";
	for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
	return btoa(binary);
}

/** `@font-face` rules for `fonts`, each file at the URL `source` gives (a data URI or the embed host's path). */
export function fontFaceCss(fonts: readonly RenderFont[], source: (font: RenderFont) => string): string {
	return fonts
		.map(
			(font) =>
				`@font-face{font-family:"${font.family}";src:url(${source(font)}) format("${font.format === "otf" ? "opentype" : "truetype"}");font-weight:${font.weight};font-style:${font.style}}`,
		)
		.join("");
}

export function fontDataUri(font: RenderFont): string {
	return `data:font/${font.format};base64,${base64(font.data)}`;
}

const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function unescapeText(text: string): string {
	return text.replace(/&(#x[0-9a-fA-F]+|#\d+|\w+);/g, (match, name: string) => {
		if (name.startsWith("#x")) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
		if (name.startsWith("#")) return String.fromCodePoint(Number(name.slice(1)));
		return entities[name] ?? match;
	});
}

/** The uploaded fonts the SVG's text elements draw with (by family, weight and style), each with the text it draws. */
export function textByFont(svg: string, fonts: readonly RenderFont[]): Map<RenderFont, string> {
	const used = new Map<RenderFont, string>();
	if (fonts.length === 0) return used;
	for (const [, attributes = "", content = ""] of svg.matchAll(/<text([^>]*)>([^<]*)<\/text>/g)) {
		const font = textFont(attributes);
		const match = font && matchUploadedFont(fonts, font.family, font.weight, font.italic);
		if (match) used.set(match, (used.get(match) ?? "") + unescapeText(content));
	}
	return used;
}

/** The uploaded fonts the SVG's text elements draw with, in the order given. */
export function fontsUsedBySvg(svg: string, fonts: readonly RenderFont[]): RenderFont[] {
	const used = textByFont(svg, fonts);
	return fonts.filter((font) => used.has(font));
}

function numericWeight(raw: string): number {
	if (raw === "bold" || raw === "bolder") return 700;
	if (raw === "lighter") return 300;
	return Number(raw) || 400;
}

/**
 * The family list, weight and style a text element is drawn in. ECharts writes either separate
 * properties (`font-size:…;font-family:…;font-weight:…`) or the `font:` shorthand.
 */
export function textFont(attributes: string): { family: string; weight: number; italic: boolean } | null {
	const unescaped = attributes.replace(/&quot;|&#39;/g, "'");
	const shorthand = /(?:^|[";\s])font:\s*([^;"]*)/.exec(unescaped)?.[1];
	if (shorthand) return cssFont(shorthand);
	const family = /font-family:([^;"]*)/.exec(unescaped)?.[1] ?? /font-family="([^"]*)"/.exec(unescaped)?.[1];
	if (!family) return null;
	const weight = /font-weight:\s*(\w+)/.exec(unescaped)?.[1] ?? /font-weight="(\w+)"/.exec(unescaped)?.[1] ?? "400";
	return { family, weight: numericWeight(weight), italic: /font-style[:=]\s*"?(italic|oblique)/.test(unescaped) };
}

/** A CSS `font` shorthand ("italic bold 18px Brand, Inter, sans-serif") read into its parts. */
export function cssFont(font: string): { family: string; weight: number; italic: boolean } {
	const match = /^(.*?)(\d+(?:\.\d+)?)px(?:\/\S+)?\s+(.*)$/.exec(font.trim());
	const prefix = match?.[1] ?? "";
	const weight = /\b(bold|bolder|lighter|[1-9]00)\b/.exec(prefix)?.[1];
	return { family: match?.[3] ?? "", weight: weight ? numericWeight(weight) : 400, italic: /\b(italic|oblique)\b/.test(prefix) };
}

/** Families every drawing has: the bundled ones, and CSS generic names that resolve to them. */
const drawableFamilies = ["inter", "dejavu sans", "sans-serif", "serif", "system-ui", "ui-sans-serif", "monospace"];

/**
 * A warning when the theme's first family is neither bundled nor uploaded, so the drawing falls
 * back to Inter: said in `X-Render-Warnings` instead of silently drawing another typeface.
 */
export function unavailableFamilyWarning(familyList: string, fonts: readonly RenderFont[]): string | null {
	const [first] = familyNames(familyList);
	if (first === undefined || drawableFamilies.includes(first)) return null;
	if (fonts.some((font) => font.family.toLowerCase() === first)) return null;
	const name =
		familyList
			.split(",")[0]
			?.trim()
			.replace(/^'(.*)'$/, "$1") ?? first;
	return `the theme's font ${name} is neither bundled nor uploaded to this workspace, so text is drawn in Inter; upload it in the console`;
}
