/**
 * An in-memory twin of the export gate, for unit tests of code that holds export slots.
 */
import type { ExportSlots } from "./client";
import type { Lease } from "./export-gate";

export function memoryExportSlots(capacity: number): ExportSlots & { active: Set<string> } {
	const active = new Set<string>();
	return {
		active,
		async acquire(): Promise<Lease | null> {
			if (active.size >= capacity) return null;
			const lease = { id: crypto.randomUUID(), expiresAt: Date.now() + 60_000 };
			active.add(lease.id);
			return lease;
		},
		async release(leaseId) {
			active.delete(leaseId);
		},
	};
}
