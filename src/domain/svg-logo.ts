/**
 * A theme's logo is drawn into every export and embed, so an uploaded one must be inert (issues
 * 13 and 23). The stored logo is never the uploaded text: an SVG is read into a tree
 * (`svg-markup.ts`) and written again from allowlisted elements, attributes and CSS only, so no
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
 * - whatever `svg-markup.ts` refuses (entities, DOCTYPE subsets, processing instructions).
 * Dropped silently, because they never draw: comments, the XML declaration, `<metadata>`, editor
 * data (Inkscape, Sodipodi, Illustrator, Sketch, Affinity namespaces, `data-*`), namespace
 * declarations, unknown attributes and CSS properties, whitespace and text outside text elements.
 * So the stored logo is the rewritten file: the same drawing, without those.
 */
import { type RasterFormat, rasterLogoProblem } from "./raster-logo";
import { readSvgMarkup, type SvgElement, type SvgNode, writeSvgMarkup } from "./svg-markup";

const drawingElements = [
	"svg",
	"g",
	"defs",
	"symbol",
	"use",
	"path",
	"rect",
	"circle",
	"ellipse",
	"line",
	"polyline",
	"polygon",
	"text",
	"tspan",
	"textPath",
	"title",
	"desc",
	"style",
	"image",
	"switch",
	"linearGradient",
	"radialGradient",
	"stop",
	"clipPath",
	"mask",
	"pattern",
	"marker",
	"filter",
	"feBlend",
	"feColorMatrix",
	"feComponentTransfer",
	"feComposite",
	"feConvolveMatrix",
	"feDiffuseLighting",
	"feDisplacementMap",
	"feDistantLight",
	"feDropShadow",
	"feFlood",
	"feFuncA",
	"feFuncB",
	"feFuncG",
	"feFuncR",
	"feGaussianBlur",
	"feMerge",
	"feMergeNode",
	"feMorphology",
	"feOffset",
	"fePointLight",
	"feSpecularLighting",
	"feSpotLight",
	"feTile",
	"feTurbulence",
] as const;
const allowedElements = new Set<string>(drawingElements);
/** Elements whose text is drawn or read; text elsewhere is whitespace between tags. */
const textElements = new Set(["text", "tspan", "textPath", "title", "desc", "style"]);
/** Never drawn: left out whole. */
const inertElements = new Set(["metadata"]);
/** Editors' own namespaces (Inkscape, Sodipodi, Illustrator, Sketch, Affinity, RDF metadata): never drawn. */
const inertPrefixes = new Set(["inkscape", "sodipodi", "i", "x", "graph", "sketch", "serif", "figma", "rdf", "cc", "dc", "sfw", "ns"]);

/** SVG presentation attributes, which browsers parse as CSS values, and the CSS properties allowed in `style`. */
const presentation = [
	"fill",
	"fill-opacity",
	"fill-rule",
	"stroke",
	"stroke-width",
	"stroke-opacity",
	"stroke-linecap",
	"stroke-linejoin",
	"stroke-miterlimit",
	"stroke-dasharray",
	"stroke-dashoffset",
	"opacity",
	"color",
	"display",
	"visibility",
	"clip-path",
	"clip-rule",
	"mask",
	"filter",
	"marker-start",
	"marker-mid",
	"marker-end",
	"stop-color",
	"stop-opacity",
	"flood-color",
	"flood-opacity",
	"lighting-color",
	"font-family",
	"font-size",
	"font-weight",
	"font-style",
	"font-variant",
	"font-stretch",
	"font-size-adjust",
	"text-anchor",
	"dominant-baseline",
	"alignment-baseline",
	"baseline-shift",
	"letter-spacing",
	"word-spacing",
	"text-decoration",
	"writing-mode",
	"direction",
	"unicode-bidi",
	"color-interpolation",
	"color-interpolation-filters",
	"shape-rendering",
	"text-rendering",
	"image-rendering",
	"overflow",
	"paint-order",
	"vector-effect",
	"mix-blend-mode",
	"isolation",
	"transform-origin",
	"transform",
	"enable-background",
] as const;
const presentationNames = new Set<string>(presentation);
const cssProperties = new Set<string>([...presentation, "font", "line-height", "white-space"]);

