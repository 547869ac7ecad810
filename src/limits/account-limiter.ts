/**
 * One instance per account: the per-minute request budget (spec §8). The limits issue fills
 * in the rolling window; until then every request is admitted.
 */
import { DurableObject } from "cloudflare:workers";
import type { RateDecision } from "./client";

export class AccountLimiter extends DurableObject<Env> {
	async consume(limit: number): Promise<RateDecision> {
		return { allowed: true, limit, remaining: limit, resetSeconds: 60 };
	}
}
