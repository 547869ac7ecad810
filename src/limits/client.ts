/**
 * How the API reaches the per-account request limiter. Handlers see only `RequestLimiter`.
 */
import type { AccountLimiter } from "./account-limiter";

export interface RateDecision {
	allowed: boolean;
	limit: number;
	/** Requests still allowed in the current window after this one. */
	remaining: number;
	/** Whole seconds until the window frees a slot. */
	resetSeconds: number;
}

export interface RequestLimiter {
	consume(accountId: string, limit: number): Promise<RateDecision>;
}

export function durableRequestLimiter(namespace: DurableObjectNamespace<AccountLimiter>): RequestLimiter {
	return {
		consume: (accountId, limit) => namespace.get(namespace.idFromName(accountId)).consume(limit),
	};
}
