import { describe, expect, it } from "vitest";
import { logoProblem, svgLogoProblems } from "../../src/domain/svg-logo";

const dataUri = (svg: string) => `data:image/svg+xml;base64,${btoa(svg)}`;
const clean = `<?xml version="1.0" encoding="UTF-8"?>
<!-- a logo -->
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">
  <defs><linearGradient id="g"><stop offset="0" stop-color="#000"/></linearGradient><path id="p" d="M0 0h5v5z"/></defs>
  <style>.a { fill: url(#g); }</style>
  <use href="#p"/><use xlink:href="#p" style="fill: url('#g')"/>
  <image href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/>
  <rect class="a" width="10" height="10" fill="url(#g)"/>
</svg>`;

describe("svgLogoProblems", () => {
	it("accepts a logo with local references, gradients, styles and inline raster images", () => {
		expect(svgLogoProblems(clean)).toEqual([]);
		expect(logoProblem(dataUri(clean))).toBeNull();
	});

	it.each([
		["<svg><script>alert(1)</script></svg>", "a <script> element"],
		['<svg xmlns:s="http://www.w3.org/2000/svg"><s:script>x</s:script></svg>', "a <s:script> element"],
		["<svg><foreignObject><div/></foreignObject></svg>", "a <foreignObject> element"],
		['<svg onload="alert(1)"></svg>', "an event attribute onload on <svg>"],
		["<svg><rect ONCLICK='x'/></svg>", "an event attribute ONCLICK on <rect>"],
		['<svg><use href="https://evil.test/a.svg#x"/></svg>', 'an external reference href="https://evil.test/a.svg#x" on <use>'],
		['<svg><image xlink:href="http://x.test/p.png"/></svg>', 'an external reference xlink:href="http://x.test/p.png" on <image>'],
		['<svg><a href="&#106;avascript:alert(1)"><text>x</text></a></svg>', 'an external reference href="javascript:alert(1)" on <a>'],
		['<svg><image href="data:image/svg+xml;base64,PHN2Zy8+"/></svg>', "an external reference"],
		['<svg><rect fill="url(https://x.test/f.svg#g)"/></svg>', "an external url(https://x.test/f.svg#g) in fill on <rect>"],
		['<svg><rect style="fill:url(//x.test/a)"/></svg>', "an external url(//x.test/a) in the style of <rect>"],
		["<svg><style>@import url(https://x.test/a.css);</style></svg>", "a CSS @import in a <style> element"],
		["<svg><style><![CDATA[ rect { fill: url('http://x.test/i.png') } ]]></style></svg>", "an external url(http://x.test/i.png)"],
		['<svg><set attributeName="href" to="javascript:alert(1)"/></svg>', "an <set> that changes href"],
		['<!DOCTYPE svg [<!ENTITY x "y">]><svg>&x;</svg>', "a DOCTYPE declaration"],
		['<?xml-stylesheet href="https://x.test/a.css"?><svg/>', "a <?xml-stylesheet?> processing instruction"],
		["<html><body/></html>", "a <html> root element instead of <svg>"],
		["just text", "no <svg> element"],
	])("refuses %s, naming %s", (svg, expected) => {
		const problems = svgLogoProblems(svg);
		expect(problems.join("; ")).toContain(expected);
	});

	it("names every problem in the refusal message", () => {
		const message = logoProblem(dataUri('<svg onload="x"><script/></svg>'));
		expect(message).toContain("an event attribute onload on <svg>");
		expect(message).toContain("a <script> element");
		expect(message).toMatch(/remove these/);
	});
});

describe("logoProblem for raster logos", () => {
	it("accepts real PNG and JPEG signatures", () => {
		expect(logoProblem("data:image/png;base64,iVBORw0KGgoAAAANSUhEUg==")).toBeNull();
		expect(logoProblem("data:image/jpeg;base64,/9j/4AAQSkZJRg==")).toBeNull();
	});

	it("refuses a file that is not what its type says", () => {
		expect(logoProblem(`data:image/png;base64,${btoa("<svg/>")}`)).toMatch(/not one/);
		expect(logoProblem("data:image/jpeg;base64,iVBORw0KGgoAAAANSUhEUg==")).toMatch(/not one/);
	});
});
