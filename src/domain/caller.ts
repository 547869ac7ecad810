/**
 * Who a request acts for, once authenticated: the account, its workspace and plan, the scopes it
 * holds, and how it proved who it is (DESIGN D32). A key carries its own scopes and is subject to
 * the plan check; a console session holds every scope and is not. Handlers and services take
 * this, never the request's headers.
 */
import type { Plan, Scope } from "./plans";

interface CallerAccount {
	accountId: string;
	workspaceId: string;
	plan: Plan;
	scopes: Scope[];
}

export interface KeyCaller extends CallerAccount {
	credential: "key";
	keyId: string;
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
