/**
 * A chart's name is its title (docs/design.md#d7), "Untitled chart" without one: the API answers it and
 * the console shows it while an edit is still being saved. No imports, so the console's bundle
 * takes only these lines.
 */
export const defaultChartName = "Untitled chart";

/** The name a chart with this `meta.title` has. */
export function nameForTitle(title: unknown): string {
	const trimmed = typeof title === "string" ? title.trim() : "";
	return trimmed ? trimmed : defaultChartName;
}
