/**
 * Who a request acts for, once authenticated: the key, its account, the account's workspace,
 * plan and the key's scopes. Handlers and services take this, never the request's headers.
 */
import type { Plan, Scope } from "./plans";

export interface Caller {
	keyId: string;
	accountId: string;
	workspaceId: string;
	plan: Plan;
	scopes: Scope[];
}
