/** Short phrases for the sentences tool results start with. */

export function plural(count: number, noun: string, nouns = `${noun}s`): string {
	return `${count} ${count === 1 ? noun : nouns}`;
}

/** The first `shown` items joined, and how many more there are. */
export function listed(items: readonly string[], shown = 10): string {
	const head = items.slice(0, shown).join("; ");
	return items.length > shown ? `${head}; and ${items.length - shown} more` : head;
}
