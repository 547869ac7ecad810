/**
 * The team tools an assistant uses: list the workspace's members and read the activity log, each
 * one API call (GET /v1/team/members, GET /v1/activity), so each is refused exactly as the API
 * refuses it. Roles and invitations stay in the console and the API: an assistant has no business
 * changing who may do what.
 */
import { z } from "zod";
import type { TeamMember } from "../api/team-schemas";
import { guarded, toolResult } from "./results";
import type { ToolContext } from "./tool-context";
import { hints, type ToolRegistry } from "./tool-registry";
import { listed, plural } from "./words";

type Member = z.infer<typeof TeamMember>;

/** Minimal output schemas, as the other tools' (the list is read on every conversation): the fields a model uses, the rest allowed. */
const MemberListOutput = z.object({ members: z.array(z.looseObject({ role: z.string() })) });
const ActivityOutput = z.looseObject({ activity: z.array(z.looseObject({})) });

type ActivityPage = {
	activity: {
		at: string;
		actor: { accountId: string; email: string } | null;
		action: string;
		target: { type: string; id: string; name: string | null } | null;
	}[];
	nextCursor: string | null;
};

export function registerTeamTools(tools: ToolRegistry, { bridge, requestId }: ToolContext): void {
	tools.registerTool(
		"list_members",
		{
			title: "List members",
			description: "Members: role, joined, last active.",
			inputSchema: {},
			outputSchema: MemberListOutput,
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
		"list_activity",
		{
			title: "Read activity",
			description: "Who did what when, newest first; filter by accountId or action, page by cursor.",
			inputSchema: {
				cursor: z.string().max(20).optional(),
				accountId: z.string().max(100).optional(),
				action: z.string().max(40).optional(),
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
