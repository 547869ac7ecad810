/**
 * One instance per account: the per-minute request budget (docs/contract.md#section-8, docs/design.md#d15).
 *
 * A rolling 60-second window kept exactly: the object stores the time of each admitted request
 * of the last minute in its SQLite storage (so eviction loses nothing) and admits a request only
 * while fewer than `limit` are in the window. A Durable Object runs one call at a time and this
 * method never awaits, so concurrent requests from any number of keys and isolates cannot
 * over-admit. At most `limit` rows are kept (≤ 600), old ones are dropped on every call.
 */
import { DurableObject } from "cloudflare:workers";

export const windowMs = 60_000;

export interface RateDecision {
	allowed: boolean;
	limit: number;
	/** Requests still allowed in the current window after this one. */
	remaining: number;
	/** Whole seconds until the window frees a slot (≥ 1): `Retry-After` and `RateLimit-Reset`. */
	resetSeconds: number;
}

export class AccountLimiter extends DurableObject<Env> {
	constructor(ctx: DurableObjectState, env: Env) {
		super(ctx, env);
		ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS admitted (at INTEGER NOT NULL)");
		ctx.storage.sql.exec("CREATE INDEX IF NOT EXISTS admitted_at ON admitted (at)");
	}

	/** Admits one request if the window has room. `now` is injectable for tests only. */
	consume(limit: number, now: number = Date.now()): RateDecision {
		const sql = this.ctx.storage.sql;
		sql.exec("DELETE FROM admitted WHERE at <= ?", now - windowMs);
		const count = sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM admitted").one().n;
		if (count < limit) {
			sql.exec("INSERT INTO admitted (at) VALUES (?)", now);
			const oldest = count === 0 ? now : this.nthOldest(0);
			return { allowed: true, limit, remaining: limit - count - 1, resetSeconds: secondsUntil(oldest + windowMs, now) };
		}
		// Full: a slot frees when enough of the oldest leave the window to bring the count under the limit.
		const freesAt = this.nthOldest(count - limit) + windowMs;
		return { allowed: false, limit, remaining: 0, resetSeconds: secondsUntil(freesAt, now) };
	}

	private nthOldest(offset: number): number {
		return this.ctx.storage.sql.exec<{ at: number }>("SELECT at FROM admitted ORDER BY at LIMIT 1 OFFSET ?", offset).one().at;
	}
}

/** Whole seconds until `at`, at least 1 (a client told "0" would retry at once and be refused). */
function secondsUntil(at: number, now: number): number {
	return Math.max(1, Math.ceil((at - now) / 1000));
}
