/**
 * One global instance: the export semaphore (spec §8, DESIGN D16). At most
 * `EXPORT_CONCURRENCY` leases exist at once. A lease expires after 60 s, so a render that
 * crashed or hung can never hold a slot for good: expired leases are dropped on every acquire
 * and by an alarm set for the earliest expiry.
 */
import { DurableObject } from "cloudflare:workers";
import { readConfig } from "../env";

export const leaseTtlMs = 60_000;

export interface Lease {
	id: string;
	expiresAt: number;
}

export type Acquired = { granted: true; lease: Lease } | { granted: false };

export class ExportGate extends DurableObject<Env> {
	constructor(ctx: DurableObjectState, env: Env) {
		super(ctx, env);
		ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS leases (id TEXT PRIMARY KEY, expires_at INTEGER NOT NULL)");
	}

	/** Takes a slot if one is free. `now` is injectable for tests only. */
	async acquire(now: number = Date.now()): Promise<Acquired> {
		const sql = this.ctx.storage.sql;
		sql.exec("DELETE FROM leases WHERE expires_at <= ?", now);
		const active = sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM leases").one().n;
		if (active >= readConfig(this.env).exportConcurrency) return { granted: false };
		const lease = { id: crypto.randomUUID(), expiresAt: now + leaseTtlMs };
		sql.exec("INSERT INTO leases (id, expires_at) VALUES (?, ?)", lease.id, lease.expiresAt);
		await this.scheduleCleanup();
		return { granted: true, lease };
	}

	/** Frees a slot; releasing an unknown or expired lease is harmless. */
	async release(leaseId: string): Promise<void> {
		this.ctx.storage.sql.exec("DELETE FROM leases WHERE id = ?", leaseId);
	}

	/** How many leases are live at `now`. */
	async activeLeases(now: number = Date.now()): Promise<number> {
		return this.ctx.storage.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM leases WHERE expires_at > ?", now).one().n;
	}

	override async alarm(): Promise<void> {
		this.ctx.storage.sql.exec("DELETE FROM leases WHERE expires_at <= ?", Date.now());
		await this.scheduleCleanup();
	}

	private async scheduleCleanup(): Promise<void> {
		const next = this.ctx.storage.sql.exec<{ at: number | null }>("SELECT MIN(expires_at) AS at FROM leases").one().at;
		if (next !== null && (await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(next);
	}
}
