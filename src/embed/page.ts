/**
 * The embed page: the server-rendered SVG inline (visible with no JavaScript), drawn for a few
 * width classes of which CSS shows the one laid out for the frame (D38), scaled to its width;
 * titled and described for readers, link unfurls and screen readers. The self-hosted client
 * then makes it interactive.
 *
 * The page holds the chart drawn in both modes; `<html data-mode>` (the chart's `meta.mode`, or
 * the embed URL's `?mode=`, or the host's `charts:mode` message) picks one with CSS alone, and
 * `auto` follows the reader's `prefers-color-scheme`.
 */
import { escapeMarkup } from "../domain/markup";
import type { MergedDrawings, WidthDrawing } from "./mode-merge";
import { readerExtrasCss, tableControlsNoscriptCss } from "./page-css";

export interface EmbedPage {
	title: string;
	/** The page's `h1`: the chart's drawn title (else its name), for screen readers and outlines; the drawing shows it to the eye. */
	heading?: string;
	description: string;
	/** What the page shows first: `auto` follows the reader's colour scheme. */
	mode: PageMode;
	/** The chart drawn in each mode for each width class (narrowest first), and the page's background behind it. */
	/**
	 * The drawings: one per width class shared by both modes with the dark colours as classes
	 * (`mode-merge.ts`), or, where the modes differ in more than colours, each mode's own.
	 */
	svgs: Record<DrawnMode, WidthDrawing[]> | MergedDrawings;
	backgrounds: Record<DrawnMode, string>;
	previewUrl: string;
	pageUrl: string;
	/** The data the client draws from, and the client itself (both on the embed host). */
	dataUrl: string;
	/** The overlay client's tooltips and marks, for the kinds it draws (`tips/model.ts`). */
	tipsUrl?: string;
	clientUrl: string;
	/**
	 * When the client draws the interactive chart: `now` where the page needs it at once (a race
	 * plays), else at the reader's first pointer, touch or focus on the chart (or on a table's
	 * controls), so the server's drawing stays the page's largest paint and a reader who only
	 * reads never pays for the redraw.
	 */
	interactive: "now" | "on-interaction";
	/** A table's search and paging above the chart (`table-controls-html.ts`), in the HTML from the first paint; "" or absent for none. */
	tableControls?: string;
	/** The reader extras' markup under the chart (`reader-extras.ts`): a table toggle, a data link; "" for none. */
	extras: string;
	/** `@font-face` rules for the theme's uploaded fonts, served from the embed host. */
	fontFaces?: string;
	/** `meta.sourceUrl` and where the source line is drawn in each width class, as fractions of that drawing's size. */
	sourceLink?: { url: string; label: string; boxes: { width: number; box: Box }[] };
	/** The chart follows linked data or library statistics: an open page watches for redraws (`client/live-refresh.ts`). */
	live?: boolean;
}

interface Box {
	left: number;
	top: number;
	width: number;
	height: number;
}

export type DrawnMode = "light" | "dark";
export type PageMode = DrawnMode | "auto";
export const pageModes: readonly PageMode[] = ["light", "dark", "auto"];

/**
 * The rules that show the dark drawing (and background) for pages matching `selector`: the dark
 * mode's own drawings, or the shared drawings' dark colours.
 */
function darkRules(selector: string, background: string, darkClasses: ReadonlyMap<string, string>): string {
	let css = `${selector}{background:${background};color-scheme:dark}${selector} main>.mode-light{display:none}${selector} main>.mode-dark{display:block}`;
	for (const [name, declarations] of darkClasses) css += `${selector} main .${name}{${declarations}}`;
	return css;
}

/** Light unless the page says dark, or says auto and the reader's scheme is dark. */
function modeCss(backgrounds: Record<DrawnMode, string>, darkClasses: ReadonlyMap<string, string>): string {
	return (
		`html{background:${backgrounds.light};color-scheme:light}main>.mode-dark{display:none}` +
		darkRules("html[data-mode=dark]", backgrounds.dark, darkClasses) +
		`@media (prefers-color-scheme:dark){${darkRules("html[data-mode=auto]", backgrounds.dark, darkClasses)}}`
	);
}

const percent = (fraction: number) => `${(fraction * 100).toFixed(3)}%`;

/**
 * The media query of each width class: from its width up to the next class's. The narrowest
 * class also takes frames narrower than itself, and the widest every wider frame.
 */
function widthQueries(widths: readonly number[]): Map<number, string> {
	return new Map(
		widths.map((width, i) => {
			const next = widths[i + 1];
			const from = i === 0 ? "" : `(min-width:${width}px)`;
			const to = next === undefined ? "" : `(max-width:${next - 0.02}px)`;
			return [width, [from, to].filter(Boolean).join(" and ")];
		}),
	);
}

/** Shows each width class's drawing, and places the source link over its source line, in its own range of frame widths. */
function widthCss(widths: readonly number[], sourceLink: EmbedPage["sourceLink"]): string {
	const boxes = new Map(sourceLink?.boxes.map(({ width, box }) => [width, box]));
	let css = ".w{display:none}";
	for (const [width, query] of widthQueries(widths)) {
		const box = boxes.get(width);
		const place = box
			? `.source-link{left:${percent(box.left)};top:${percent(box.top)};width:${percent(box.width)};height:${percent(box.height)}}`
			: "";
		const rules = `.w-${width}{display:block}${place}`;
		css += query ? `@media ${query}{${rules}}` : rules;
	}
	return css;
}

