/**
 * A small, strict XML reader for SVG logos: elements, attributes and text, nothing
 * else. The logo check does not look for bad things in the text a person uploaded (an earlier
 * pattern scan was bypassed by CSS escapes and an HTML-style `<!-->` comment); it reads the file
 * into this tree and writes a new file from the tree's allowed parts. So the rules that decide
 * what a stored logo contains are the writer's, and no trick in the source text reaches it.
 *
 * Read as XML 1.0 says, with these refusals: a DOCTYPE with an internal subset (entity
 * declarations can expand into anything), entity references other than XML's five and numeric
 * ones, processing instructions other than `<?xml …?>`, unquoted or repeated attributes,
 * mismatched tags. Comments, the XML declaration and a DOCTYPE without a subset are dropped.
 * Iterative, with caps on depth and element count, so no file can exhaust the stack or the CPU.
 */

export interface SvgElement {
	name: string;
	attributes: [string, string][];
	children: SvgNode[];
}
export type SvgNode = SvgElement | { text: string };

export const maxLogoDepth = 64;
export const maxLogoElements = 10_000;

export type MarkupResult = { root: SvgElement } | { problem: string };

const namePattern = /[A-Za-z_][\w:.-]*/y;
const predefined: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** Decodes references in text or an attribute value; a named entity XML does not predefine is a problem. */
function decodeReferences(raw: string): { text: string } | { problem: string } {
	let problem: string | null = null;
	const text = raw.replace(/&([^;&\s<]*);?/g, (whole, ref: string) => {
		if (!whole.endsWith(";")) {
			problem ??= `a bare "&" (write it as &amp;)`;
			return whole;
		}
		const numeric = /^#(?:x([0-9a-fA-F]{1,6})|([0-9]{1,7}))$/.exec(ref);
		if (numeric) {
			const code = numeric[1] !== undefined ? Number.parseInt(numeric[1], 16) : Number(numeric[2]);
			if (code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)) return String.fromCodePoint(code);
			problem ??= `an invalid character reference &${ref};`;
			return "";
		}
		const known = predefined[ref];
		if (known !== undefined) return known;
		problem ??= `an entity reference &${ref.slice(0, 40)}; (only XML's own &amp; &lt; &gt; &quot; &apos; and numeric references are read)`;
		return "";
	});
	return problem ? { problem } : { text };
}

/** Reads `source` as an XML document whose root is one element. */
export function readSvgMarkup(source: string): MarkupResult {
	const stack: SvgElement[] = [];
	let root: SvgElement | null = null;
	let elements = 0;
	let i = 0;
	const fail = (problem: string): MarkupResult => ({ problem });
	while (i < source.length) {
		const open = source.indexOf("<", i);
		const textEnd = open < 0 ? source.length : open;
		if (textEnd > i) {
			const decoded = decodeReferences(source.slice(i, textEnd));
			if ("problem" in decoded) return fail(decoded.problem);
			const parent = stack.at(-1);
			if (parent) parent.children.push({ text: decoded.text });
			else if (decoded.text.trim() !== "") return fail("text outside the <svg> element");
		}
		if (open < 0) break;
		if (source.startsWith("<!--", open)) {
			const close = source.indexOf("-->", open + 4);
			if (close < 0) return fail("a comment that never ends");
			i = close + 3;
			continue;
		}
		if (source.startsWith("<![CDATA[", open)) {
			const close = source.indexOf("]]>", open + 9);
			if (close < 0) return fail("a CDATA section that never ends");
			const parent = stack.at(-1);
			if (!parent) return fail("a CDATA section outside the <svg> element");
			parent.children.push({ text: source.slice(open + 9, close) });
			i = close + 3;
			continue;
		}
		if (source.startsWith("<!", open)) {
			const keyword = /^<!([A-Za-z]*)/.exec(source.slice(open, open + 12))?.[1] ?? "";
			if (keyword !== "DOCTYPE" || stack.length > 0 || root) return fail(`a <!${keyword.slice(0, 20)} declaration`);
			const close = source.indexOf(">", open);
			if (close < 0) return fail("a DOCTYPE that never ends");
			if (source.slice(open, close).includes("[")) {
				return fail("a DOCTYPE with declarations of its own (entities can expand into anything)");
			}
			i = close + 1;
			continue;
		}
		if (source.startsWith("<?", open)) {
			const close = source.indexOf("?>", open + 2);
			if (close < 0) return fail("a processing instruction that never ends");
			const target = /^<\?([^\s?]*)/.exec(source.slice(open, open + 60))?.[1] ?? "";
			if (target !== "xml" || open !== source.search(/\S/)) return fail(`a <?${target}?> processing instruction`);
			i = close + 2;
			continue;
		}
		if (source.charAt(open + 1) === "/") {
			const close = source.indexOf(">", open);
			const name = source.slice(open + 2, close < 0 ? source.length : close).trim();
			const current = stack.pop();
			if (!current || current.name !== name) return fail(`a closing </${name.slice(0, 40)}> that does not match its opening tag`);
			i = close + 1;
			continue;
		}
		namePattern.lastIndex = open + 1;
		const name = namePattern.exec(source)?.[0];
		if (!name) return fail(`a "<" that starts no tag (write it as &lt;)`);
		if (root && stack.length === 0) return fail(`a second root element <${name}>`);
		if (++elements > maxLogoElements) return fail(`more than ${maxLogoElements} elements`);
		if (stack.length >= maxLogoDepth) return fail(`elements nested more than ${maxLogoDepth} deep`);
		const tag = readAttributes(source, open + 1 + name.length, name);
		if ("problem" in tag) return fail(tag.problem);
		const element: SvgElement = { name, attributes: tag.attributes, children: [] };
		const parent = stack.at(-1);
		if (parent) parent.children.push(element);
		else root = element;
		if (!tag.selfClosing) stack.push(element);
		i = tag.end;
	}
	const unclosed = stack.at(-1);
	if (unclosed) return fail(`an <${unclosed.name}> element that is never closed`);
	if (!root) return fail("no <svg> element");
	return { root };
}

