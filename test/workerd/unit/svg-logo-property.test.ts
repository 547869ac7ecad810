/**
 * The SVG logo check was bypassed by CSS escapes and an HTML-style comment. This
 * throws hostile variants at it (escapes, comments, CDATA, entity references, mixed case,
 * whitespace, in every place a reference can hide) and checks one thing of each outcome: either
 * the logo is refused, or what would be stored refers to nothing outside the document.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cleanSvgLogo } from "../../../src/formats/svg/logo";
import { propertyRuns } from "../../harness/workerd/tier";

const host = "x.test";

/** A CSS escape of one character, in the forms browsers read: hex with or without a space, or the character itself. */
const cssEscape = fc.constantFrom(
	(ch: string) => `\\${ch.charCodeAt(0).toString(16)} `,
	(ch: string) => `\\${ch.charCodeAt(0).toString(16).padStart(6, "0")}`,
	(ch: string) => `\\${ch}`,
);
const xmlReference = fc.constantFrom(
	(ch: string) => `&#${ch.charCodeAt(0)};`,
	(ch: string) => `&#x${ch.charCodeAt(0).toString(16)};`,
	(ch: string) => `&#X${ch.charCodeAt(0).toString(16).toUpperCase()};`,
);
const caseOf = fc.constantFrom(
	(s: string) => s,
	(s: string) => s.toUpperCase(),
	(s: string) => [...s].map((c, i) => (i % 2 ? c.toUpperCase() : c)).join(""),
);
const space = fc.constantFrom("", " ", "\t", "\n", "\r\n", "\f", "/**/");

/** `url(` written in one of many ways, to an outside address. */
const hostileUrl = fc
	.tuple(
		caseOf,
		fc.nat(2),
		cssEscape,
		space,
		fc.constantFrom("", "'", '"'),
		fc.constantFrom(`https://${host}/a`, `//${host}/a`, `javascript:fetch('//${host}')`),
	)
	.map(([cased, at, escapeChar, gap, quote, target]) => {
		const word = cased("url");
		const escaped = `${word.slice(0, at)}${escapeChar(word.charAt(at))}${word.slice(at + 1)}`;
		return `${escaped}(${gap}${quote}${target}${quote}${gap})`;
	});
const plainUrl = fc.constantFrom(
	`url(https://${host}/a)`,
	`URL( "//${host}/b" )`,
	`url(data:image/svg+xml,<svg onload=fetch('//${host}')>)`,
);
const anyUrl = fc.oneof(hostileUrl, plainUrl);

/** Wraps text the way an attacker would hide it from a pattern scan. */
const hideInXml = fc.constantFrom(
	(s: string) => s,
	(s: string) => `<![CDATA[${s}]]>`,
	(s: string) => `<!-->${s}`,
	(s: string) => `<!--x-->${s}<!---->`,
	(s: string) => s.replace(/u/g, "&#117;").replace(/r/g, "&#x72;"),
	(s: string) => s.replace(/url/i, "&url;"),
);

const scriptish = fc.constantFrom(
	`<script>fetch('//${host}')</script>`,
	`<SCRIPT>fetch('//${host}')</SCRIPT>`,
	`<svg:script xmlns:svg="http://www.w3.org/2000/svg">fetch('//${host}')</svg:script>`,
	`<image href="https://${host}/p.png"/>`,
	`<image xlink:href=" java\nscript:fetch('//${host}')"/>`,
	`<use href="//${host}/s.svg#a"/>`,
	`<a href="https://${host}"><rect/></a>`,
	`<foreignObject><img src="https://${host}/p.png"/></foreignObject>`,
	`<set attributeName="href" to="https://${host}"/>`,
	`<feImage href="https://${host}/p.png"/>`,
	`<rect onload="fetch('//${host}')"/>`,
	`<rect oNlOaD="fetch('//${host}')"/>`,
);

