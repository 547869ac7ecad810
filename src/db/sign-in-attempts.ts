/**
 * Attempt counters for sign-in and the current-password check (docs/design.md#d31): a sliding
 * window of rows per bucket. An attempt takes its place in every bucket it counts in with ONE
 * conditional statement before any password is hashed, so concurrent attempts cannot all read
 * "under the limit" and then all go ahead: D1 runs statements one at a time, and the statement
 * inserts a row per bucket only if every bucket is still under its limit (SQLite evaluates an
 * INSERT … SELECT that reads its own table in full before it writes, so the rows it adds do not
 * change its own condition).
 */
import { eq, inArray, lt } from "drizzle-orm";
import type { Database } from "./client";
import { signInAttempts } from "./schema";

export interface Bucket {
	/** `email:…`, `client:…`, `device:…` or `password:…` (see src/auth/throttle-policy.ts). */
	name: string;
	/** Attempts allowed within the window. */
	limit: number;
}

export type Reservation =
	| { kind: "reserved"; attemptIds: number[] }
	/** `retryAt`: when the first full bucket has room again (ms). */
	| { kind: "refused"; full: Bucket[]; retryAt: number };

/**
 * Takes one place in each bucket, all or none. Refused when any bucket already holds `limit`
 * attempts newer than `now - windowMs`.
 */
export async function reserveAttempt(d1: D1Database, buckets: Bucket[], now: number, windowMs: number): Promise<Reservation> {
	const since = now - windowMs;
	const names = buckets.map(() => "SELECT ? AS bucket").join(" UNION ALL ");
	const underLimit = buckets.map(() => "(SELECT count(*) FROM sign_in_attempts WHERE bucket = ? AND at > ?) < ?").join(" AND ");
	const statement = `INSERT INTO sign_in_attempts (bucket, at) SELECT bucket, ? FROM (${names}) WHERE ${underLimit} RETURNING id`;
	const binds = [now, ...buckets.map((b) => b.name), ...buckets.flatMap((b) => [b.name, since, b.limit])];
	const inserted = await d1
		.prepare(statement)
		.bind(...binds)
		.all<{ id: number }>();
	const attemptIds = inserted.results.map((row) => row.id);
	if (attemptIds.length === buckets.length) return { kind: "reserved", attemptIds };
	if (attemptIds.length > 0) throw new Error(`sign-in throttle: ${attemptIds.length} of ${buckets.length} buckets reserved`);
	return refusal(d1, buckets, now, windowMs);
}

/** Which buckets are full, and when the earliest of them that the caller must wait for frees up. */
async function refusal(d1: D1Database, buckets: Bucket[], now: number, windowMs: number): Promise<Reservation> {
	const since = now - windowMs;
	const full: Bucket[] = [];
	let retryAt = 0;
	for (const bucket of buckets) {
		// The limit-th newest attempt: once it leaves the window the bucket has room again.
		const freeing = await d1
			.prepare("SELECT at FROM sign_in_attempts WHERE bucket = ? AND at > ? ORDER BY at DESC LIMIT 1 OFFSET ?")
			.bind(bucket.name, since, bucket.limit - 1)
			.first<number>("at");
		if (freeing === null) continue;
		full.push(bucket);
		retryAt = Math.max(retryAt, freeing + windowMs);
	}
	// Every bucket emptied between the two statements (a success cleared it): a retry now goes ahead.
	return { kind: "refused", full, retryAt: full.length > 0 ? retryAt : now };
}

/** A right password: its attempt does not count against anyone. */
export async function releaseAttempts(db: Database, attemptIds: number[]): Promise<void> {
	if (attemptIds.length === 0) return;
	await db.delete(signInAttempts).where(inArray(signInAttempts.id, attemptIds));
}

/** Forgets a bucket's attempts (the owner proved the password). */
export async function clearBucket(db: Database, bucket: string): Promise<void> {
	await db.delete(signInAttempts).where(eq(signInAttempts.bucket, bucket));
}

export async function deleteAttemptsBefore(db: Database, before: number): Promise<void> {
	await db.delete(signInAttempts).where(lt(signInAttempts.at, before));
}
