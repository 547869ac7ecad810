/** Short phrases for the sentences tool results start with. */
import type { ChartKind } from "../domain/kinds";

const kindPhrases: Record<ChartKind, string> = {
	line: "a line chart",
	"horizontal-bar": "a bar chart",
	pie: "a pie chart",
	scatter: "a scatter plot",
	themeriver: "a streamgraph",
	multiples: "a small-multiples chart",
	map: "a map",
	dot: "a dot plot",
	range: "a range plot",
	arrow: "an arrow plot",
	candlestick: "a candlestick chart",
	heatmap: "a heatmap",
	treemap: "a treemap",
	sankey: "a sankey diagram",
	boxplot: "a box plot",
	radar: "a radar chart",
	table: "a table",
};

export function kindPhrase(kind: ChartKind): string {
	return kindPhrases[kind];
}

export function plural(count: number, noun: string, nouns = `${noun}s`): string {
	return `${count} ${count === 1 ? noun : nouns}`;
}

/** The first `shown` items joined, and how many more there are. */
export function listed(items: readonly string[], shown = 10): string {
	const head = items.slice(0, shown).join("; ");
	return items.length > shown ? `${head}; and ${items.length - shown} more` : head;
}