const attributeName = /[A-Za-z_][\w:.-]*/y;

function readAttributes(
	source: string,
	start: number,
	element: string,
): { attributes: [string, string][]; end: number; selfClosing: boolean } | { problem: string } {
	const attributes: [string, string][] = [];
	let i = start;
	for (;;) {
		const before = i;
		while (/\s/.test(source.charAt(i))) i++;
		if (i >= source.length) return { problem: `an unfinished <${element}> tag` };
		if (source.startsWith("/>", i)) return { attributes, end: i + 2, selfClosing: true };
		if (source.charAt(i) === ">") return { attributes, end: i + 1, selfClosing: false };
		if (i === before) return { problem: `attributes not separated by spaces in <${element}>` };
		attributeName.lastIndex = i;
		const name = attributeName.exec(source)?.[0];
		if (!name) return { problem: `a malformed attribute in <${element}>` };
		i += name.length;
		while (/\s/.test(source.charAt(i))) i++;
		if (source.charAt(i) !== "=") return { problem: `an attribute ${name} without a value in <${element}>` };
		i++;
		while (/\s/.test(source.charAt(i))) i++;
		const quote = source.charAt(i);
		if (quote !== '"' && quote !== "'") return { problem: `an unquoted value for ${name} in <${element}>` };
		const close = source.indexOf(quote, i + 1);
		if (close < 0) return { problem: `an unfinished <${element}> tag` };
		const raw = source.slice(i + 1, close);
		if (raw.includes("<")) return { problem: `a "<" inside the value of ${name} in <${element}>` };
		const decoded = decodeReferences(raw);
		if ("problem" in decoded) return decoded;
		if (attributes.some(([seen]) => seen === name)) return { problem: `the attribute ${name} twice in <${element}>` };
		// XML normalises whitespace characters in attribute values to spaces.
		attributes.push([name, decoded.text.replace(/[\t\n\r]/g, " ")]);
		i = close + 1;
	}
}

function escapeText(text: string): string {
	return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function escapeAttribute(value: string): string {
	return escapeText(value).replace(/"/g, "&quot;");
}

/** Writes a tree back as XML: attributes double-quoted, every special character escaped, empty elements self-closed. */
export function writeSvgMarkup(root: SvgElement): string {
	const out: string[] = [];
	const pending: (SvgNode | { close: string })[] = [root];
	for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
		if ("close" in node) {
			out.push(`</${node.close}>`);
		} else if ("text" in node) {
			out.push(escapeText(node.text));
		} else {
			const attributes = node.attributes.map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`).join("");
			if (node.children.length === 0) {
				out.push(`<${node.name}${attributes}/>`);
			} else {
				out.push(`<${node.name}${attributes}>`);
				pending.push({ close: node.name });
				for (let c = node.children.length - 1; c >= 0; c--) pending.push(node.children[c] as SvgNode);
			}
		}
	}
	return out.join("");
}
