/**
 * Holding the global export gate full in a test (docs/design.md#d16): while both slots are taken, only an
 * answer that needs no drawing (a cache hit, a copied snapshot) can succeed.
 */
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { exportGateStub } from "../../../src/limits/client";

/** Runs `during` while both slots of the global export gate are held, so only a cache hit can answer. */
export async function withGateFull<T>(during: () => Promise<T>): Promise<T> {
	const gate = exportGateStub(env.EXPORT_GATE);
	const leases = [await gate.acquire(), await gate.acquire()];
	expect(leases.every((lease) => lease.granted)).toBe(true);
	try {
		return await during();
	} finally {
		for (const lease of leases) if (lease.granted) await gate.release(lease.lease.id);
	}
}
