/**
 * A theme's logo is drawn into every export and embed, so an uploaded one must be inert (issue 13).
 *
 * SVG: we REFUSE rather than strip. Stripping would store something other than what the person
 * uploaded and could silently break the logo (a removed `<use href>` loses shapes); a refusal
 * names exactly what was found so they can export the file again without it, and nothing they
 * stored changes. Refused:
 * - scripts (`<script>`), `<foreignObject>` (HTML inside SVG), and other embedding elements
 *   (`iframe`, `embed`, `object`, `audio`, `video`, SVG Tiny `handler`/`listener`);
 * - event attributes (`onload`, `onclick`, … any attribute whose name starts with `on`);
 * - references to anything outside the file: `href`/`xlink:href` other than a local `#fragment`
 *   or a raster `data:image/(png|jpeg|gif|webp)` URI, and `url(…)` in attributes or `<style>` to
 *   anything but `#fragment`/raster data, and CSS `@import`;
 * - `javascript:` anywhere in an attribute value, and animations (`set`, `animate`) that target
 *   an `href` or an event attribute (they could write a reference after the checks);
 * - DOCTYPE / ENTITY declarations (entities can expand into any of the above) and processing
 *   instructions other than the XML declaration (`<?xml-stylesheet?>` loads CSS).
 * Nested SVG data URIs are refused too: they would need the same checks, and a logo has no
 * reason to nest one. Entity-encoded attribute values are decoded before checking.
 *
 * PNG and JPEG are checked by their signatures only: a renamed file of another type is refused.
 */

export interface LogoProblem {
	/** What was found, in words that say what to remove, e.g. `a <script> element`. */
	found: string[];
}

const forbiddenElements = new Set(["script", "foreignobject", "iframe", "embed", "object", "audio", "video", "handler", "listener"]);
const animationElements = new Set(["set", "animate", "animatetransform", "animatemotion"]);
const safeDataImage = /^data:image\/(?:png|jpeg|gif|webp)[;,]/i;

function localName(name: string): string {
	const colon = name.lastIndexOf(":");
	return (colon >= 0 ? name.slice(colon + 1) : name).toLowerCase();
}

