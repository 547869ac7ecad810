/**
 * Folders: list and create them (GET/POST /v1/folders), and file a chart in one (a PATCH of the
 * chart's folderId, a version like the console's move).
 */
import { z } from "zod";
import { type ChartAnswer, chartResult } from "./chart-results";
import { guarded, toolResult } from "./results";
import { ChartId, ChartOutput, FolderId, FolderListOutput, FolderOutput } from "./schemas";
import type { ToolContext } from "./tool-context";
import { hints, type ToolRegistry } from "./tool-registry";
import { listed, plural } from "./words";

interface Folder {
	id: string;
	name: string;
	parentId: string | null;
	[field: string]: unknown;
}

export function registerFolderTools(tools: ToolRegistry, { bridge, requestId }: ToolContext): void {
	tools.registerTool(
		"list_folders",
		{
			title: "List folders",
			description: "The workspace's folders; they nest (parentId).",
			inputSchema: {},
			outputSchema: FolderListOutput,
			annotations: hints.readOnly,
		},
		() =>
			guarded(requestId, async () => {
				const result = await bridge.json<{ folders: Folder[] }>({ method: "GET", path: "/v1/folders" });
				const shown = result.folders.map((folder) => `${folder.name} (${folder.id}${folder.parentId ? ` in ${folder.parentId}` : ""})`);
				const text = shown.length === 0 ? "No folders yet." : `${plural(shown.length, "folder")}: ${listed(shown, 30)}.`;
				return toolResult(text, result);
			}),
	);

	tools.registerTool(
		"create_folder",
		{
			title: "Create a folder",
			description: "A new folder, at the top level or in parentId.",
			inputSchema: { name: z.string().min(1).max(300), parentId: FolderId.optional() },
			outputSchema: FolderOutput,
			annotations: hints.creates,
		},
		(body) =>
			guarded(requestId, async () => {
				const folder = await bridge.json<Folder>({ method: "POST", path: "/v1/folders", json: body });
				const where = folder.parentId ? ` in ${folder.parentId}` : "";
				return toolResult(`Created folder ${folder.name} (${folder.id})${where}.`, folder);
			}),
	);

	tools.registerTool(
		"move_chart",
		{
			title: "Move a chart",
			description: "Files a chart in a folder (folderId null: no folder).",
			inputSchema: { id: ChartId, folderId: FolderId },
			outputSchema: ChartOutput,
			annotations: hints.changes,
		},
		({ id, folderId }) =>
			guarded(requestId, async () => {
				const chart = await bridge.json<ChartAnswer>({ method: "PATCH", path: "/v1/charts/:id", params: { id }, json: { folderId } });
				return chartResult(`Moved ${id} ${folderId === null ? "out of its folder" : `into ${folderId}`}.`, chart, bridge.origin);
			}),
	);
}
