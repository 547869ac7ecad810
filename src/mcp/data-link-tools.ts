/**
 * Live data: link a chart to a URL whose CSV or JSON rows are read now and then on a schedule
 * (PUT /v1/charts/{id}/data with { url, refreshMinutes }), and read it now (POST …/data/refresh).
 * docs/data.md describes what a link may read.
 */
import { z } from "zod";
import { maxRefreshMinutes, maxSourceUrlLength, minRefreshMinutes } from "../domain/data-source";
import { type ChartAnswer, chartResult } from "./chart-results";
import { guarded } from "./results";
import { ChartId, ChartOutput } from "./schemas";
import type { ToolContext } from "./tool-context";
import { hints, type ToolRegistry } from "./tool-registry";

function sourcePhrase(chart: ChartAnswer): string {
	const source = chart.dataSource;
	if (!source) return "";
	if (source.lastStatus === "failed")
		return ` The last read failed: ${source.lastError ?? "no reason given"}; the chart keeps its last good data.`;
	return source.lastStatus === "unchanged" ? " The source has not changed." : "";
}

export function registerDataLinkTools(tools: ToolRegistry, { bridge, requestId }: ToolContext): void {
	tools.registerTool(
		"link_chart_data",
		{
			title: "Link a chart's data to a URL",
			description: "Reads a public CSV or JSON-rows URL now as the data, then every refreshMinutes (default 5); a published embed follows.",
			inputSchema: {
				id: ChartId,
				url: z.string().min(1).max(maxSourceUrlLength),
				refreshMinutes: z.int().min(minRefreshMinutes).max(maxRefreshMinutes).optional(),
			},
			outputSchema: ChartOutput,
			annotations: hints.changes,
		},
		({ id, url, refreshMinutes }) =>
			guarded(requestId, async () => {
				const chart = await bridge.json<ChartAnswer>({
					method: "PUT",
					path: "/v1/charts/:id/data",
					params: { id },
					json: { url, refreshMinutes },
				});
				return chartResult(`Linked ${id} to ${url}: now version ${chart.version}.`, chart, bridge.origin);
			}),
	);

	tools.registerTool(
		"refresh_chart_data",
		{
			title: "Refresh a chart's data",
			description: "Reads a linked chart's URL (or library series) now instead of waiting for the schedule.",
			inputSchema: { id: ChartId },
			outputSchema: ChartOutput,
			annotations: hints.changes,
		},
		({ id }) =>
			guarded(requestId, async () => {
				const chart = await bridge.json<ChartAnswer>({ method: "POST", path: "/v1/charts/:id/data/refresh", params: { id } });
				return chartResult(`Refreshed ${id}, version ${chart.version}.${sourcePhrase(chart)}`, chart, bridge.origin);
			}),
	);
}
