/**
 * Text for markup. Every piece of HTML and SVG we write goes through here: `drawableText` drops
 * the characters XML does not allow (a title "bell\u0007" would make the file ill-formed and fail
 * resvg, pdfkit and parsers), and `escapeMarkup` escapes what is left for element text and
 * quoted attributes, so no place can forget either.
 */

// Tab and line feed stay (ECharts breaks lines at "\n"); a carriage return becomes a line break.
const undrawable =
	// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this module's job
	/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Quick test first: almost every string is clean, and the check is cheaper than a replace. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this module's job
const hasUndrawable = /[\u0000-\u0008\u000B-\u001F\u007F\uFFFE\uFFFF\uD800-\uDFFF]/;

/** The text without control characters, lone surrogates and U+FFFE/U+FFFF. */
export function drawableText(text: string): string {
	if (!hasUndrawable.test(text)) return text;
	return text.replace(/\r\n?/g, "\n").replace(undrawable, "");
}

const entities: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

/** Text safe inside an element or a quoted attribute of HTML or XML. */
export function escapeMarkup(text: string): string {
	return drawableText(text).replace(/[&<>"']/g, (ch) => entities[ch] as string);
}
