/**
 * "Today's embed page", the reference of the embeds suite: the page as it was published before
 * the page before the embeds-for-readers work (src/embed/page.ts before commit ff53f97), rebuilt from the current published page so
 * both compare the same chart in the same run:
 * - of the SVGs inside the published page's `<main>` (the one thing docs/design.md#d38 fixes about its
 *   markup) it keeps one: the widest light drawing, i.e. the largest `viewBox` width (or `width`
 *   attribute) among drawings with no "dark" in their own or an ancestor's class or `data-*`
 *   attributes inside `<main>`. That is the chart-width light SVG both on a page with one SVG
 *   per mode and on a page with width classes;
 * - it puts that SVG alone in `<main data-chart="…/data.json">`, scaled to the frame's width
 *   (`width:100%;height:auto`), under the old page's stylesheet and head;
 * - it loads the kind's whole client at once, as old pages did: `<script src defer>` of the
 *   unhashed client path they name (`/_client/chart.js`, maps `/_client/map.js`; the embed host
 *   keeps answering it for pages published before hashing, see src/embed/clients.ts), or, if the
 *   host no longer answers that path, the script(s) the published page names.
 * The page's `data.json` and client are fetched from the embed host like the published page's.
 * One concession to pages after the embeds-for-readers work: a drawing that takes its colours from CSS custom
 * properties (`var(--…)`, D38) would lose them under the old stylesheet alone, so then the
 * published page's stylesheets come first (in light mode), and the old rules, made `!important`
 * for the drawing, after them. A drawing with its colours inline gets the old stylesheet only.
 */
import type { Browser } from "playwright-core";
import { nameShim } from "./embed-measure.ts";

export interface PublishedDrawing {
	/** The widest light drawing's markup. */
	svg: string;
	/** Its width in its own units (viewBox or width attribute). */
	width: number;
	/** How many SVGs the published `<main>` holds, and how many of them are light. */
	drawings: number;
	lightDrawings: number;
	/** Whether the drawing takes colours (or anything) from CSS custom properties. */
	usesCustomProperties: boolean;
	/** The published page's stylesheets (what defines those properties). */
	styles: string[];
	/** The `src` of each script the published page names, in order. */
	scripts: string[];
	title: string;
}

/** Picks the widest light drawing out of the published page, parsing it as Chromium does. */
export async function widestLightDrawing(browser: Browser, html: string): Promise<PublishedDrawing> {
	const context = await browser.newContext({ javaScriptEnabled: true });
	try {
		const page = await context.newPage();
		await page.evaluate(nameShim);
		const found = await page.evaluate((source) => {
			const doc = new DOMParser().parseFromString(source, "text/html");
			const main = doc.querySelector("main");
			const svgs = main ? Array.from(main.querySelectorAll("svg")).filter((svg) => !svg.parentElement?.closest("svg")) : [];
			const saysDark = (element: Element) =>
				Array.from(element.attributes).some((a) => (a.name === "class" || a.name.startsWith("data-")) && /dark/i.test(a.value));
			const isDark = (svg: SVGSVGElement) => {
				for (let e: Element | null = svg; e && e !== main; e = e.parentElement) if (saysDark(e)) return true;
				return false;
			};
			const widthOf = (svg: SVGSVGElement) => {
				const box = svg
					.getAttribute("viewBox")
					?.trim()
					.split(/[\s,]+/);
				const fromBox = box && box.length === 4 ? Number(box[2]) : Number.NaN;
				return Number.isFinite(fromBox) && fromBox > 0 ? fromBox : Number.parseFloat(svg.getAttribute("width") ?? "") || 0;
			};
			const light = svgs.filter((svg) => !isDark(svg));
			let widest: SVGSVGElement | undefined;
			for (const svg of light) if (!widest || widthOf(svg) > widthOf(widest)) widest = svg;
			return {
				svg: widest?.outerHTML ?? null,
				width: widest ? widthOf(widest) : 0,
				drawings: svgs.length,
				lightDrawings: light.length,
				usesCustomProperties: widest ? /var\(\s*--/.test(widest.outerHTML) : false,
				styles: Array.from(doc.querySelectorAll("style")).map((style) => style.textContent ?? ""),
				scripts: Array.from(doc.querySelectorAll("script[src]")).map((s) => s.getAttribute("src") ?? ""),
				title: doc.title,
			};
		}, html);
		if (!found.svg) throw new Error(`the published page has no light SVG inside <main> (${found.drawings} SVGs in all)`);
		return { ...found, svg: found.svg };
	} finally {
		await context.close();
	}
}

const escapeAttribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/** The pre-issue-16 page around one drawing (its stylesheet and markup, src/embed/page.ts then). */
export function referenceHtml(drawing: PublishedDrawing, pageUrl: string, scripts: string[]): string {
	const title = escapeAttribute(drawing.title);
	// The old page's light background was the theme's; the bench charts use the default theme's white.
	const override = drawing.usesCustomProperties ? "main>svg{display:block!important;width:100%!important;height:auto!important}" : "";
	const published = drawing.usesCustomProperties
		? drawing.styles.map((css) => `<style>${css.replace(/<\//g, "<\\/")}</style>\n`).join("")
		: "";
	return `<!doctype html>
<html lang="en"${drawing.usesCustomProperties ? ' data-mode="light"' : ""}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
${published}<style>html,body{margin:0;padding:0;background:#ffffff}main{position:relative}main svg{display:block;width:100%;height:auto}.source-link{position:absolute;display:block}.race-controls{position:absolute;top:4px;right:4px}.table-controls{display:flex;gap:8px;align-items:center;padding:4px 8px;font:13px system-ui,sans-serif}${override}</style>
</head>
<body>
<main data-chart="${escapeAttribute(`${pageUrl}data.json`)}">${drawing.svg}</main>
${scripts.map((src) => `<script src="${escapeAttribute(src)}" defer></script>`).join("\n")}
</body>
</html>
`;
}
