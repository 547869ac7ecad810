/**
 * Plans, their per-minute request budgets and the key scopes (docs/contract.md#section-5, §8).
 */
import { z } from "zod";

export const Plan = z.enum(["free", "starter", "professional", "business"]);
export type Plan = z.infer<typeof Plan>;

/** Requests per rolling minute, per account (docs/contract.md#section-8). */
export const requestsPerMinute: Record<Plan, number> = {
	free: 60,
	starter: 120,
	professional: 300,
	business: 600,
};

/** API access is offered on the two higher plans (docs/contract.md#section-1). */
export function planHasApiAccess(plan: Plan): boolean {
	return plan === "professional" || plan === "business";
}

/**
 * What a key may do. `team:read` lists the workspace's members and its activity; `team:write`
 * invites, changes roles and removes members. A key never does more than its account's role
 * allows (src/domain/roles.ts), whatever scopes it was made with.
 */
export const Scope = z.enum(["chart:read", "chart:write", "folder:read", "folder:write", "theme:read", "team:read", "team:write"]);
export type Scope = z.infer<typeof Scope>;
export const allScopes: readonly Scope[] = Scope.options;
