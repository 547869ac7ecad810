/**
 * A plain-language description of what a chart shows, for the SVG's `<desc>` and screen readers.
 */
import { kindCatalog } from "../domain/kind-catalog";
import { extent } from "./extent";
import type { RenderInput } from "./input";
import { categories, visibleSeries } from "./input";
import { dateWriter } from "./settings/dates";
import { valueWriter } from "./settings/numbers";

/** The description names at most this many series (a chart may have hundreds). */
const namedSeries = 20;

/** "Bar chart": the kind's noun starting a sentence; "Chart" for a kind the table does not know. */
function kindTitle(kind: string): string {
	const noun = (kindCatalog as Record<string, { noun: string } | undefined>)[kind]?.noun ?? "chart";
	return noun.charAt(0).toUpperCase() + noun.slice(1);
}

/** Linear in the data and bounded in length, whatever the chart holds. */
export function describeChart(input: RenderInput): string {
	const series = visibleSeries(input);
	const labels = categories(input);
	const names = series.slice(0, namedSeries).map((s) => s.name);
	if (series.length > namedSeries) names.push(`and ${series.length - namedSeries} more`);
	const parts = [`${kindTitle(input.kind)} of ${series.length} series (${names.join(", ")})`];
	// Dates as the chart writes them (meta.locale), so the alt text reads like the axis.
	const writeDate = dateWriter(input) ?? String;
	if (labels.length > 0) parts[0] += `, ${labels.length} rows from ${writeDate(String(labels[0]))} to ${writeDate(String(labels.at(-1)))}`;
	// Values as the chart writes them (locale, prefix, suffix), so the alt text reads like the chart.
	const write = valueWriter(input);
	for (const s of series.slice(0, 5)) {
		const range = extent(s.values);
		if (range) parts.push(`${s.name} ranges from ${write(range.min)} to ${write(range.max)}`);
	}
	if (input.meta.sourceText) parts.push(`Source: ${input.meta.sourceText}`);
	return `${parts.join(". ")}.`;
}

/** The chart's alt text: `meta.description` as written, or the generated description. */
export function chartDescription(input: RenderInput): string {
	const written = input.meta.description?.trim();
	return written ? written : describeChart(input);
}
