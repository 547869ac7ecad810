/**
 * How the API reaches the two Durable Objects. Handlers see only these small interfaces;
 * `memory.ts` has in-memory twins for unit tests.
 */
import { ApiError } from "../http/errors";
import type { AccountLimiter } from "./account-limiter";
import type { ExportGate, Lease } from "./export-gate";

export interface RateDecision {
	allowed: boolean;
	limit: number;
	/** Requests still allowed in the current window after this one. */
	remaining: number;
	/** Whole seconds until the window frees a slot (≥ 1): `Retry-After` and `RateLimit-Reset`. */
	resetSeconds: number;
}

export interface RequestLimiter {
	consume(accountId: string, limit: number): Promise<RateDecision>;
}

export interface ExportSlots {
	/** A lease, or null when every slot is taken. */
	acquire(): Promise<Lease | null>;
	release(leaseId: string): Promise<void>;
}

export function durableRequestLimiter(namespace: DurableObjectNamespace<AccountLimiter>): RequestLimiter {
	return {
		consume: (accountId, limit) => namespace.get(namespace.idFromName(accountId)).consume(limit),
	};
}

/** The one global gate instance. */
export function exportGateStub(namespace: DurableObjectNamespace<ExportGate>) {
	return namespace.get(namespace.idFromName("global"));
}

export function durableExportSlots(namespace: DurableObjectNamespace<ExportGate>): ExportSlots {
	const gate = () => exportGateStub(namespace);
	return {
		acquire: async () => {
			const result = await gate().acquire();
			return result.granted ? result.lease : null;
		},
		release: (leaseId) => gate().release(leaseId),
	};
}

export const exportBusyRetrySeconds = 5;

/**
 * Runs `render` holding an export slot, released on every path (success, throw, timeout of the
 * caller). A full gate is 503 `export_busy` with `Retry-After: 5`.
 */
export async function withExportSlot<T>(slots: ExportSlots, render: () => Promise<T>): Promise<T> {
	const lease = await slots.acquire();
	if (!lease) {
		throw new ApiError(
			"export_busy",
			`The renderer is busy (two exports are already rendering). Retry after ${exportBusyRetrySeconds} s.`,
			{ retryAfterSeconds: exportBusyRetrySeconds },
			{ "Retry-After": String(exportBusyRetrySeconds) },
		);
	}
	try {
		return await render();
	} finally {
		await slots.release(lease.id).catch((error: unknown) => {
			// The lease expires on its own within 60 s; a failed release only delays that slot.
			console.error(`releasing export lease ${lease.id} failed`, error);
		});
	}
}
