/**
 * `GET /v1/activity`: the workspace's activity log (docs/teams.md), newest first, paged by cursor.
 */
import { listActivity } from "../db/activity";
import { json } from "../http/respond";
import { defineRoute } from "../http/route";
import { ActivityPage, ActivityQuery } from "./team-schemas";

export const activityRoute = defineRoute({
	method: "GET",
	path: "/v1/activity",
	tag: "Team",
	summary: "The workspace's activity",
	description:
		"Who did what and when, newest first: charts created, published, unpublished, deleted, restored and linked to a URL; members invited, joined, removed, left and their roles changed; keys made and revoked; assistants connected and disconnected (by their member, or by the service when a used sign-in code or token came back: no actor); sign-ins from a new browser. Kept a year. Filter by `accountId` (who did it) and `action`; page with `cursor` (the previous page's `nextCursor`).",
	access: "team:read",
	readOnly: true,
	query: ActivityQuery,
	body: { type: "none" },
	responses: { 200: { description: "A page of the activity log", schema: ActivityPage } },
	errors: [],
	async handler({ caller, services, query }) {
		const rows = await listActivity(services.db, {
			workspaceId: caller.workspaceId,
			beforeId: query.cursor === undefined ? undefined : Number(query.cursor),
			accountId: query.accountId,
			action: query.action,
			limit: query.limit + 1,
		});
		const page = rows.slice(0, query.limit);
		const last = page.at(-1);
		return json(
			{
				activity: page.map((row) => ({
					id: String(row.id),
					at: new Date(row.at).toISOString(),
					actor: row.actorAccountId === null ? null : { accountId: row.actorAccountId, email: row.actorEmail ?? "" },
					action: row.action,
					target: row.targetType === null ? null : { type: row.targetType, id: row.targetId ?? "", name: row.targetName },
				})),
				nextCursor: rows.length > query.limit && last ? String(last.id) : null,
			},
			200,
			{ "Cache-Control": "no-store" },
		);
	},
});
