/**
 * What every tool that answers a chart says: the API's answer, plus the chart's page in the
 * console's editor (`editUrl`, the console's `/charts/{id}` on the service's own origin, where
 * the Worker serves it), and the API's `warnings` (settings it did not know, …) in the sentence
 * the model reads, so it can fix them.
 */
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { kindPhrase } from "../domain/kind-catalog";
import type { ChartKind } from "../domain/kinds";
import { toolResult } from "./results";
import { listed, plural } from "./words";

/** A chart as the API answers it, or only the receipt a key without chart:read gets. */
export interface ChartAnswer {
	id: string;
	version: number;
	name?: string;
	kind?: ChartKind;
	series?: string[];
	published?: { embedUrl: string } | null;
	dataSource?: { url: string; lastStatus: string | null; lastError?: string | null } | null;
	warnings?: unknown;
	[field: string]: unknown;
}

/** The console's editor for a chart. */
export function editorUrl(origin: string, id: string): string {
	return `${origin}/charts/${encodeURIComponent(id)}`;
}

/** `warnings` of an API answer, when it has any. */
export function warningsOf(answer: { warnings?: unknown }): string[] {
	return Array.isArray(answer.warnings) ? answer.warnings.filter((warning): warning is string => typeof warning === "string") : [];
}

export function warningsSentence(warnings: readonly string[]): string {
	return warnings.length === 0 ? "" : ` Warnings: ${warnings.join("; ")}.`;
}

/** "'Seats' (ch_…), a bar chart of 2 series (seats; votes)", or the id alone for a receipt. */
export function chartPhrase(chart: ChartAnswer): string {
	if (chart.name === undefined || chart.kind === undefined) return `chart ${chart.id}`;
	const series =
		chart.series === undefined
			? ""
			: ` of ${chart.series.length === 0 ? "no data" : `${plural(chart.series.length, "series", "series")} (${listed(chart.series)})`}`;
	return `'${chart.name}' (${chart.id}), ${kindPhrase(chart.kind)}${series}`;
}

/** `text`, then the warnings and where to edit the chart; the answer with `editUrl` as the structured result. */
export function chartResult(text: string, chart: ChartAnswer, origin: string): CallToolResult {
	const editUrl = editorUrl(origin, chart.id);
	return toolResult(`${text}${warningsSentence(warningsOf(chart))} Edit it at ${editUrl}`, { ...chart, editUrl });
}
