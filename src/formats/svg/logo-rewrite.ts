/**
 * The rewrite of an SVG logo: the file read into a tree (`xml.ts`) and
 * written again from allowlisted elements and attributes (`logo-allowlist.ts`) and cleaned
 * CSS (`logo-css.ts`), so no escape, comment or entity trick in the source reaches what is
 * stored or drawn. `<use>` copies are capped here, since nested copies multiply.
 */
import { type RasterFormat, rasterLogoProblem } from "../raster/logo-headers";
import { allowedAttributes, allowedElements, inertElements, inertPrefixes, presentationNames, textElements } from "./logo-allowlist";
import { cleanDeclarations, cleanStyleSheet, compact, cssValueProblems, type Findings, short } from "./logo-css";
import { readSvgMarkup, type SvgElement, type SvgNode, writeSvgMarkup } from "./xml";

/** How many elements all `<use>` copies may add together. */
export const maxUseCopies = 20_000;

const fragment = /^#[A-Za-z_][\w.:-]*$/;
const rasterDataUri = /^data:image\/(png|jpeg|gif|webp);base64,([A-Za-z0-9+/]*={0,2})$/;

function prefixOf(name: string): string | null {
	const colon = name.indexOf(":");
	return colon > 0 ? name.slice(0, colon) : null;
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