/** XML character references and the five predefined entities, so `&#106;avascript:` is seen as `javascript:`. */
function decodeEntities(value: string): string {
	return value.replace(/&(#x[0-9a-f]+|#[0-9]+|amp|lt|gt|quot|apos);?/gi, (whole, ref: string) => {
		const lower = ref.toLowerCase();
		if (lower.startsWith("#x")) return safeCodePoint(Number.parseInt(lower.slice(2), 16), whole);
		if (lower.startsWith("#")) return safeCodePoint(Number.parseInt(lower.slice(1), 10), whole);
		return { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" }[lower] ?? whole;
	});
}

function safeCodePoint(code: number, fallback: string): string {
	return Number.isFinite(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : fallback;
}

/** A reference is local when it points into the file itself or at an inline raster image. */
/** Browsers ignore ASCII whitespace and control characters inside URLs ("java\nscript:"). */
function withoutControls(value: string): string {
	return [...value].filter((ch) => ch.charCodeAt(0) > 0x20).join("");
}

function isLocalReference(target: string): boolean {
	const compact = withoutControls(target);
	return compact.startsWith("#") || safeDataImage.test(compact) || compact === "";
}

function cssProblems(css: string, where: string, found: Set<string>): void {
	const text = decodeEntities(css).replace(/\/\*[\s\S]*?\*\//g, "");
	if (/@import/i.test(text)) found.add(`a CSS @import in ${where}`);
	for (const match of text.matchAll(/url\(\s*(['"]?)([^'")]*)\1\s*\)/gi)) {
		const target = match[2] ?? "";
		if (!isLocalReference(target)) found.add(`an external url(${target.trim().slice(0, 60)}) in ${where}`);
	}
	if (/expression\s*\(|javascript:/i.test(text)) found.add(`script in CSS in ${where}`);
}

const attributePattern = /([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/y;

/** Parses the attributes of one start tag from `start`; answers them and where the tag ends (after `>`), or null if it never ends. */
function readAttributes(source: string, start: number): { attributes: [string, string][]; end: number; selfClosing: boolean } | null {
	const attributes: [string, string][] = [];
	let i = start;
	for (;;) {
		while (i < source.length && /\s/.test(source.charAt(i))) i++;
		if (i >= source.length) return null;
		if (source.startsWith("/>", i)) return { attributes, end: i + 2, selfClosing: true };
		if (source.charAt(i) === ">") return { attributes, end: i + 1, selfClosing: false };
		attributePattern.lastIndex = i;
		const match = attributePattern.exec(source);
		if (!match || match[0] === "") {
			i++;
			continue;
		}
		attributes.push([match[1] ?? "", match[2] ?? match[3] ?? match[4] ?? ""]);
		i = attributePattern.lastIndex;
	}
}

function attributeProblems(element: string, attributes: [string, string][], found: Set<string>): void {
	for (const [rawName, rawValue] of attributes) {
		const name = localName(rawName);
		const value = decodeEntities(rawValue);
		if (name.startsWith("on")) found.add(`an event attribute ${rawName} on <${element}>`);
		if (name === "href" || name === "src") {
			if (!isLocalReference(value)) found.add(`an external reference ${rawName}="${value.trim().slice(0, 60)}" on <${element}>`);
		} else if (/javascript:/i.test(withoutControls(value))) {
			found.add(`a javascript: URL in ${rawName} on <${element}>`);
		}
		if (name === "style") cssProblems(rawValue, `the style of <${element}>`, found);
		else if (/url\(/i.test(value)) cssProblems(rawValue, `${rawName} on <${element}>`, found);
	}
	if (animationElements.has(element.toLowerCase())) {
		const target = attributes.find(([n]) => localName(n) === "attributename")?.[1] ?? "";
		const targetName = localName(decodeEntities(target).trim());
		if (targetName === "href" || targetName.startsWith("on")) found.add(`an <${element}> that changes ${target}`);
	}
}

/** What in an SVG document makes it unsafe as a logo; an empty list means it may be stored. */
export function svgLogoProblems(svg: string): string[] {
	const found = new Set<string>();
	let sawRoot = false;
	let i = 0;
	while (i < svg.length) {
		const open = svg.indexOf("<", i);
		if (open < 0) break;
		if (svg.startsWith("<!--", open)) {
			const close = svg.indexOf("-->", open + 4);
			i = close < 0 ? svg.length : close + 3;
			continue;
		}
		if (svg.startsWith("<![CDATA[", open)) {
			// CDATA outside <style> is only text; inside <style> it is handled with the style's content.
			const close = svg.indexOf("]]>", open);
			i = close < 0 ? svg.length : close + 3;
			continue;
		}
		if (svg.startsWith("<!", open)) {
			const keyword = /^<!\s*([A-Za-z]+)/.exec(svg.slice(open, open + 20))?.[1]?.toUpperCase() ?? "declaration";
			found.add(keyword === "ENTITY" ? "an ENTITY declaration" : `a ${keyword} declaration`);
			const close = svg.indexOf(">", open);
			i = close < 0 ? svg.length : close + 1;
			continue;
		}
		if (svg.startsWith("<?", open)) {
			const target = /^<\?\s*([^\s?]+)/.exec(svg.slice(open, open + 40))?.[1] ?? "";
			if (target.toLowerCase() !== "xml") found.add(`a <?${target}?> processing instruction`);
			const close = svg.indexOf("?>", open);
			i = close < 0 ? svg.length : close + 2;
			continue;
		}
		if (svg.charAt(open + 1) === "/") {
			const close = svg.indexOf(">", open);
			i = close < 0 ? svg.length : close + 1;
			continue;
		}
		const nameMatch = /^<([A-Za-z_][\w:.-]*)/.exec(svg.slice(open, open + 200));
		if (!nameMatch?.[1]) {
			i = open + 1;
			continue;
		}
		const element = nameMatch[1];
		const local = localName(element);
		if (!sawRoot) {
			sawRoot = true;
			if (local !== "svg") found.add(`a <${element}> root element instead of <svg>`);
		}
		if (forbiddenElements.has(local)) found.add(`a <${element}> element`);
		const tag = readAttributes(svg, open + 1 + element.length);
		if (!tag) {
			found.add(`an unfinished <${element}> tag`);
			break;
		}
		attributeProblems(element, tag.attributes, found);
		i = tag.end;
		if (local === "style" && !tag.selfClosing) {
			const close = svg.toLowerCase().indexOf("</", i);
			const css = svg.slice(i, close < 0 ? svg.length : close).replace(/<!\[CDATA\[|\]\]>/g, "");
			cssProblems(css, "a <style> element", found);
			i = close < 0 ? svg.length : close;
		}
	}
	if (!sawRoot) found.add("no <svg> element");
	return [...found];
}

function decodeBase64(base64: string): Uint8Array {
	const binary = atob(base64);
	const bytes = new Uint8Array(binary.length);
	for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
	return bytes;
}

const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * Why a logo data URI (already matching the theme schema's `data:image/(png|jpeg|svg+xml);base64,`)
 * cannot be stored, as one sentence; null when it can.
 */
export function logoProblem(dataUri: string): string | null {
	const match = /^data:image\/(png|jpeg|svg\+xml);base64,(.*)$/s.exec(dataUri);
	if (!match) return "The logo must be a base64 PNG, JPEG or SVG data URI.";
	let bytes: Uint8Array;
	try {
		bytes = decodeBase64(match[2] ?? "");
	} catch {
		return "The logo's base64 does not decode.";
	}
	if (match[1] === "png") {
		return pngSignature.every((b, i) => bytes[i] === b)
			? null
			: "The logo says it is a PNG but the file is not one; upload the PNG itself.";
	}
	if (match[1] === "jpeg") {
		return bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff
			? null
			: "The logo says it is a JPEG but the file is not one; upload the JPEG itself.";
	}
	let text: string;
	try {
		text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
	} catch {
		return "The SVG logo is not UTF-8 text; save it again as a plain SVG.";
	}
	const problems = svgLogoProblems(text);
	if (problems.length === 0) return null;
	return `The SVG logo was refused because it contains ${problems.join("; ")}. Logos are drawn into every export and embed, so they may not run scripts or load anything from elsewhere: remove these and upload it again (in Inkscape, "Save as → Plain SVG" or "Optimized SVG" drops most of them).`;
}
