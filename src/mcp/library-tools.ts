/**
 * The tools that find data and describe the account: statistics and sources of the library,
 * themes, folders, and the settings schema.
 */
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { metaJsonSchema } from "../api/meta-schema";
import { ToolFailure } from "./api-bridge";
import { guarded, toolResult } from "./results";
import { FolderListOutput, SettingsSchemaOutput, SourcesOutput, StatisticListOutput, ThemeListOutput } from "./schemas";
import type { ToolContext } from "./tool-context";
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

export function registerLibraryTools(server: McpServer, { bridge, requestId, charge }: ToolContext): void {
	server.registerTool(
		"search_statistics",
		{
			title: "Search library statistics",
			description:
				'Full-text search of the statistics library (title, series name, source), best first, up to 25. Chart a result with create_chart\'s series: [{ "statistic": "<id>" }]; its seriesName is the name the series gets in the chart.',
			inputSchema: { search: SearchText.optional().describe("Words to look for, e.g. 'GDP France' or 'unemployment'") },
			outputSchema: StatisticListOutput,
			annotations: { readOnlyHint: true, openWorldHint: false },
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

	server.registerTool(
		"list_sources",
		{
			title: "List library sources",
			description:
				'The library\'s sources and their dimensions. With source and dimension: that dimension\'s values (up to 30; narrow with search), for an exact selection { "source": "<source id>", "select": { "<dimension>": "<value id>" } } in create_chart\'s series.',
			inputSchema: {
				source: LibraryId.optional().describe("A source id, with dimension, to list that dimension's values"),
				dimension: LibraryId.optional().describe("A dimension id of the source"),
				search: SearchText.optional().describe("Narrows the dimension's values"),
			},
			outputSchema: SourcesOutput,
			annotations: { readOnlyHint: true, openWorldHint: false },
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

	server.registerTool(
		"list_themes",
		{
			title: "List themes",
			description:
				"The themes a chart can use (meta.theme): the account's own, made in the console's theme studio, then the built-in ones.",
			inputSchema: {},
			outputSchema: ThemeListOutput,
			annotations: { readOnlyHint: true, openWorldHint: false },
		},
		() =>
			guarded(requestId, async () => {
				const result = await bridge.json<z.infer<typeof ThemeListOutput>>({ method: "GET", path: "/v1/themes" });
				const shown = result.themes.map((theme) => `${theme.name} (${theme.id}${theme.is_default ? ", the default" : ""})`);
				return toolResult(`${plural(shown.length, "theme")}: ${listed(shown, 30)}.`, result);
			}),
	);

	server.registerTool(
		"list_folders",
		{
			title: "List folders",
			description:
				"The workspace's folders (they nest: parentId). A chart is filed with folderId on create_chart, update_chart or copy_chart.",
			inputSchema: {},
			outputSchema: FolderListOutput,
			annotations: { readOnlyHint: true, openWorldHint: false },
		},
		() =>
			guarded(requestId, async () => {
				const result = await bridge.json<z.infer<typeof FolderListOutput>>({ method: "GET", path: "/v1/folders" });
				const shown = result.folders.map((folder) => `${folder.name} (${folder.id})`);
				const text = shown.length === 0 ? "No folders yet." : `${plural(shown.length, "folder")}: ${listed(shown, 30)}.`;
				return toolResult(text, result);
			}),
	);

	server.registerTool(
		"get_settings_schema",
		{
			title: "Describe chart settings",
			description:
				"The JSON Schema of a chart's settings (meta), with a description and an example per setting; or of one setting (section), e.g. 'legend', 'labels' or 'seriesTransform'. Without section it is large: ask for a section when you know which.",
			inputSchema: { section: z.string().min(1).max(100).optional().describe("One top-level setting, e.g. legend") },
			outputSchema: SettingsSchemaOutput,
			annotations: { readOnlyHint: true, openWorldHint: false },
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
