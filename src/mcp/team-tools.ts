/**
 * The team tools: list the workspace's members, change a member's role, and read the activity
 * log, each one API call (GET/PATCH /v1/team/members, GET /v1/activity), so each is refused
 * exactly as the API refuses it (a viewer's key, a key without team:write).
 */
import { z } from "zod";
import { TeamMemberList as MemberListSchema, TeamMember as MemberSchema } from "../api/team-schemas";
import { activityActions } from "../auth/activity";
import { Role } from "../domain/roles";
import { guarded, toolResult } from "./results";
import type { ToolContext } from "./tool-context";
import { hints, type ToolRegistry } from "./tool-registry";
import { listed, plural } from "./words";

type Member = z.infer<typeof MemberSchema>;

const ActivityOutput = z.object({
	activity: z.array(
		z.object({
			id: z.string(),
			at: z.string(),
			actor: z.object({ accountId: z.string(), email: z.string() }).nullable(),
			action: z.string(),
			target: z.object({ type: z.string(), id: z.string(), name: z.string().nullable() }).nullable(),
		}),
	),
	nextCursor: z.string().nullable(),
});
type ActivityPage = z.infer<typeof ActivityOutput>;

export function registerTeamTools(tools: ToolRegistry, { bridge, requestId }: ToolContext): void {
	tools.registerTool(
		"list_members",
		{
			title: "List the workspace's members",
			description: "Every member with their role (owner, admin, editor, viewer), when they joined and were last active.",
			inputSchema: {},
			outputSchema: MemberListSchema,
			annotations: hints.readOnly,
		},
		() =>
			guarded(requestId, async () => {
				const result = await bridge.json<{ members: Member[] }>({ method: "GET", path: "/v1/team/members" });
				const shown = result.members.map((member) => `${member.email} (${member.role}${member.you ? ", you" : ""})`);
				return toolResult(`${plural(shown.length, "member")}: ${listed(shown, 30)}.`, result);
			}),
	);

	tools.registerTool(
		"change_member_role",
		{
			title: "Change a member's role",
			description:
				"Sets a member's role (admin, editor or viewer; owner hands ownership on and only the owner can). Needs an owner's or admin's key with team:write. Only when the user asks.",
			inputSchema: { accountId: z.string().min(1).max(100), role: Role },
			outputSchema: MemberSchema,
			annotations: hints.changes,
		},
		({ accountId, role }) =>
			guarded(requestId, async () => {
				const member = await bridge.json<Member>({
					method: "PATCH",
					path: "/v1/team/members/:accountId",
					params: { accountId },
					json: { role },
				});
				return toolResult(`${member.email} is now ${member.role}.`, member);
			}),
	);

	tools.registerTool(
		"list_activity",
		{
			title: "Read the workspace's activity",
			description:
				"Who did what and when, newest first: charts created, published, deleted…, members invited, joined, removed, keys made and revoked. Filter by accountId or action; page with cursor.",
			inputSchema: {
				limit: z.number().int().min(1).max(200).optional(),
				cursor: z.string().max(20).optional(),
				accountId: z.string().max(100).optional(),
				action: z.enum(activityActions).optional(),
			},
			outputSchema: ActivityOutput,
			annotations: hints.readOnly,
		},
		(query) =>
			guarded(requestId, async () => {
				const page = await bridge.json<ActivityPage>({ method: "GET", path: "/v1/activity", query });
				const shown = page.activity.map(
					(entry) =>
						`${entry.at} ${entry.actor?.email ?? "the service"} ${entry.action}${entry.target?.name ? ` ${entry.target.name}` : ""}`,
				);
				const more = page.nextCursor ? ` Older entries: cursor ${page.nextCursor}.` : "";
				return toolResult(
					shown.length === 0 ? "No activity." : `${plural(shown.length, "entry", "entries")}: ${listed(shown, 50)}.${more}`,
					page,
				);
			}),
	);
}
