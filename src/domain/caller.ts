/**
 * Who a request acts for, once authenticated: the account, its workspace, plan and role, the
 * scopes it holds, and how it proved who it is (docs/design.md#d32). A key holds its own scopes as far as
 * its account's role allows them and is subject to the plan check; a console session holds its
 * role's scopes and is not (src/domain/roles.ts). Handlers take this, never the request's headers;
 * services take an `Actor`, which is this or the service itself.
 */
import type { Plan, Scope } from "./plans";
import type { Role } from "./roles";

interface CallerAccount {
	accountId: string;
	workspaceId: string;
	plan: Plan;
	/** What the scopes are used with: the key's or session's, after the role's limit. */
	scopes: Scope[];
	/** The account's role in its workspace. (The service's own work is a `SystemActor` now, not a caller without a role.) */
	role?: Role;
}

export interface KeyCaller extends CallerAccount {
	credential: "key";
	/** The API key's id; for an OAuth access token, its grant's (`grantId`). */
	keyId: string;
	/** Set when the bearer is an OAuth access token (docs/mcp.md): the grant it was issued under. */
	grantId?: string;
}

export interface SessionCaller extends CallerAccount {
	credential: "session";
	/** The SHA-256 of the session's token: the session's id in storage. */
	sessionId: string;
	email: string;
	/** What a cookie-authenticated write must send back in `X-CSRF-Token`. */
	csrfToken: string;
}

export type Caller = KeyCaller | SessionCaller;

/**
 * The service acting on a workspace by itself (a linked chart's refresh, a library re-import):
 * no credential, no scopes; `accountId` is the author its versions show (`system:linked-data`).
 */
export interface SystemActor {
	kind: "system";
	/** Why it acts, for logs and errors: "linked-data refresh". */
	reason: string;
	accountId: string;
	workspaceId: string;
}

/** Who a service acts for: a person through a key or a session, or the service itself. Services read only its account and workspace. */
export type Actor = Caller | SystemActor;
