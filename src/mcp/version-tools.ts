/**
 * A chart's version history: every write is a version (GET /v1/charts/{id}/versions), and any
 * version's content can be brought back as a new one (POST …/versions/{n}/restore).
 */
import { z } from "zod";
import { type ChartAnswer, chartResult } from "./chart-results";
import { guarded, toolResult } from "./results";
import { ChartId, ChartOutput, VersionListOutput } from "./schemas";
import type { ToolContext } from "./tool-context";
import { hints, type ToolRegistry } from "./tool-registry";
import { listed, plural } from "./words";

interface Version {
	version: number;
	firstVersion: number;
	summary: string;
	createdAt: string;
	[field: string]: unknown;
}

export function registerVersionTools(tools: ToolRegistry, { bridge, requestId }: ToolContext): void {
	tools.registerTool(
		"list_versions",
		{
			title: "List a chart's versions",
			description: "A chart's versions, newest first, each with what it changed.",
			inputSchema: { id: ChartId },
			outputSchema: VersionListOutput,
			annotations: hints.readOnly,
		},
		({ id }) =>
			guarded(requestId, async () => {
				const { versions } = await bridge.json<{ versions: Version[] }>({ method: "GET", path: "/v1/charts/:id/versions", params: { id } });
				const lines = versions.map((v) => `${v.firstVersion === v.version ? v.version : `${v.firstVersion}–${v.version}`}: ${v.summary}`);
				return toolResult(`${plural(versions.length, "version")} of ${id}: ${listed(lines, 15)}.`, { versions });
			}),
	);

	tools.registerTool(
		"restore_version",
		{
			title: "Restore a version",
			description: "Brings back version n's kind, settings and data as a new version. Folder and embed stay.",
			inputSchema: { id: ChartId, version: z.int().min(1) },
			outputSchema: ChartOutput,
			annotations: hints.changes,
		},
		({ id, version }) =>
			guarded(requestId, async () => {
				const chart = await bridge.json<ChartAnswer>({
					method: "POST",
					path: "/v1/charts/:id/versions/:n/restore",
					params: { id, n: String(version) },
				});
				return chartResult(`Restored version ${version} of ${id} as version ${chart.version}.`, chart, bridge.origin);
			}),
	);
}
