/**
 * The teams routes the console calls (docs/api.md, Teams), typed as they answer. Screens call
 * these rather than `api` with a path, so the paths and shapes are written once.
 */
import { api } from "./api";
import type { GrantableRole, Role } from "./roles";

export interface Member {
	accountId: string;
	email: string;
	role: Role;
	joinedAt: string;
	lastActiveAt: string | null;
	you: boolean;
}

export interface Invitation {
	id: string;
	email: string;
	role: GrantableRole;
	invitedBy: string;
	createdAt: string;
	expiresAt: string;
}

export interface SentInvitation {
	id: string;
	email: string;
	role: GrantableRole;
	inviteUrl: string;
	expiresAt: string;
	mailed: boolean;
}

export interface ActivityEntry {
	id: string;
	at: string;
	actor: { accountId: string; email: string } | null;
	action: string;
	target: { type: "chart" | "member" | "invitation" | "key" | "device" | "assistant"; id: string; name: string | null } | null;
}

export interface ActivityPage {
	activity: ActivityEntry[];
	nextCursor: string | null;
}

export interface ActivityFilter {
	accountId?: string;
	action?: string;
}

/** What an invitation link says before it is accepted (`GET /auth/invitations/{token}`). */
export interface InvitationPreview {
	email: string;
	role: GrantableRole;
	workspaceName: string;
	invitedBy: string;
	expiresAt: string;
	accountExists: boolean;
}

export interface AuthOptions {
	signUp: "open" | "closed";
	outbox: boolean;
}

export interface OutboxMail {
	id: string;
	to: string;
	subject: string;
	text: string;
	links: string[];
	sentAt: string;
}

const memberPath = (accountId: string) => `/v1/team/members/${encodeURIComponent(accountId)}`;

export const teamApi = {
	members: async () => (await api.get<{ members: Member[] }>("/v1/team/members")).body.members,
	setRole: async (accountId: string, role: Role) => (await api.patch<Member>(memberPath(accountId), { role })).body,
	/** Removes a member, or the signed-in account itself (leaving). */
	remove: async (accountId: string) => void (await api.delete(memberPath(accountId))),
	invitations: async () => (await api.get<{ invitations: Invitation[] }>("/v1/team/invitations")).body.invitations,
	invite: async (email: string, role: GrantableRole) => (await api.post<SentInvitation>("/v1/team/invitations", { email, role })).body,
	revoke: async (id: string) => void (await api.delete(`/v1/team/invitations/${encodeURIComponent(id)}`)),
	activity: async (filter: ActivityFilter, cursor: string | null, limit = 50) =>
		(await api.get<ActivityPage>(`/v1/activity?${activityQuery(filter, cursor, limit)}`)).body,
};

/** The query of one page of activity: only the filters that are set. */
export function activityQuery(filter: ActivityFilter, cursor: string | null, limit: number): string {
	const query = new URLSearchParams({ limit: String(limit) });
	if (cursor) query.set("cursor", cursor);
	if (filter.accountId) query.set("accountId", filter.accountId);
	if (filter.action) query.set("action", filter.action);
	return query.toString();
}

const closedOptions: AuthOptions = { signUp: "closed", outbox: false };

/** What the sign-in screens may offer; closed and off when the server does not say (an older server, a failure). */
export async function readAuthOptions(): Promise<AuthOptions> {
	try {
		const { body } = await api.get<Partial<AuthOptions>>("/auth/options");
		return { signUp: body.signUp === "open" ? "open" : "closed", outbox: body.outbox === true };
	} catch {
		return closedOptions;
	}
}
