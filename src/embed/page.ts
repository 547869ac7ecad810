/**
 * The embed page: the server-rendered SVG inline (visible with no JavaScript), scaled to the
 * width of its frame, titled and described for readers, link unfurls and screen readers; the
 * self-hosted client then makes it interactive.
 */
import { escapeMarkup } from "../domain/markup";

export interface EmbedPage {
	title: string;
	description: string;
	svg: string;
	background: string;
	previewUrl: string;
	pageUrl: string;
	/** The data the client draws from, and the client itself (both on the embed host). */
	dataUrl: string;
	clientUrl: string;
	/** `@font-face` rules for the theme's uploaded fonts, served from the embed host. */
	fontFaces?: string;
	/** `meta.sourceUrl` and where the source line is drawn, as fractions of the chart's size. */
	sourceLink?: { url: string; label: string; box: { left: number; top: number; width: number; height: number } };
}

const percent = (fraction: number) => `${(fraction * 100).toFixed(3)}%`;

/**
 * A real link over the drawn source line (the SVG has no links): scaled with the chart as
 * percentages, moved by the client whenever it draws again. Never followed with the page's rights.
 */
function sourceLinkHtml(link: NonNullable<EmbedPage["sourceLink"]>): string {
	const { left, top, width, height } = link.box;
	const place = `left:${percent(left)};top:${percent(top)};width:${percent(width)};height:${percent(height)}`;
	return `<a class="source-link" href="${escapeMarkup(link.url)}" rel="noopener nofollow" target="_blank" aria-label="${escapeMarkup(link.label)}" style="${place}"></a>`;
}

export function embedHtml(page: EmbedPage): string {
	const title = escapeMarkup(page.title);
	const description = escapeMarkup(page.description);
	return `<!doctype html>
<html lang="en">
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
<style>${page.fontFaces ?? ""}html,body{margin:0;padding:0;background:${page.background}}main{position:relative}main svg{display:block;width:100%;height:auto}.source-link{position:absolute;display:block}.source-link:focus-visible{outline:2px solid currentColor}.race-controls{position:absolute;top:4px;right:4px}.table-controls{display:flex;gap:8px;align-items:center;padding:4px 8px;font:13px system-ui,sans-serif}</style>
</head>
<body>
<main data-chart="${escapeMarkup(page.dataUrl)}">${page.svg}${page.sourceLink ? sourceLinkHtml(page.sourceLink) : ""}</main>
<script src="${escapeMarkup(page.clientUrl)}" defer></script>
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

/** The embed host's 500 page: the reader sees a plain apology, the embedder a request id to quote. */
export function serverErrorHtml(requestId: string): string {
	return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Chart unavailable</title>
<style>body{font:16px system-ui,sans-serif;margin:2rem;color:#333}</style></head>
<body><p>This chart cannot be shown right now. Try again shortly.</p>
<p><small>Request id ${escapeMarkup(requestId)}</small></p></body></html>
`;
}
