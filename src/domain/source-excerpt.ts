/**
 * Text a fetched source chose (a cell, a header, a host name), made safe to stand beside our own
 * words in what we store and show: a linked chart's `lastError` reaches the chart's owner and, by
 * MCP's `get_chart`, an assistant's model, so a site must not be able to put a sentence of its
 * choosing there. Our messages carry at most one such excerpt: short, quoted, one line, without
 * control or invisible formatting characters (bidi overrides, zero-width marks) or quote marks
 * that could end the quotation early.
 */

/** How many characters of source text a message may quote. */
export const maxExcerptChars = 40;

const invisible = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cn}]/gu;
const quoteMarks = /["'`“”‘’«»‹›„‚]/g;

/** `text` as a quoted excerpt: “…”, at most `max` characters of it, cut with an ellipsis. */
export function quotedExcerpt(text: string, max: number = maxExcerptChars): string {
	const flat = text.replace(invisible, " ").replace(quoteMarks, "").replace(/\s+/g, " ").trim();
	const chars = [...flat];
	const cut =
		chars.length > max
			? `${chars
					.slice(0, max - 1)
					.join("")
					.trimEnd()}…`
			: flat;
	return `“${cut}”`;
}
