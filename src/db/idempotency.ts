/**
 * Idempotency records (docs/design.md#d14, #d27): the first request with a key reserves it; a successful
 * answer is stored and a repeat within 24 hours gets it back; any other answer releases the
 * reservation (the HTTP layer decides which, `src/http/idempotency.ts`).
 *
 * Expired records are purged opportunistically on every reservation, at most
 * `purgeBatchSize` rows a call, oldest first through the `created_at` index. Chosen over a cron
 * trigger because it needs no extra deploy configuration and its cost is bounded per request;
 * the table cannot grow without bound because every new record comes with a purge of up to 100
 * old ones, so purging always outpaces creation.
 */
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "./client";
import { parseJsonColumn } from "./rows";
import { idempotencyRecords } from "./schema";

export const idempotencyWindowMs = 24 * 60 * 60 * 1000;
/** A reservation whose request never finished (the isolate died) may be taken over after this. */
export const staleReservationMs = 60 * 1000;

export const StoredResponse = z.object({ headers: z.record(z.string(), z.string()), body: z.string() });
export type StoredResponse = z.infer<typeof StoredResponse>;

/** Rows removed per reservation: small enough to stay cheap, larger than the 1 row it adds. */
export const purgeBatchSize = 100;

/** Deletes up to `limit` records (of any account) older than the 24-hour window; returns how many. */
export async function purgeExpiredIdempotencyRecords(db: Database, now: number, limit: number = purgeBatchSize): Promise<number> {
	const result = await db.run(
		sql`DELETE FROM ${idempotencyRecords} WHERE rowid IN (SELECT rowid FROM ${idempotencyRecords} WHERE ${idempotencyRecords.createdAt} < ${now - idempotencyWindowMs} ORDER BY ${idempotencyRecords.createdAt} LIMIT ${limit})`,
	);
	return result.meta.changes;
}

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
	await purgeExpiredIdempotencyRecords(db, now);
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
