/**
 * What helps a model beyond the tools: the `chart-from-data` prompt (a user's data in, the steps
 * to a shown chart out), and resources it can read: the settings schema, the CSV layouts each
 * chart kind takes, and a chart's data.
 */

import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { metaJsonSchema } from "../api/meta-schema";
import { chartKinds } from "../domain/kinds";
import { layoutExamples } from "../domain/layout-examples";
import { layoutDescriptions } from "../domain/layouts";
import { ToolFailure } from "./api-bridge";
import type { ToolContext } from "./tool-context";

export const settingsSchemaUri = "charts://schema/meta";
export const dataLayoutsUri = "charts://data-layouts";
export const chartDataTemplate = "charts://charts/{id}/data";

/** The CSV layout of every kind, with a small example: what `data` must look like. */
export function dataLayoutsText(): string {
	const sections = chartKinds.map(
		(kind) => `## ${kind}\n${layoutDescriptions[kind]}.\n\n\`\`\`csv\n${layoutExamples[kind].csv.trimEnd()}\n\`\`\``,
	);
	return `# CSV layouts by chart kind\n\nA header row, then one row per category or period. The series of a chart are named after the number columns' headers.\n\n${sections.join("\n\n")}\n`;
}

function chartFromDataText(data: string, goal: string | undefined): string {
	return [
		"Make a chart from the data below with the charts tools.",
		goal ? `What the chart should show: ${goal}` : "Pick what the data shows best.",
		"",
		"1. Choose a kind whose CSV layout the data fits (the resource charts://data-layouts lists them), and reshape the data into that CSV if it is not CSV yet.",
		"2. Call create_chart with kind, data and meta.title (a title that says what the chart shows), plus meta.sourceText when the source is known.",
		"3. Call export_chart with format png and show the image.",
		"4. Refine with update_chart (meta is a merge patch; get_settings_schema describes every setting) and show it again.",
		"5. Publish with publish_chart only if I ask for it.",
		"",
		"The data:",
		data,
	].join("\n");
}

export function registerPromptsAndResources(server: McpServer, { bridge }: ToolContext): void {
	server.registerPrompt(
		"chart-from-data",
		{
			title: "Chart from data",
			description: "Turns data pasted into the chat (CSV, a table, or numbers in words) into a chart shown in the chat.",
			argsSchema: {
				data: z.string().max(100_000).describe("The data: CSV, a table, or numbers in words"),
				goal: z.string().max(1000).optional().describe("What the chart should show, e.g. 'seats by party, largest first'"),
			},
		},
		({ data, goal }) => ({
			description: "Chart the given data and show it",
			messages: [{ role: "user", content: { type: "text", text: chartFromDataText(data, goal) } }],
		}),
	);

	server.registerResource(
		"settings-schema",
		settingsSchemaUri,
		{
			title: "Chart settings schema",
			description: "JSON Schema (2020-12) of a chart's meta: every setting, with a description and an example",
			mimeType: "application/schema+json",
		},
		(uri) => ({
			contents: [{ uri: uri.href, mimeType: "application/schema+json", text: JSON.stringify(metaJsonSchema(bridge.origin)) }],
		}),
	);

	server.registerResource(
		"data-layouts",
		dataLayoutsUri,
		{
			title: "CSV layouts by chart kind",
			description: "The columns each chart kind needs in its CSV data, with an example each",
			mimeType: "text/markdown",
		},
		(uri) => ({ contents: [{ uri: uri.href, mimeType: "text/markdown", text: dataLayoutsText() }] }),
	);

	server.registerResource(
		"chart-data",
		new ResourceTemplate(chartDataTemplate, { list: undefined }),
		{
			title: "A chart's data",
			description: "The chart's data as CSV, transformed series beside the originals (an API request, like export_chart csv)",
			mimeType: "text/csv",
		},
		async (uri, variables) => {
			const id = String(variables.id);
			try {
				const response = await bridge.send({ method: "GET", path: "/v1/charts/:id/export/csv", params: { id } });
				return { contents: [{ uri: uri.href, mimeType: "text/csv", text: await response.text() }] };
			} catch (error) {
				if (error instanceof ToolFailure)
					throw new McpError(ErrorCode.InvalidParams, `${error.code}: ${error.message}`, {
						code: error.code,
						retryAfterSeconds: error.retryAfterSeconds,
					});
				throw error;
			}
		},
	);
}