/** The drawings of one mode (or both), one box per width class. */
function drawingsHtml(mode: DrawnMode | "both", drawings: readonly WidthDrawing[]): string {
	return `<div class="mode-${mode}">${drawings.map((drawing) => `<div class="w w-${drawing.width}">${drawing.svg}</div>`).join("")}</div>`;
}

/**
 * A real link over the drawn source line (the SVG has no links): placed per width class as
 * percentages, moved by the client whenever it draws again. Never followed with the page's rights.
 */
function sourceLinkHtml(link: NonNullable<EmbedPage["sourceLink"]>): string {
	return `<a class="source-link" href="${escapeMarkup(link.url)}" rel="noopener nofollow" target="_blank" aria-label="${escapeMarkup(link.label)}"></a>`;
}

export function embedHtml(page: EmbedPage): string {
	const merged = "darkClasses" in page.svgs ? page.svgs : null;
	const separate = "darkClasses" in page.svgs ? null : page.svgs;
	const widths = (merged?.drawings ?? separate?.light ?? []).map((drawing) => drawing.width);
	const drawings = merged
		? drawingsHtml("both", merged.drawings)
		: `${drawingsHtml("light", separate?.light ?? [])}${drawingsHtml("dark", separate?.dark ?? [])}`;
	const title = escapeMarkup(page.title);
	const description = escapeMarkup(page.description);
	return `<!doctype html>
<html lang="en" data-mode="${page.mode}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<meta name="description" content="${description}">
<meta property="og:type" content="website">
<meta property="og:title" content="${title}">
<meta property="og:description" content="${description}">
<meta property="og:url" content="${escapeMarkup(page.pageUrl)}">
<meta property="og:image" content="${escapeMarkup(page.previewUrl)}">
<meta name="twitter:card" content="summary_large_image">
<style>${page.fontFaces ?? ""}html,body{margin:0;padding:0}body{background:inherit}${modeCss(page.backgrounds, merged?.darkClasses ?? new Map())}${widthCss(widths, page.sourceLink)}main{position:relative;font-synthesis:none}main svg{display:block;width:100%;height:auto}.source-link{position:absolute;display:block}.source-link:focus-visible,.chart:focus-visible,main:focus-visible{outline:2px solid currentColor}main:focus-visible{outline-offset:-2px}.chart:focus-visible{outline-offset:-2px}.visually-hidden{position:absolute;top:0;left:0;margin:0;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}.race-controls{position:absolute;top:4px;right:4px}.chart-tooltip{position:absolute;z-index:2;pointer-events:none;max-width:min(280px,80%);padding:6px 9px;border:1px solid;border-radius:4px;box-shadow:0 2px 8px rgba(0,0,0,.18);font:12px/1.5 Inter,"DejaVu Sans",system-ui,sans-serif}.chart-tooltip-header{font-weight:600}.chart-tooltip-marker{display:inline-block;width:8px;height:8px;margin-right:6px;border-radius:50%}.chart-tooltip b{margin-left:12px;font-weight:600}.table-controls{display:flex;flex-wrap:wrap;gap:8px;align-items:center;padding:4px 8px;font:13px system-ui,sans-serif}${readerExtrasCss}</style>${page.tableControls ? `<noscript><style>${tableControlsNoscriptCss}</style></noscript>` : ""}
</head>
<body>
<h1 class="visually-hidden">${escapeMarkup(page.heading?.trim() || page.title)}</h1>
${page.tableControls ?? ""}<main data-chart="${escapeMarkup(page.dataUrl)}"${page.tipsUrl ? ` data-tips="${escapeMarkup(page.tipsUrl)}"` : ""}${page.live ? " data-live" : ""} data-interactive="${page.interactive}"${page.interactive === "now" ? "" : ` tabindex="0" aria-label="${title}"`}>${drawings}${page.sourceLink ? sourceLinkHtml(page.sourceLink) : ""}</main>${page.extras}
<script src="${escapeMarkup(page.clientUrl)}" defer fetchpriority="low"></script>
</body>
</html>
`;
}

export function notFoundHtml(): string {
	return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Chart not found</title>
<style>body{font:16px system-ui,sans-serif;margin:2rem;color:#333}</style></head>
<body><p>This chart is not published.</p></body></html>
`;
}

/** The answer to an embed URL whose `?mode=` is none of the modes. */
export function badModeHtml(): string {
	return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Unknown mode</title>
<style>body{font:16px system-ui,sans-serif;margin:2rem;color:#333}</style></head>
<body><p>The embed URL's <code>mode</code> must be <code>light</code>, <code>dark</code> or <code>auto</code>; leave it out to use the chart's own.</p></body></html>
`;
}

/** The embed host's 500 page: the reader sees a plain apology, the embedder a request id to quote. */
export function serverErrorHtml(requestId: string): string {
	return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Chart unavailable</title>
<style>body{font:16px system-ui,sans-serif;margin:2rem;color:#333}</style></head>
<body><p>This chart cannot be shown right now. Try again shortly.</p>
<p><small>Request id ${escapeMarkup(requestId)}</small></p></body></html>
`;
}
