/**
 * Escaping text for markup: the one function every piece of HTML and SVG we write uses for
 * text and attribute values (the SVG's title and description, the embed page, the iframe
 * snippet), so no place can forget a character.
 */

const entities: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

/** Text safe inside an element or a quoted attribute of HTML or XML. */
export function escapeMarkup(text: string): string {
	return text.replace(/[&<>"']/g, (ch) => entities[ch] as string);
}
