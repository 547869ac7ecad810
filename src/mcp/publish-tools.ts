/**
 * Publishing: a live embed at a stable public URL (POST /v1/charts/{id}/publish), and taking it
 * down (DELETE …/publish). Both are chart versions, as in the API.
 */
import { type ChartAnswer, chartResult, editorUrl } from "./chart-results";
import { guarded, toolResult } from "./results";
import { ChartId, ChartOutput, PublishedOutput } from "./schemas";
import type { ToolContext } from "./tool-context";
import { hints, type ToolRegistry } from "./tool-registry";

interface Published {
	embedUrl: string;
	iframe: string;
	script: string;
	responsiveIframe: string;
}

export function registerPublishTools(tools: ToolRegistry, { bridge, requestId }: ToolContext): void {
	tools.registerTool(
		"publish_chart",
		{
			title: "Publish a chart",
			description:
				"Publishes the chart as a live embed at a public URL (or updates it). Only when the user asks: anyone with the URL sees it.",
			inputSchema: { id: ChartId },
			outputSchema: PublishedOutput,
			annotations: hints.changes,
		},
		({ id }) =>
			guarded(requestId, async () => {
				const published = await bridge.json<Published>({ method: "POST", path: "/v1/charts/:id/publish", params: { id } });
				const editUrl = editorUrl(bridge.origin, id);
				return toolResult(
					`Published ${id} at ${published.embedUrl}. To embed it, paste responsiveIframe (the frame keeps the chart's height). Edit it at ${editUrl}`,
					{ ...published, editUrl },
				);
			}),
	);

	tools.registerTool(
		"unpublish_chart",
		{
			title: "Unpublish a chart",
			description: "Takes the chart's embed down: its URL answers 404 until published again. The chart stays.",
			inputSchema: { id: ChartId },
			outputSchema: ChartOutput,
			annotations: hints.destroys,
		},
		({ id }) =>
			guarded(requestId, async () => {
				const chart = await bridge.json<ChartAnswer>({ method: "DELETE", path: "/v1/charts/:id/publish", params: { id } });
				return chartResult(`Unpublished ${id}: its embed URL no longer shows it.`, chart, bridge.origin);
			}),
	);
}