const geometry = [
	"id",
	"class",
	"viewBox",
	"preserveAspectRatio",
	"x",
	"y",
	"x1",
	"y1",
	"x2",
	"y2",
	"cx",
	"cy",
	"r",
	"rx",
	"ry",
	"fx",
	"fy",
	"fr",
	"width",
	"height",
	"d",
	"points",
	"pathLength",
	"offset",
	"gradientUnits",
	"gradientTransform",
	"spreadMethod",
	"patternUnits",
	"patternContentUnits",
	"patternTransform",
	"clipPathUnits",
	"maskUnits",
	"maskContentUnits",
	"markerUnits",
	"markerWidth",
	"markerHeight",
	"refX",
	"refY",
	"orient",
	"filterUnits",
	"primitiveUnits",
	"in",
	"in2",
	"result",
	"stdDeviation",
	"dx",
	"dy",
	"mode",
	"operator",
	"k1",
	"k2",
	"k3",
	"k4",
	"values",
	"type",
	"tableValues",
	"slope",
	"intercept",
	"amplitude",
	"exponent",
	"radius",
	"scale",
	"xChannelSelector",
	"yChannelSelector",
	"baseFrequency",
	"numOctaves",
	"seed",
	"stitchTiles",
	"order",
	"kernelMatrix",
	"divisor",
	"bias",
	"targetX",
	"targetY",
	"edgeMode",
	"kernelUnitLength",
	"preserveAlpha",
	"surfaceScale",
	"diffuseConstant",
	"specularConstant",
	"specularExponent",
	"azimuth",
	"elevation",
	"pointsAtX",
	"pointsAtY",
	"pointsAtZ",
	"limitingConeAngle",
	"z",
	"lengthAdjust",
	"textLength",
	"rotate",
	"startOffset",
	"method",
	"spacing",
	"side",
	"version",
	"xml:space",
	"xml:lang",
	"lang",
	"style",
	"href",
	"xlink:href",
] as const;
const allowedAttributes = new Set<string>([...geometry, ...presentation]);

/** The CSS functions a logo needs: colours and transforms, and `url()` (checked on its own). */
const cssFunctions = new Set([
	"rgb",
	"rgba",
	"hsl",
	"hsla",
	"hwb",
	"lab",
	"lch",
	"oklab",
	"oklch",
	"url",
	"calc",
	"matrix",
	"translate",
	"translatex",
	"translatey",
	"scale",
	"scalex",
	"scaley",
	"rotate",
	"skew",
	"skewx",
	"skewy",
]);

/** How many elements all `<use>` copies may add together. */
export const maxUseCopies = 20_000;

