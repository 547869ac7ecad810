/**
 * The embed snippets of a published chart when the console did not just publish it (the publish
 * answer carries them; a chart opened later only has its embed URL), written by the same
 * functions the server's publish answer uses (src/domain/embed-snippet.ts).
 */
import { embedSize, iframeSnippet, loaderSnippet } from "../../../../../domain/embed-snippet";

export interface EmbedSnippets {
	/** The frame alone, sized by the chart's aspect ratio (docs/contract.md#section-4-1). */
	iframe: string;
	/** The frame and the loader that sizes it to its content. */
	responsiveIframe: string;
}

/**
 * Both snippets from the embed URL. The loader's stable address `{EMBED_BASE}/embed.js` stands in
 * for the hashed one publish answers; both serve the same script.
 */
export function embedSnippets(meta: Record<string, unknown>, name: string, url: string): EmbedSnippets {
	const iframe = iframeSnippet(embedSize(meta), name, url);
	const embedBase = url.replace(/\/[^/]+\/?$/, "");
	return { iframe, responsiveIframe: `${iframe}${loaderSnippet(`${embedBase}/embed.js`)}` };
}
