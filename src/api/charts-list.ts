/**
 * Listing the workspace's charts (spec §4.1).
 */

import { listCharts } from "../db/charts";
import { ChartListQuery, rootFolder, selectCharts } from "../domain/chart-list";
import { json } from "../http/respond";
import { defineRoute } from "../http/route";
import { assertFolderUsable } from "../services/chart-writes";
import { chartListItem } from "./chart-resource";
import { ChartList } from "./schemas";

const tag = "Charts";

export const listChartsRoute = defineRoute({
	method: "GET",
	path: "/v1/charts",
	readOnly: true,
	tag,
	summary: "List the workspace's charts",
	description:
		"Every chart of the workspace (a team's shared charts included), most recently updated first. Not paginated. Optional filters: `search` (name contains, ignoring case), `folderId` (charts filed directly in that folder, or `root` for charts in no folder), `sort` (`updated` or `name`).",
	access: "chart:read",
	query: ChartListQuery,
	body: { type: "none" },
	responses: { 200: { description: "The workspace's charts", schema: ChartList } },
	errors: ["invalid_folder"],
	async handler({ services, caller, query }) {
		if (query.folderId !== undefined && query.folderId !== rootFolder) await assertFolderUsable(services, caller, query.folderId);
		const rows = selectCharts(await listCharts(services.db, caller.workspaceId), query);
		return json({
			charts: rows.map((row) => chartListItem(row, services.config.embedBase)),
		});
	},
});
