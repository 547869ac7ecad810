/**
 * The tools that find data and describe the account: statistics and sources of the library,
 * themes, and the settings schema.
 */

import { z } from "zod";
import { metaJsonSchema } from "../api/meta-schema";
import { ToolFailure } from "./api-bridge";
import { guarded, toolResult } from "./results";
import { SettingsSchemaOutput, SourcesOutput, StatisticListOutput, ThemeListOutput } from "./schemas";
import type { ToolContext } from "./tool-context";
import { hints, type ToolRegistry } from "./tool-registry";
import { listed, plural } from "./words";

const SearchText = z.string().max(200, "at most 200 characters");
const LibraryId = z.string().min(1).max(200);

/** The parts of the data API's answers the sentences name (the route declarations type them loosely). */
interface Sources {
	sources: { id: string; title: string; dimensions: { id: string }[] }[];
}
interface DimensionValues {
	values: { id: string; label: string }[];
}

export function registerLibraryTools(tools: ToolRegistry, { bridge, requestId, charge }: ToolContext): void {
	tools.registerTool(
		"search_statistics",
		{
			title: "Search library statistics",
			description: 'Searches the statistics library, best first, up to 25. Chart one with create_chart series [{"statistic":id}].',
			inputSchema: { search: SearchText.optional().describe("e.g. GDP France") },
			outputSchema: StatisticListOutput,
			annotations: hints.readOnly,
		},
		({ search }) =>
			guarded(requestId, async () => {
				const result = await bridge.json<{ statistics: { id: string; title: string; seriesName: string }[] }>({
					method: "GET",
					path: "/v1/statistics",
					query: { search },
				});
				const found = result.statistics.map((statistic) => `${statistic.title} — ${statistic.seriesName} (${statistic.id})`);
				const text = found.length === 0 ? "No statistics match." : `${plural(found.length, "statistic")}: ${listed(found)}.`;
				return toolResult(text, result);
			}),
	);

	tools.registerTool(
		"list_sources",
		{
			title: "List library sources",
			description: "Sources and dimensions; with source and dimension, its values (up to 30, narrowed by search) for a series select.",
			inputSchema: { source: LibraryId.optional(), dimension: LibraryId.optional(), search: SearchText.optional() },
			outputSchema: SourcesOutput,
			annotations: hints.readOnly,
		},
		({ source, dimension, search }) =>
			guarded(requestId, async () => {
				if ((source === undefined) !== (dimension === undefined)) {
					throw new ToolFailure(
						"invalid_query",
						"Give source and dimension together to list a dimension's values, or neither to list sources.",
						422,
					);
				}
				if (source !== undefined && dimension !== undefined) {
					const { values } = await bridge.json<DimensionValues>({
						method: "GET",
						path: "/v1/sources/:source/dimensions/:dimension",
						params: { source, dimension },
						query: { search },
					});
					const shown = values.map((value) => `${value.label} (${value.id})`);
					const text =
						values.length === 0 ? `No values of ${source}/${dimension} match.` : `${plural(values.length, "value")}: ${listed(shown, 30)}.`;
					return toolResult(text, { values });
				}
				const { sources } = await bridge.json<Sources>({ method: "GET", path: "/v1/sources" });
				const shown = sources.map((s) => `${s.title} (${s.id}; dimensions: ${s.dimensions.map((d) => d.id).join(", ") || "none"})`);
				return toolResult(`${plural(sources.length, "source")}: ${listed(shown, 20)}.`, { sources });
			}),
	);

	tools.registerTool(
		"list_themes",
		{
			title: "List themes",
			description: "Themes for meta.theme: the account's own, then the built-in ones.",
			inputSchema: {},
			outputSchema: ThemeListOutput,
			annotations: hints.readOnly,
		},
		() =>
			guarded(requestId, async () => {
				const result = await bridge.json<z.infer<typeof ThemeListOutput>>({ method: "GET", path: "/v1/themes" });
				const shown = result.themes.map((theme) => `${theme.name} (${theme.id}${theme.is_default ? ", the default" : ""})`);
				return toolResult(`${plural(shown.length, "theme")}: ${listed(shown, 30)}.`, result);
			}),
	);

	tools.registerTool(
		"get_settings_schema",
		{
			title: "Describe chart settings",
			description: "JSON Schema of the settings (meta), each with an example; with section (e.g. legend), one setting. Whole, it is large.",
			inputSchema: { section: z.string().min(1).max(100).optional() },
			outputSchema: SettingsSchemaOutput,
			annotations: hints.readOnly,
		},
		({ section }) =>
			guarded(requestId, async () => {
				await charge();
				const schema = metaJsonSchema(bridge.origin);
				const properties = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
				const sections = Object.keys(properties);
				if (section === undefined) {
					return toolResult(`The settings schema: ${plural(sections.length, "setting")} (${sections.join(", ")}).`, {
						section: null,
						sections,
						schema,
					});
				}
				const part = properties[section];
				if (part === undefined) {
					throw new ToolFailure("invalid_query", `No setting "${section}". The settings are: ${sections.join(", ")}.`, 422);
				}
				const withDefinitions = schema.$defs === undefined ? part : { ...part, $defs: schema.$defs };
				const about = typeof part.description === "string" ? `: ${part.description}` : "";
				return toolResult(`The setting ${section}${about}.`, { section, sections, schema: withDefinitions });
			}),
	);
}
