/**
 * The iframe snippet of a published chart when the console did not just publish it (the publish
 * answer carries it; a chart opened later only has its embed URL). The same markup as
 * `iframeSnippet` in `src/api/publish.ts`, which is server code the console cannot import.
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
