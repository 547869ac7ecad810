/**
 * Idempotency records (DESIGN D14): the first request with a key reserves it, its answer is
 * stored, and a repeat within 24 hours gets that answer back.
 */
import { and, eq, isNull, lt, or } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "./client";
import { parseJsonColumn } from "./rows";
import { idempotencyRecords } from "./schema";

export const idempotencyWindowMs = 24 * 60 * 60 * 1000;
/** A reservation whose request never finished (the isolate died) may be taken over after this. */
export const staleReservationMs = 60 * 1000;

export const StoredResponse = z.object({ headers: z.record(z.string(), z.string()), body: z.string() });
export type StoredResponse = z.infer<typeof StoredResponse>;

export type Reservation =
	| { kind: "reserved" }
	| { kind: "replay"; status: number; response: StoredResponse }
	| { kind: "in_progress" }
	| { kind: "mismatch" };

export async function reserveIdempotencyKey(
	db: Database,
	accountId: string,
	key: string,
	requestHash: string,
	now: number,
): Promise<Reservation> {
	const mine = and(eq(idempotencyRecords.accountId, accountId), eq(idempotencyRecords.key, key));
	await db
		.delete(idempotencyRecords)
		.where(
			and(
				mine,
				or(
					lt(idempotencyRecords.createdAt, now - idempotencyWindowMs),
					and(isNull(idempotencyRecords.status), lt(idempotencyRecords.createdAt, now - staleReservationMs)),
				),
			),
		);
	const inserted = await db
		.insert(idempotencyRecords)
		.values({ accountId, key, requestHash, createdAt: now })
		.onConflictDoNothing()
		.returning({ key: idempotencyRecords.key });
	if (inserted.length > 0) return { kind: "reserved" };

	const existing = await db.select().from(idempotencyRecords).where(mine).get();
	if (!existing) return reserveIdempotencyKey(db, accountId, key, requestHash, now);
	if (existing.requestHash !== requestHash) return { kind: "mismatch" };
	if (existing.status === null || existing.response === null) return { kind: "in_progress" };
	return {
		kind: "replay",
		status: existing.status,
		response: parseJsonColumn(StoredResponse, existing.response, "idempotency_records.response"),
	};
}

export async function completeIdempotencyKey(
	db: Database,
	accountId: string,
	key: string,
	status: number,
	response: StoredResponse,
): Promise<void> {
	await db
		.update(idempotencyRecords)
		.set({ status, response: JSON.stringify(response) })
		.where(and(eq(idempotencyRecords.accountId, accountId), eq(idempotencyRecords.key, key)));
}

export async function releaseIdempotencyKey(db: Database, accountId: string, key: string): Promise<void> {
	await db.delete(idempotencyRecords).where(and(eq(idempotencyRecords.accountId, accountId), eq(idempotencyRecords.key, key)));
}
