/**
 * The CSS inside an SVG logo: `style` attributes, presentation attribute values and
 * `<style>` sheets, rewritten from allowed properties and plain selectors. Escapes, at-rules,
 * functions other than colours and transforms, and any `url()` other than `url(#fragment)` are
 * problems, noted in the findings; the logo is then refused whole.
 */
import { cssFunctions, cssProperties } from "./logo-allowlist";

/** What the rewrite found that refuses the logo, and whether the result needs the xlink namespace. */
export interface Findings {
	problems: Set<string>;
	usesXlink: boolean;
}

const localUrl = /^url\(\s*(["']?)#[A-Za-z_][\w.:-]*\1\s*\)$/i;

/** Browsers skip ASCII whitespace and control characters inside URLs ("java\nscript:"); so do we, before judging one. */
export function compact(value: string): string {
	return [...value].filter((ch) => (ch.codePointAt(0) ?? 0) > 0x20).join("");
}

export function short(value: string): string {
	const trimmed = value.trim();
	return trimmed.length > 60 ? `${trimmed.slice(0, 60)}…` : trimmed;
}

/** One CSS value, already without comments: the problems it has, or none. */
export function cssValueProblems(value: string, where: string, found: Findings): void {
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
export function cleanDeclarations(css: string, where: string, found: Findings): string {
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
export function cleanStyleSheet(css: string, found: Findings): string {
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
