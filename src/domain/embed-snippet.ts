/**
 * The embed snippet of a published chart (docs/contract.md#section-4-1): a frame sized by the chart's aspect ratio.
 * Publish answers it (src/api/publish.ts) and the console writes it for a chart published
 * earlier; one function, so the two cannot drift.
 */
import { escapeMarkup } from "./markup";

/** The chart's size when `meta` does not set one (docs/contract.md#section-2-3). */
export const defaultEmbedSize = { w: 800, h: 500 } as const;

/** `meta.w` and `meta.h`, or the defaults. */
export function embedSize(meta: { w?: unknown; h?: unknown }): { w: number; h: number } {
	return {
		w: typeof meta.w === "number" ? meta.w : defaultEmbedSize.w,
		h: typeof meta.h === "number" ? meta.h : defaultEmbedSize.h,
	};
}

/** The frame alone: as wide as its container, as tall as the chart's aspect ratio makes it. */
export function iframeSnippet(size: { w: number; h: number }, name: string, url: string): string {
	const ratio = (size.h / size.w) * 100;
	return `<div style="position:relative;width:100%;padding-top:${ratio.toFixed(2)}%"><iframe src="${escapeMarkup(url)}" title="${escapeMarkup(name)}" loading="lazy" style="position:absolute;inset:0;width:100%;height:100%;border:0" allowfullscreen></iframe></div>`;
}

/** The loader script that sizes a frame to its content. */
export function loaderSnippet(src: string): string {
	return `<script async src="${escapeMarkup(src)}"></script>`;
}
