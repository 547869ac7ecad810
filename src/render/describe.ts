/**
 * A plain-language description of what a chart shows, for the SVG's `<desc>` and screen readers.
 */
import type { RenderInput } from "./input";
import { categories, formatNumber, visibleSeries } from "./input";

const kindNames: Record<string, string> = {
	line: "Line chart",
	"horizontal-bar": "Bar chart",
	pie: "Pie chart",
	scatter: "Scatter plot",
	themeriver: "Streamgraph",
	multiples: "Small multiples",
	map: "Map",
	dot: "Dot plot",
	range: "Range plot",
	arrow: "Arrow plot",
	candlestick: "Candlestick chart",
	heatmap: "Heatmap",
	treemap: "Treemap",
	sankey: "Sankey diagram",
	boxplot: "Box plot",
	radar: "Radar chart",
	table: "Table",
};

export function describeChart(input: RenderInput): string {
	const series = visibleSeries(input);
	const labels = categories(input);
	const parts = [`${kindNames[input.kind] ?? "Chart"} of ${series.length} series (${series.map((s) => s.name).join(", ")})`];
	if (labels.length > 0) parts[0] += `, ${labels.length} rows from ${labels[0]} to ${labels.at(-1)}`;
	for (const s of series.slice(0, 5)) {
		const present = s.values.filter((v): v is number => v !== null);
		if (present.length > 0)
			parts.push(`${s.name} ranges from ${formatNumber(Math.min(...present))} to ${formatNumber(Math.max(...present))}`);
	}
	if (input.meta.sourceText) parts.push(`Source: ${input.meta.sourceText}`);
	return `${parts.join(". ")}.`;
}
