/**
 * Expired OAuth rows go once they can tell nothing any more: pending requests and codes after
 * their minutes, tokens after their expiry. Each is kept a day past it, so a code or refresh token
 * presented again soon after it expired is still recognised as a replay (src/oauth/token.ts) and
 * revokes its grant rather than reading as unknown. Cheap (an index on the expiry), for the
 * scheduled run. Grants stay: they are the connections' history. The endpoints' rate-limit counts
 * go once past their windows (rate-limits.ts).
 */
import { deleteExpiredOAuthRows } from "../db/oauth";
import type { Services } from "../request-services";
import { pruneOAuthCounts } from "./rate-limits";

export const expiredOAuthKeptMs = 24 * 60 * 60 * 1000;

export async function pruneOAuth(services: Services, now: number): Promise<void> {
	await deleteExpiredOAuthRows(services.db, now - expiredOAuthKeptMs);
	await pruneOAuthCounts(services, now);
}
