/**
 * One global instance: the export semaphore (docs/contract.md#section-8, docs/design.md#d16). At most
 * `EXPORT_CONCURRENCY` leases exist at once. A lease expires 60 s after it was taken or last
 * extended: its holder extends it while the render runs (`withExportSlot` in `client.ts`), so a
 * slow render keeps its slot, while a crashed one stops extending and frees it within a minute.
 * Expired leases are dropped on every acquire and by an alarm set for the earliest expiry.
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

	/**
	 * Moves a live lease's expiry to a full TTL from `now`. An expired lease is not revived: its
	 * slot may already be someone else's, so reviving it could over-admit. `now` is for tests.
	 */
	async extend(leaseId: string, now: number = Date.now()): Promise<boolean> {
		const cursor = this.ctx.storage.sql.exec(
			"UPDATE leases SET expires_at = ? WHERE id = ? AND expires_at > ?",
			now + leaseTtlMs,
			leaseId,
			now,
		);
		return cursor.rowsWritten === 1;
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