const fragment = /^#[A-Za-z_][\w.:-]*$/;
const localUrl = /^url\(\s*(["']?)#[A-Za-z_][\w.:-]*\1\s*\)$/i;
const rasterDataUri = /^data:image\/(png|jpeg|gif|webp);base64,([A-Za-z0-9+/]*={0,2})$/;

interface Findings {
	problems: Set<string>;
	usesXlink: boolean;
}

function prefixOf(name: string): string | null {
	const colon = name.indexOf(":");
	return colon > 0 ? name.slice(0, colon) : null;
}

/** Browsers skip ASCII whitespace and control characters inside URLs ("java\nscript:"); so do we, before judging one. */
function compact(value: string): string {
	return [...value].filter((ch) => (ch.codePointAt(0) ?? 0) > 0x20).join("");
}

function short(value: string): string {
	const trimmed = value.trim();
	return trimmed.length > 60 ? `${trimmed.slice(0, 60)}…` : trimmed;
}

/** One CSS value, already without comments: the problems it has, or none. */
function cssValueProblems(value: string, where: string, found: Findings): void {
	if (value.includes("\\")) found.problems.add(`a CSS escape (\\) in ${where}`);
	if (/[@{};<>]/.test(value)) found.problems.add(`a CSS value with @ { } ; < or > in ${where}`);
	for (const match of value.matchAll(/([A-Za-z_-][\w-]*)?\s*\(/g)) {
		const name = (match[1] ?? "").toLowerCase();
		if (!cssFunctions.has(name)) found.problems.add(`a CSS ${name ? `function ${name}()` : "bracket"} in ${where}`);
	}
	for (const match of value.matchAll(/url\s*\(([^)]*)\)?/gi)) {
		if (!localUrl.test(match[0].replace(/\s+\(/, "("))) found.problems.add(`an external url(${short(match[1] ?? "")}) in ${where}`);
	}
	if (/javascript:|expression/i.test(compact(value))) found.problems.add(`script in CSS in ${where}`);
}

/** CSS declarations (a `style` attribute or a rule's body) rewritten from allowed properties; problems noted. */
function cleanDeclarations(css: string, where: string, found: Findings): string {
	const kept: string[] = [];
	for (const declaration of css.split(";")) {
		if (declaration.trim() === "") continue;
		const colon = declaration.indexOf(":");
		const property = (colon < 0 ? declaration : declaration.slice(0, colon)).trim().toLowerCase();
		const value = colon < 0 ? "" : declaration.slice(colon + 1).trim();
		if (!/^-?[a-z][a-z-]*$/.test(property)) {
			found.problems.add(`a CSS declaration "${short(declaration)}" in ${where}`);
			continue;
		}
		const before = found.problems.size;
		cssValueProblems(value, where, found);
		if (found.problems.size === before && cssProperties.has(property)) kept.push(`${property}:${value}`);
	}
	return kept.join(";");
}

const selectorPattern = /^[\w\s.#,>+~*:-]+$/;

/** A style sheet rewritten as plain rules of allowed selectors and properties; at-rules refused. */
function cleanStyleSheet(css: string, found: Findings): string {
	const text = css.replace(/\/\*[\s\S]*?(?:\*\/|$)/g, " ");
	if (text.includes("\\")) found.problems.add("a CSS escape (\\) in a <style> element");
	for (const match of text.matchAll(/@([\w-]*)/g)) found.problems.add(`a CSS @${match[1] ?? ""} rule in a <style> element`);
	const rules: string[] = [];
	let rest = text;
	for (;;) {
		const open = rest.indexOf("{");
		if (open < 0) {
			if (rest.trim() !== "") found.problems.add(`CSS outside any rule in a <style> element: "${short(rest)}"`);
			break;
		}
		const close = rest.indexOf("}", open);
		const selector = rest.slice(0, open).trim();
		const body = close < 0 ? "" : rest.slice(open + 1, close);
		if (close < 0 || body.includes("{")) {
			found.problems.add("unbalanced { } in a <style> element");
			break;
		}
		if (!selectorPattern.test(selector)) found.problems.add(`a CSS selector "${short(selector)}" in a <style> element`);
		const declarations = cleanDeclarations(body, "a <style> element", found);
		if (declarations) rules.push(`${selector.replace(/\s+/g, " ")}{${declarations}}`);
		rest = rest.slice(close + 1);
	}
	return rules.join("");
}

function cleanReference(element: string, name: string, value: string, found: Findings): string | null {
	const target = compact(value);
	if (fragment.test(target)) return target;
	const raster = element === "image" ? rasterDataUri.exec(target) : null;
	if (raster) {
		const problem = rasterProblem(raster[2] ?? "", raster[1] as RasterFormat);
		if (problem) found.problems.add(problem);
		return target;
	}
	found.problems.add(`an external reference ${name}="${short(value)}" on <${element}>`);
	return null;
}

function rasterProblem(base64: string, format: RasterFormat): string | null {
	let bytes: Uint8Array;
	try {
		bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
	} catch {
		return "an image inside the SVG logo whose base64 does not decode";
	}
	const problem = rasterLogoProblem(bytes, format, "An image inside the SVG logo");
	return problem ? problem.replace(/\.$/, "").replace(/^An/, "an") : null;
}

function cleanAttributes(element: SvgElement, found: Findings): [string, string][] {
	const kept: [string, string][] = [];
	for (const [name, value] of element.attributes) {
		const where = `${name} on <${element.name}>`;
		if (/^on/i.test(name)) {
			found.problems.add(`an event attribute ${where}`);
			continue;
		}
		// Namespace declarations, editor data, data-* and unknown attributes never draw.
		if (!allowedAttributes.has(name)) continue;
		if (name === "href" || name === "xlink:href") {
			const reference = cleanReference(element.name, name, value, found);
			if (reference !== null) {
				kept.push([name, reference]);
				if (name === "xlink:href") found.usesXlink = true;
			}
			continue;
		}
		if (name === "style") {
			const declarations = cleanDeclarations(value.replace(/\/\*[\s\S]*?(?:\*\/|$)/g, " "), `the style of <${element.name}>`, found);
			if (declarations) kept.push([name, declarations]);
			continue;
		}
		if (presentationNames.has(name) || /[\\(]/.test(value)) {
			const before = found.problems.size;
			cssValueProblems(value, where, found);
			if (found.problems.size > before) continue;
		}
		kept.push([name, value]);
	}
	return kept;
}

function textOf(element: SvgElement): string {
	return element.children.map((child) => ("text" in child ? child.text : "")).join("");
}

/** The element rewritten from its allowed parts, or null when it is left out whole. */
function cleanElement(element: SvgElement, found: Findings): SvgElement | null {
	const prefix = prefixOf(element.name);
	if ((prefix && inertPrefixes.has(prefix)) || inertElements.has(element.name)) return null;
	if (!allowedElements.has(element.name)) {
		found.problems.add(`${/^[aeiou]/i.test(element.name) ? "an" : "a"} <${element.name}> element`);
		return null;
	}
	const attributes = cleanAttributes(element, found);
	if (element.name === "style") {
		if (element.children.some((child) => !("text" in child))) found.problems.add("an element inside a <style> element");
		const type = element.attributes.find(([name]) => name === "type")?.[1];
		if (type !== undefined && type.trim().toLowerCase() !== "text/css") found.problems.add(`a <style type="${short(type)}">`);
		const sheet = cleanStyleSheet(textOf(element), found);
		return { name: "style", attributes: attributes.filter(([name]) => name !== "type"), children: sheet ? [{ text: sheet }] : [] };
	}
	const children: SvgNode[] = [];
	for (const child of element.children) {
		if ("text" in child) {
			if (textElements.has(element.name)) children.push(child);
			continue;
		}
		const cleaned = cleanElement(child, found);
		if (cleaned) children.push(cleaned);
	}
	return { name: element.name, attributes, children };
}

function descendants(element: SvgElement): SvgElement[] {
	const all: SvgElement[] = [];
	const pending = [element];
	for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
		all.push(next);
		for (const child of next.children) if (!("text" in child)) pending.push(child);
	}
	return all;
}

/** `<use>` copies multiply when a copied element holds a `<use>`; refuse that and cap the total. */
function useProblems(root: SvgElement, found: Findings): void {
	const all = descendants(root);
	const byId = new Map<string, SvgElement>();
	for (const element of all) {
		const id = element.attributes.find(([name]) => name === "id")?.[1];
		if (id !== undefined && !byId.has(id)) byId.set(id, element);
	}
	let copies = 0;
	for (const use of all.filter((element) => element.name === "use")) {
		const href = use.attributes.find(([name]) => name === "href" || name === "xlink:href")?.[1];
		const target = href ? byId.get(href.slice(1)) : undefined;
		if (!target) continue;
		const copied = descendants(target);
		if (copied.some((element) => element.name === "use")) {
			found.problems.add(`a <use> of ${href} that itself holds a <use> (copies of copies)`);
			return;
		}
		copies += copied.length;
	}
	if (copies > maxUseCopies) found.problems.add(`<use> copies adding up to ${copies} elements (at most ${maxUseCopies})`);
}

export type SvgLogoCheck = { svg: string; problems?: undefined } | { svg?: undefined; problems: string[] };

/** The logo rewritten from its allowed parts, or every problem that refuses it. */
export function cleanSvgLogo(source: string): SvgLogoCheck {
	const read = readSvgMarkup(source);
	if ("problem" in read) return { problems: [read.problem] };
	if (read.root.name !== "svg") return { problems: [`a <${read.root.name}> root element instead of <svg>`] };
	const found: Findings = { problems: new Set(), usesXlink: false };
	const cleaned = cleanElement(read.root, found);
	if (cleaned) useProblems(cleaned, found);
	if (found.problems.size > 0 || !cleaned) return { problems: [...found.problems] };
	const namespaces: [string, string][] = [["xmlns", "http://www.w3.org/2000/svg"]];
	if (found.usesXlink) namespaces.push(["xmlns:xlink", "http://www.w3.org/1999/xlink"]);
	return { svg: writeSvgMarkup({ ...cleaned, attributes: [...namespaces, ...cleaned.attributes] }) };
}

/** What in an SVG document makes it unsafe as a logo; an empty list means it may be stored (rewritten). */
export function svgLogoProblems(svg: string): string[] {
	return cleanSvgLogo(svg).problems ?? [];
}

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
