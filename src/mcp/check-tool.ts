/**
 * `check_chart_colors`: the chart's colour checks (GET /v1/charts/{id}/checks), the same warnings
 * the editor shows beside its preview, with the colour to set where the chart can fix one itself,
 * so an assistant can check a chart it made and fix it with update_chart.
 */

import type { z } from "zod";
import type { ChartChecks } from "../api/chart-checks";
import { guarded, toolResult } from "./results";
import { ChartId, ChecksOutput } from "./schemas";
import type { ToolContext } from "./tool-context";
import { hints, type ToolRegistry } from "./tool-registry";
import { plural } from "./words";

type Checks = z.infer<typeof ChartChecks>;

function describeChecks(id: string, { checks }: Checks): string {
	if (checks.length === 0)
		return `Chart ${id}: every series, label and note is readable in light and dark and apart for colour-blind readers.`;
	const fixes = checks.filter((check) => check.suggestion).map((check) => check.suggestion as NonNullable<(typeof check)["suggestion"]>);
	const lines = checks.map((check) => `- ${check.message}`);
	const fix =
		fixes.length === 0
			? ""
			: `\nTo fix: update_chart with meta.seriesStyle ${JSON.stringify(Object.fromEntries(fixes.map((s) => [s.series, { color: s.color }])))}.`;
	return `Chart ${id}: ${plural(checks.length, "colour warning", "colour warnings")}.\n${lines.join("\n")}${fix}`;
}

export function registerCheckTool(tools: ToolRegistry, { bridge, requestId }: ToolContext): void {
	tools.registerTool(
		"check_chart_colors",
		{
			title: "Check a chart's colours",
			description:
				"Colours checked in light and dark: too faint, or not told apart by colour-blind readers; with colours to set via update_chart.",
			inputSchema: { id: ChartId },
			outputSchema: ChecksOutput,
			annotations: hints.readOnly,
		},
		({ id }) =>
			guarded(requestId, async () => {
				const checks = await bridge.json<Checks>({ method: "GET", path: "/v1/charts/:id/checks", params: { id } });
				return toolResult(describeChecks(id, checks), checks);
			}),
	);
}
