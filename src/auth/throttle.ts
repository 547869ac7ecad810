/**
 * The password-guessing throttle (docs/design.md#d31; OWASP Authentication and Credential
 * Stuffing cheat sheets). Every attempt that will hash a password first takes a place in its
 * buckets (`src/db/sign-in-attempts.ts`, one atomic statement); a refused attempt answers 429
 * before any hash is computed, so a burst of guesses costs at most `limit` hashes per bucket.
 *
 * Policy, all within a sliding 15-minute window, counting failed attempts and attempts still
 * being checked (a right password takes its attempt back):
 * - per email: 10 (a sign-in without a device cookie for that email; unknown emails alike);
 * - per client address (CF-Connecting-IP; an IPv6 address by its /64; none without the header):
 *   20, whatever the email (spraying one password over many emails);
 * - per device cookie: 10 for the email it names (the owner's browser, instead of the two above);
 * - per account, the current password of a password change: 10;
 * - per email, password-reset requests: 5 (each sends a mail), whether or not the email has an account;
 * - per client address, invitation and reset links that name nothing: 20;
 * - per client address, sign-ups (when open): 5, each counted.
 */

import { ApiError } from "../api-error";
import type { Bucket } from "../db/sign-in-attempts";
import { releaseAttempts, reserveAttempt } from "../db/sign-in-attempts";
import type { Services } from "../request-services";

export const attemptWindowMs = 15 * 60 * 1000;

export const attemptLimits = {
	email: 10,
	client: 20,
	device: 10,
	password: 10,
	reset: 5,
	link: 20,
	signUp: 5,
} as const;

export type BucketKind = keyof typeof attemptLimits;

/** Bucket names per kind: an email is normalised, a device is its token's hash, an account its id. */
export function bucket(kind: BucketKind, subject: string): Bucket {
	return { name: `${kind}:${subject}`, limit: attemptLimits[kind] };
}

const windowInWords = "15 minutes";

/** Why a full bucket refuses, in words a person understands. */
const reasons: Record<BucketKind, string> = {
	email: `Too many failed sign-ins for this email: ${attemptLimits.email} within ${windowInWords}.`,
	client: `Too many failed sign-ins from this network address: ${attemptLimits.client} within ${windowInWords}, whatever the email.`,
	device: `Too many failed sign-ins for this email from this browser: ${attemptLimits.device} within ${windowInWords}.`,
	password: `Too many wrong current passwords for this account: ${attemptLimits.password} within ${windowInWords}.`,
	reset: `Too many password resets asked for this email: ${attemptLimits.reset} within ${windowInWords}.`,
	link: `Too many invitation or reset links that are not valid from this network address: ${attemptLimits.link} within ${windowInWords}.`,
	signUp: `Too many sign-ups from this network address: ${attemptLimits.signUp} within ${windowInWords}.`,
};

/** "40 seconds", "1 minute", "14 minutes": rounded up, so the wait is never shorter than said. */
export function waitInWords(seconds: number): string {
	if (seconds < 60) return seconds === 1 ? "1 second" : `${seconds} seconds`;
	const minutes = Math.ceil(seconds / 60);
	return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

export interface Attempt {
	/** The attempt's rows; released when the password was right, kept as the failure otherwise. */
	ids: number[];
}

/** Takes the attempt's place in every bucket, or throws 429 `rate_limited` with Retry-After. */
export async function admitAttempt(services: Services, buckets: Bucket[], now: number): Promise<Attempt> {
	// No bucket applies (a link opened from an address Cloudflare does not name): nothing to count.
	if (buckets.length === 0) return { ids: [] };
	const reservation = await reserveAttempt(services.d1, buckets, now, attemptWindowMs);
	if (reservation.kind === "reserved") return { ids: reservation.attemptIds };
	const retryAfterSeconds = Math.max(1, Math.ceil((reservation.retryAt - now) / 1000));
	const kinds = reservation.full.map((full) => full.name.slice(0, full.name.indexOf(":")) as BucketKind);
	const why = kinds.length > 0 ? kinds.map((kind) => reasons[kind]).join(" ") : "Too many attempts at once.";
	const hint = kinds.includes("email") ? " A browser that has signed in to this account before can still sign in." : "";
	throw new ApiError(
		"rate_limited",
		`${why} Try again in ${waitInWords(retryAfterSeconds)}.${hint}`,
		{ retryAfterSeconds },
		{ "Retry-After": String(retryAfterSeconds) },
	);
}

/** The password was right: the attempt counts against no one. */
export function releaseAttempt(services: Services, attempt: Attempt): Promise<void> {
	return releaseAttempts(services.db, attempt.ids);
}
