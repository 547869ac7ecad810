/**
 * The embed snippets of a published chart when the console did not just publish it (the publish
 * answer carries them; a chart opened later only has its embed URL). The same markup as
 * `iframeSnippet` and `loaderSnippet` in `src/api/publish.ts`, which is server code the console
 * cannot import.
 */
const defaultSize = { w: 800, h: 500 };

function escapeMarkup(text: string): string {
	return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

export function iframeSnippet(meta: Record<string, unknown>, name: string, url: string): string {
	const w = typeof meta.w === "number" ? meta.w : defaultSize.w;
	const h = typeof meta.h === "number" ? meta.h : defaultSize.h;
	const ratio = (h / w) * 100;
	return `<div style="position:relative;width:100%;padding-top:${ratio.toFixed(2)}%"><iframe src="${escapeMarkup(url)}" title="${escapeMarkup(name)}" loading="lazy" style="position:absolute;inset:0;width:100%;height:100%;border:0" allowfullscreen></iframe></div>`;
}

export interface EmbedSnippets {
	/** The frame alone, sized by the chart's aspect ratio (spec 4.1). */
	iframe: string;
	/** The frame and the loader that sizes it to its content (issue 16). */
	responsiveIframe: string;
}

/**
 * Both snippets from the embed URL. The loader's stable address `{EMBED_BASE}/embed.js` stands in
 * for the hashed one publish answers; both serve the same script.
 */
export function embedSnippets(meta: Record<string, unknown>, name: string, url: string): EmbedSnippets {
	const iframe = iframeSnippet(meta, name, url);
	const embedBase = url.replace(/\/[^/]+\/?$/, "");
	return { iframe, responsiveIframe: `${iframe}<script async src="${escapeMarkup(`${embedBase}/embed.js`)}"></script>` };
}
