/**
 * Which character separates a CSV's cells, read from its header row. PapaParse guesses from the
 * first ten rows and prefers the separator that yields more cells per row, so a `;` file with
 * decimal commas (`a;b` / `1,5;2,5`, as Excel writes CSV in most of Europe) reads as three
 * comma-separated cells. A header holds names, not numbers: when exactly one candidate appears in
 * it outside quotes, that is the separator. With none (one column) or several, PapaParse guesses.
 */

const candidates = [",", ";", "\t", "|"] as const;

/** The one separator the header row holds outside quotes, or undefined when it holds none or several. */
export function headerSeparator(text: string): string | undefined {
	const found = new Set<string>();
	let quoted = false;
	for (let index = 0; index < text.length; index++) {
		const char = text[index] as string;
		if (char === '"') quoted = !quoted;
		else if (quoted) continue;
		else if (char === "\n" || char === "\r") break;
		else if ((candidates as readonly string[]).includes(char)) found.add(char);
	}
	return found.size === 1 ? [...found][0] : undefined;
}
