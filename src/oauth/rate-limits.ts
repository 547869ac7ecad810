/**
 * Limits on the OAuth endpoints (docs/mcp.md, "Signing in"): registration and authorization each
 * write a row, and the token endpoint judges secrets, so each is counted per client address
 * (src/auth/client-address.ts; a request without one is not counted). Never per client: a
 * client_id is not a secret, so a stranger could spend a client's budget and lock its people out of
 * refreshing, while codes and tokens are too long to guess anyway. The limits are far above what a real assistant does (it registers once, authorizes
 * when a person connects, refreshes about hourly), so only a flood meets them. The counts share
 * the sign-in throttle's table and its one conditional statement (src/db/sign-in-attempts.ts).
 */
import { clientAddress } from "../auth/client-address";
import { attemptWindowMs, waitInWords } from "../auth/throttle";
import type { Bucket } from "../db/sign-in-attempts";
import { deleteAttemptsBefore, reserveAttempt } from "../db/sign-in-attempts";
import type { Services } from "../request-services";

const minute = 60 * 1000;

export const oauthLimits = {
	register: { perAddress: 10, windowMs: 15 * minute },
	authorize: { perAddress: 30, windowMs: 10 * minute },
	token: { perAddress: 120, windowMs: 10 * minute },
} as const;

/** A refusal: how long to wait, and why in words a person or a client's log understands. */
export interface Refusal {
	retryAfterSeconds: number;
	message: string;
}

async function admit(services: Services, buckets: Bucket[], windowMs: number, now: number): Promise<number | null> {
	if (buckets.length === 0) return null;
	const reservation = await reserveAttempt(services.d1, buckets, now, windowMs);
	if (reservation.kind === "reserved") return null;
	return Math.max(1, Math.ceil((reservation.retryAt - now) / 1000));
}

function addressBucket(request: Request, endpoint: string, limit: number): Bucket[] {
	const address = clientAddress(request);
	return address === null ? [] : [{ name: `oauth-${endpoint}:${address}`, limit }];
}

const windowWords = (windowMs: number) => waitInWords(windowMs / 1000);

/** One registration more from this address, or why not. */
export async function admitRegistration(services: Services, request: Request, now: number): Promise<Refusal | null> {
	const { perAddress, windowMs } = oauthLimits.register;
	const wait = await admit(services, addressBucket(request, "register", perAddress), windowMs, now);
	if (wait === null) return null;
	return {
		retryAfterSeconds: wait,
		message: `Too many client registrations from this network address: ${perAddress} within ${windowWords(windowMs)}. Retry in ${waitInWords(wait)}; a registered client can keep its client_id.`,
	};
}

/** One authorization request more from this address, or why not. */
export async function admitAuthorization(services: Services, request: Request, now: number): Promise<Refusal | null> {
	const { perAddress, windowMs } = oauthLimits.authorize;
	const wait = await admit(services, addressBucket(request, "authorize", perAddress), windowMs, now);
	if (wait === null) return null;
	return {
		retryAfterSeconds: wait,
		message: `Too many sign-in requests from this network address: ${perAddress} within ${windowWords(windowMs)}. Try connecting again in ${waitInWords(wait)}.`,
	};
}

/** One token request more from this address, or why not. */
export async function admitTokenRequest(services: Services, request: Request, now: number): Promise<Refusal | null> {
	const { perAddress, windowMs } = oauthLimits.token;
	const wait = await admit(services, addressBucket(request, "token", perAddress), windowMs, now);
	if (wait === null) return null;
	return {
		retryAfterSeconds: wait,
		message: `Too many token requests from this network address: ${perAddress} within ${windowWords(windowMs)}. Retry in ${waitInWords(wait)}; an access token lasts an hour, refresh it only when it expires.`,
	};
}

/**
 * Counts past every window go (the scheduled run, src/oauth/retention.ts): sign-in prunes the
 * table too, but a service assistants use and people rarely sign in to would otherwise keep a
 * row per token request. No window here is longer than sign-in's, whose rows go at the same age.
 */
export function pruneOAuthCounts(services: Services, now: number): Promise<void> {
	const longest = Math.max(attemptWindowMs, ...Object.values(oauthLimits).map((limit) => limit.windowMs));
	return deleteAttemptsBefore(services.db, now - longest);
}