const hostileLogo = fc.oneof(
	fc.tuple(anyUrl, hideInXml).map(([url, hide]) => `<svg><style>${hide(`rect{fill:${url}}`)}</style><rect/></svg>`),
	fc.tuple(anyUrl, hideInXml).map(([url, hide]) => `<svg><style>${hide(`@font-face{font-family:f;src:${url}}`)}</style></svg>`),
	fc.tuple(anyUrl, hideInXml).map(([url, hide]) => `<svg><style>${hide(`@import ${url};`)}</style></svg>`),
	fc
		.tuple(anyUrl, xmlReference)
		.map(([url, ref]) => `<svg><rect style="fill:${url.replace(/[ul]/, (c) => ref(c)).replace(/"/g, "&quot;")}"/></svg>`),
	anyUrl.map((url) => `<svg><rect fill="${url.replace(/"/g, "&quot;")}"/></svg>`),
	fc.tuple(scriptish, hideInXml).map(([element, hide]) => `<svg>${hide(element)}<rect/></svg>`),
	fc.tuple(scriptish, xmlReference).map(([element, ref]) => `<svg>${element.replace(/h/, (c) => ref(c))}</svg>`),
	scriptish.map((element) => `<!DOCTYPE svg [<!ENTITY e "${element.replace(/"/g, "'")}">]><svg>&e;</svg>`),
	scriptish.map((element) => `<?xml-stylesheet href="//${host}/a.css"?><svg>${element}</svg>`),
);

/** What the stored file may never hold: anything naming the outside host, an escape, a script, an event, a comment or a declaration. */
function refersOutside(svg: string, { hostNamed = true } = {}): string | null {
	if (hostNamed && svg.toLowerCase().includes(host)) return "names the outside host";
	if (svg.includes("\\")) return "holds a backslash";
	if (/<script|<foreignobject|<a[\s>]|<set|<feimage|<!|<\?/i.test(svg)) return "holds a forbidden element or declaration";
	for (const match of svg.matchAll(/url\s*\(([^)]*)\)/gi))
		if (!/^\s*['"]?#[\w.:-]+['"]?\s*$/.test(match[1] ?? "")) return "holds a url() not to #id";
	// Attributes are read inside tags only: the writer escapes ">" and quotes in values, so a tag
	// ends at its first ">" and a value at its first quote, and "href=" inside a value or in text is
	// only text.
	for (const [tag] of svg.matchAll(/<[^>]*>/g)) {
		for (const [, name, value] of tag.matchAll(/\s([\w:.-]+)="([^"]*)"/g)) {
			if (/^on/i.test(name ?? "")) return "holds an event attribute";
			if (/(^|:)href$/i.test(name ?? "") && !(value ?? "").startsWith("#")) return "holds an href not to #id";
		}
	}
	if (/&(?!amp;|lt;|gt;|quot;)/.test(svg)) return "holds a reference other than the escapes it writes";
	return null;
}

describe("the SVG logo check over hostile variants (property)", () => {
	it("refuses each, or stores a file that refers to nothing outside the document", () => {
		fc.assert(
			fc.property(hostileLogo, (source) => {
				const result = cleanSvgLogo(source);
				if (result.svg === undefined) {
					expect(result.problems.length).toBeGreaterThan(0);
					return;
				}
				expect(refersOutside(result.svg), `${source}\n→ ${result.svg}`).toBeNull();
			}),
			propertyRuns(2000, 2000),
		);
	});

	it("keeps the same promise over random text spliced into a clean logo", () => {
		const clean =
			'<svg viewBox="0 0 9 9"><defs><linearGradient id="g"><stop offset="0"/></linearGradient></defs><rect fill="url(#g)" width="9" height="9"/></svg>';
		const pieces = fc.constantFrom(
			"<",
			">",
			"&",
			";",
			"#",
			"\\",
			"'",
			'"',
			"(",
			")",
			"url",
			"href=",
			"on",
			"<!--",
			"-->",
			"]]>",
			"<![CDATA[",
			"@",
			host,
			"//",
			"style=",
			"<style>",
			"</style>",
			" ",
			"=",
		);
		fc.assert(
			fc.property(fc.nat(clean.length), fc.array(pieces, { maxLength: 12 }), (at, inserted) => {
				const source = `${clean.slice(0, at)}${inserted.join("")}${clean.slice(at)}`;
				const result = cleanSvgLogo(source);
				// Spliced into a geometry value or an id the host name is only text; what matters is that nothing refers to it.
				if (result.svg !== undefined) expect(refersOutside(result.svg, { hostNamed: false }), `${source}\n→ ${result.svg}`).toBeNull();
			}),
			propertyRuns(3000, 3000),
		);
	});
});
