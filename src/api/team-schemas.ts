/**
 * Request and response schemas of the teams routes (docs/teams.md): members, invitations, the
 * activity log, and the sign-in routes that invitations, password resets and sign-up add.
 */
import { z } from "zod";
import { activityActions } from "../auth/activity";
import { Email, NewPassword, PresentedPassword } from "../credentials/passwords";
import { activityTargetTypes } from "../db/schema";
import { Plan } from "../domain/plans";
import { InvitableRole, Role } from "../domain/roles";

const Timestamp = z.string().meta({ description: "ISO 8601 UTC with milliseconds", example: "2026-11-22T10:15:30.123Z" });
const RoleField = Role.meta({
	description:
		"owner: one per workspace, hands ownership on; admin: members, invitations and keys; editor: every chart, folder and theme action; viewer: reads and exports",
});

/** What `/auth/session`, sign-in, an accepted invitation and sign-up answer. */
export const SessionWithRole = z
	.object({
		accountId: z.string(),
		workspaceId: z.string(),
		workspaceName: z.string(),
		role: RoleField,
		plan: Plan,
		email: z.string(),
		csrfToken: z.string().meta({ description: "Send as X-CSRF-Token on every POST, PUT, PATCH and DELETE made with the session cookie" }),
	})
	.meta({ id: "Session" });

export const TeamMember = z
	.object({
		accountId: z.string(),
		email: z.string(),
		role: RoleField,
		joinedAt: Timestamp,
		lastActiveAt: Timestamp.nullable().meta({ description: "The latest use of any of the member's sessions or keys; null if never" }),
		you: z.boolean().meta({ description: "This member is the caller" }),
	})
	.meta({ id: "TeamMember" });

export const TeamMemberList = z.object({ members: z.array(TeamMember) }).meta({ id: "TeamMemberList" });

export const ChangeRoleBody = z
	.object({
		role: Role.meta({ description: "`owner` (the owner only) hands ownership on: the old owner becomes an admin" }),
	})
	.meta({ id: "ChangeRole" });

export const AccountIdParam = z.string().meta({ description: "The member's account id (`ac_…`)", example: "ac_4Jq8Xx0mVx1bT0r9d2LwQe" });
export const InvitationIdParam = z.string().meta({ description: "The invitation's id (`inv_…`)", example: "inv_7Hc2Jd9Lk3Mn4Pq5Rs6Tu8" });
export const LinkTokenParam = z
	.string()
	.meta({ description: "The token at the end of the link that was mailed or copied (43 characters)" });

export const InviteBody = z
	.object({
		email: Email.meta({ description: "Who is invited: the account that joins has this email" }),
		role: InvitableRole.meta({ description: "The role they join with (ownership is only handed on)" }),
	})
	.meta({ id: "Invite" });

export const TeamInvitation = z
	.object({
		id: z.string(),
		email: z.string(),
		role: InvitableRole,
		invitedBy: z.string().meta({ description: "The inviter's email" }),
		createdAt: Timestamp,
		expiresAt: Timestamp,
	})
	.meta({ id: "TeamInvitation" });

export const TeamInvitationList = z.object({ invitations: z.array(TeamInvitation) }).meta({ id: "TeamInvitationList" });

export const InvitationCreated = z
	.object({
		id: z.string(),
		email: z.string(),
		role: InvitableRole,
		inviteUrl: z.string().meta({ description: "The link to send: it works once, for 7 days. Shown this once." }),
		expiresAt: Timestamp,
		mailed: z.boolean().meta({ description: "Whether the link was mailed (a mail sender or the local outbox is configured)" }),
	})
	.meta({ id: "InvitationCreated" });

export const ActivityAction = z.enum(activityActions);

export const ActivityQuery = z
	.object({
		limit: z.coerce
			.number()
			.int("must be a whole number")
			.min(1, "must be at least 1")
			.max(200, "must be at most 200")
			.default(50)
			.meta({ description: "Entries per page, 1–200", example: 50 }),
		cursor: z
			.string()
			.regex(/^[1-9][0-9]{0,15}$/, "must be the nextCursor of a previous page")
			.optional()
			.meta({ description: "The previous page's nextCursor" }),
		accountId: z.string().max(100).optional().meta({ description: "Only what this member did" }),
		action: ActivityAction.optional().meta({ description: "Only this action" }),
	})
	.meta({ id: "ActivityQuery" });

export const ActivityEntry = z
	.object({
		id: z.string(),
		at: Timestamp,
		actor: z
			.object({ accountId: z.string(), email: z.string() })
			.nullable()
			.meta({ description: "Who did it; null for the service itself" }),
		action: ActivityAction,
		target: z
			.object({
				type: z.enum(activityTargetTypes),
				id: z.string(),
				name: z.string().nullable(),
			})
			.nullable(),
	})
	.meta({ id: "ActivityEntry" });

export const ActivityPage = z
	.object({
		activity: z.array(ActivityEntry).meta({ description: "Newest first" }),
		nextCursor: z.string().nullable().meta({ description: "Pass as cursor for older entries; null on the last page" }),
	})
	.meta({ id: "ActivityPage" });

export const InvitationView = z
	.object({
		email: z.string(),
		role: InvitableRole,
		workspaceName: z.string(),
		invitedBy: z.string().meta({ description: "The inviter's email" }),
		expiresAt: Timestamp,
		accountExists: z.boolean().meta({ description: "The email has an account: accept with its password; otherwise choose one" }),
	})
	.meta({ id: "InvitationView" });

export const AcceptInvitationBody = z
	.object({
		password: PresentedPassword.meta({
			description: "A new password (8 to 1,000 characters) for a new account, or the existing account's password",
		}),
	})
	.meta({ id: "AcceptInvitation" });

export const PasswordResetRequestBody = z.object({ email: z.string().max(254).meta({ description: "The account's email" }) }).meta({
	id: "PasswordResetRequest",
});

export const PasswordResetAccepted = z
	.object({ accepted: z.literal(true) })
	.meta({ id: "PasswordResetAccepted", description: "Said whether or not the email has an account" });

export const PasswordResetBody = z.object({ password: NewPassword }).meta({ id: "PasswordReset" });

export const SignUpBody = z.object({ email: Email, password: NewPassword }).meta({ id: "SignUp" });

export const AuthOptions = z
	.object({
		signUp: z.enum(["open", "closed"]).meta({ description: "open: anyone can sign up; closed: invitations only" }),
		outbox: z.boolean().meta({ description: "The local outbox is on (GET /auth/outbox)" }),
	})
	.meta({ id: "AuthOptions" });

export const Outbox = z
	.object({
		mail: z.array(
			z.object({
				id: z.string(),
				to: z.string(),
				subject: z.string(),
				text: z.string(),
				links: z.array(z.string()),
				sentAt: Timestamp,
			}),
		),
	})
	.meta({ id: "Outbox" });
