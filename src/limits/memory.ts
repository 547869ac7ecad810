/**
 * An in-memory twin of the export gate, for unit tests of code that holds export slots. Leases
 * expire like the gate's; the clock and the TTL are injectable so tests can outlive a lease.
 */
import type { ExportSlots } from "./client";
import type { Lease } from "./export-gate";
import { leaseTtlMs } from "./export-gate";

export interface MemorySlotsOptions {
	ttlMs?: number;
	now?: () => number;
}

export function memoryExportSlots(
	capacity: number,
	options: MemorySlotsOptions = {},
): ExportSlots & { active: Map<string, number>; extensions: number } {
	const ttlMs = options.ttlMs ?? leaseTtlMs;
	const now = options.now ?? Date.now;
	const active = new Map<string, number>();
	const dropExpired = () => {
		for (const [id, expiresAt] of active) if (expiresAt <= now()) active.delete(id);
	};
	const slots = {
		active,
		extensions: 0,
		async acquire(): Promise<Lease | null> {
			dropExpired();
			if (active.size >= capacity) return null;
			const lease = { id: crypto.randomUUID(), expiresAt: now() + ttlMs };
			active.set(lease.id, lease.expiresAt);
			return lease;
		},
		async extend(leaseId: string): Promise<boolean> {
			dropExpired();
			if (!active.has(leaseId)) return false;
			active.set(leaseId, now() + ttlMs);
			slots.extensions++;
			return true;
		},
		async release(leaseId: string): Promise<void> {
			active.delete(leaseId);
		},
	};
	return slots;
}
