import { describe, expect, it } from "vitest";
import { cleanSvgLogo, logoProblem, svgLogoProblems } from "../../../src/formats/svg/logo";
import { base64, gif, jpegDataUri, pngDataUri, webpX } from "../../harness/workerd/logo-files";

const dataUri = (svg: string) => `data:image/svg+xml;base64,${btoa(svg)}`;
const clean = `<?xml version="1.0" encoding="UTF-8"?>
<!-- a logo -->
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">
  <defs><linearGradient id="g"><stop offset="0" stop-color="#000"/></linearGradient><path id="p" d="M0 0h5v5z"/></defs>
  <style>.a { fill: url(#g); }</style>
  <use href="#p"/><use xlink:href="#p" style="fill: url('#g')"/>
  <image href="${pngDataUri(1, 1)}" width="1" height="1"/>
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
		['<svg><a href="&#106;avascript:alert(1)"><text>x</text></a></svg>', "an <a> element"],
		['<svg><image href="data:image/svg+xml;base64,PHN2Zy8+"/></svg>', "an external reference"],
		['<svg><rect fill="url(https://x.test/f.svg#g)"/></svg>', "an external url(https://x.test/f.svg#g) in fill on <rect>"],
		['<svg><rect style="fill:url(//x.test/a)"/></svg>', "an external url(//x.test/a) in the style of <rect>"],
		["<svg><style>@import url(https://x.test/a.css);</style></svg>", "a CSS @import rule in a <style> element"],
		["<svg><style><![CDATA[ rect { fill: url('http://x.test/i.png') } ]]></style></svg>", "an external url('http://x.test/i.png')"],
		['<svg><set attributeName="href" to="javascript:alert(1)"/></svg>', "a <set> element"],
		['<!DOCTYPE svg [<!ENTITY x "y">]><svg>&x;</svg>', "a DOCTYPE with declarations of its own"],
		["<svg><text>&ext;</text></svg>", "an entity reference &ext;"],
		['<?xml-stylesheet href="https://x.test/a.css"?><svg/>', "a <?xml-stylesheet?> processing instruction"],
		["<html><body/></html>", "a <html> root element instead of <svg>"],
		["just text", "text outside the <svg> element"],
		["", "no <svg> element"],
		// Known bypasses: CSS-escaped url() in a <style>, a style attribute and @font-face.
		["<svg><style>rect{fill:\\75rl(https://x.test/a)}</style></svg>", "a CSS escape (\\) in a <style> element"],
		['<svg><rect style="fill:u\\72l(https://x.test/a)"/></svg>', "a CSS escape (\\) in the style of <rect>"],
		["<svg><style>@font-face{font-family:a;src:url(https://x.test/f.woff)}</style></svg>", "a CSS @font-face rule"],
		['<svg><rect fill="\\75rl(https://x.test/a)"/></svg>', "a CSS escape (\\) in fill on <rect>"],
		["<svg><!--><script>x</script><rect/></svg>", "a comment that never ends"],
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

describe("cleanSvgLogo: what is stored", () => {
	it("keeps a plain logo byte for byte", () => {
		const plain = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><rect width="4" height="4" fill="#7a1f5c"/></svg>';
		expect(cleanSvgLogo(plain)).toEqual({ svg: plain });
	});

	it("drops what never draws (comments, metadata, editor data, a DOCTYPE without a subset) and keeps the drawing", () => {
		const illustrator = `<?xml version="1.0"?>
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
<!-- Generator: Adobe Illustrator -->
<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" viewBox="0 0 9 9" data-name="Layer 1" inkscape:label="L">
  <metadata><rdf:RDF/></metadata><sodipodi:namedview/>
  <style type="text/css">/* brand */ .st0 { fill: #FF0000; }</style>
  <rect class="st0" width="9" height="9"/>
</svg>`;
		expect(cleanSvgLogo(illustrator)).toEqual({
			svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 9 9"><style>.st0{fill:#FF0000}</style><rect class="st0" width="9" height="9"/></svg>',
		});
	});

	it("drops a script that XML reads as part of a comment (the <!--> trick), since a comment is never stored", () => {
		expect(cleanSvgLogo('<svg><!--><script>fetch("https://x.test")</script>--><rect/></svg>')).toEqual({
			svg: '<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>',
		});
	});

	it("refuses <use> copies of copies, which multiply", () => {
		const copies = '<svg><defs><g id="a"><rect/></g><g id="b"><use href="#a"/><use href="#a"/></g></defs><use href="#b"/></svg>';
		expect(svgLogoProblems(copies).join()).toContain("a <use> of #b that itself holds a <use>");
	});
});

describe("checkLogo for raster logos (dimensions from the header, before storing)", () => {
	it("accepts real PNG and JPEG files within 2048×2048", () => {
		expect(logoProblem(pngDataUri(2048, 2048))).toBeNull();
		expect(logoProblem(jpegDataUri(600, 200))).toBeNull();
	});

	it("refuses a 16000×16000 PNG from its IHDR alone, naming the size and the limit", () => {
		expect(logoProblem(pngDataUri(16000, 16000))).toBe(
			"The logo is a PNG of 16000×16000 pixels; a logo may be at most 2048×2048 pixels (it is drawn at most 400 pixels wide, so scale it down before uploading).",
		);
		expect(logoProblem(pngDataUri(2049, 10))).toMatch(/2049×10/);
		expect(logoProblem(jpegDataUri(10, 4000))).toMatch(/JPEG of 10×4000/);
	});

	it("refuses a file that is not what its type says, or whose header is cut short", () => {
		expect(logoProblem(`data:image/png;base64,${btoa("<svg/>")}`)).toMatch(/not one/);
		expect(logoProblem("data:image/jpeg;base64,iVBORw0KGgoAAAANSUhEUg==")).toMatch(/not one/);
		expect(logoProblem("data:image/png;base64,iVBORw0KGgoAAAANSUhEUg==")).toMatch(/not one/);
	});

	it("checks raster images inside an SVG logo the same way, GIF and WebP included", () => {
		const inner = (uri: string) => `<svg><image href="${uri}" width="9" height="9"/></svg>`;
		expect(svgLogoProblems(inner(pngDataUri(16000, 16000))).join()).toContain("an image inside the SVG logo is a PNG of 16000×16000");
		expect(svgLogoProblems(inner(`data:image/gif;base64,${base64(gif(5000, 10))}`)).join()).toContain("GIF of 5000×10");
		expect(svgLogoProblems(inner(`data:image/gif;base64,${base64(gif(50, 10))}`))).toEqual([]);
		expect(svgLogoProblems(inner(`data:image/webp;base64,${base64(webpX(3000, 3000))}`)).join()).toContain("WebP of 3000×3000");
	});
});
