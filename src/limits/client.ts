/**
 * How the API reaches the two Durable Objects. Handlers see only these small interfaces;
 * `memory.ts` has in-memory twins for unit tests. This layer answers results, never HTTP errors:
 * what a full gate means to a client (503, Retry-After) is decided in `src/services/export-slot.ts`.
 *
 * A held export slot is renewed while its render runs (docs/design.md#d16): a lease expires
 * 60 s after it was last renewed, so a crashed isolate frees its slot within a minute, but a
 * render that is alive and slow keeps it, and a third export cannot start beside two running
 * ones. Renewal was chosen over a render deadline because JavaScript cannot stop a render
 * midway: a deadline could only abandon the answer, while the CPU work (the thing the gate
 * protects) would go on without a slot. Renewal runs on a timer, so it fires between the
 * render's steps; D25 keeps every synchronous step far shorter than the lease. A hold is renewed
 * for at most `maxHoldMs`, so a render stuck awaiting something forever still frees its slot.
 */
import type { AccountLimiter, RateDecision } from "./account-limiter";
import type { ExportGate, Lease } from "./export-gate";
import { leaseTtlMs } from "./export-gate";

// The limiter's answer, for the pipeline that turns it into headers or a 429.
export type { RateDecision } from "./account-limiter";

export interface RequestLimiter {
	consume(accountId: string, limit: number): Promise<RateDecision>;
}

export interface ExportSlots {
	/** A lease, or null when every slot is taken. */
	acquire(): Promise<Lease | null>;
	/** Moves a live lease's expiry a full TTL from now; false if it had already expired. */
	extend(leaseId: string): Promise<boolean>;
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

/** Export slots over one gate instance (the global one in production, a fresh one in tests). */
export function gateExportSlots(gate: () => DurableObjectStub<ExportGate>): ExportSlots {
	return {
		acquire: async () => {
			const result = await gate().acquire();
			return result.granted ? result.lease : null;
		},
		extend: (leaseId) => gate().extend(leaseId),
		release: (leaseId) => gate().release(leaseId),
	};
}

export function durableExportSlots(namespace: DurableObjectNamespace<ExportGate>): ExportSlots {
	return gateExportSlots(() => exportGateStub(namespace));
}

export type SlotResult<T> = { ok: true; value: T } | { ok: false; reason: "busy" };

export interface HoldOptions {
	/** How often a held lease is renewed: a third of its TTL, so two renewals may fail in a row. */
	renewEveryMs?: number;
	/** Renewal stops after this long; the lease then lapses within one TTL. */
	maxHoldMs?: number;
}

export const maxHoldMs = 5 * 60_000;

/**
 * Runs `render` holding an export slot, renewed while it runs and released on every path
 * (success, throw). Every slot taken is `{ ok: false, reason: "busy" }`; `render` then never runs.
 */
export async function withExportSlot<T>(slots: ExportSlots, render: () => Promise<T>, options: HoldOptions = {}): Promise<SlotResult<T>> {
	const lease = await slots.acquire();
	if (!lease) return { ok: false, reason: "busy" };
	const renewEveryMs = options.renewEveryMs ?? leaseTtlMs / 3;
	const stopRenewingAt = Date.now() + (options.maxHoldMs ?? maxHoldMs);
	const renewal = setInterval(() => {
		if (Date.now() >= stopRenewingAt) return clearInterval(renewal);
		slots.extend(lease.id).catch((error: unknown) => {
			// The next tick tries again; the lease has a TTL's worth of slack.
			console.error(`renewing export lease ${lease.id} failed`, error);
		});
	}, renewEveryMs);
	try {
		return { ok: true, value: await render() };
	} finally {
		clearInterval(renewal);
		await slots.release(lease.id).catch((error: unknown) => {
			// The lease expires on its own within 60 s; a failed release only delays that slot.
			console.error(`releasing export lease ${lease.id} failed`, error);
		});
	}
}
