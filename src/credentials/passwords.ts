/**
 * Passwords (docs/design.md#d30): PBKDF2-SHA256 from WebCrypto, 100,000 iterations (the most the Workers
 * runtime allows), a 16-byte random salt per password, compared in constant time. Pure apart
 * from WebCrypto, so the Worker, the admin CLI (Node) and unit tests share it.
 */
import { z } from "zod";
import { constantTimeEqual, fromBase64Url, toBase64Url } from "../domain/bytes";

// The byte helpers live apart so session tokens (read by the console's cookie check at startup) need no zod; callers import them from here too.
export { constantTimeEqual, fromBase64Url, toBase64Url };

export const passwordIterations = 100_000;
const saltBytes = 16;
const hashBits = 256;
export const minPasswordLength = 8;
/** Long enough for any passphrase; short enough that hashing cannot be used to burn CPU. */
export const maxPasswordLength = 1000;

/** A new password: the rule is named in the 422 message. */
export const NewPassword = z
	.string()
	.min(minPasswordLength, `must be at least ${minPasswordLength} characters`)
	.max(maxPasswordLength, `must be at most ${maxPasswordLength} characters`);

/** A presented password (sign-in, current password): any length up to the cap, never checked against the rule. */
export const PresentedPassword = z.string().max(maxPasswordLength, `must be at most ${maxPasswordLength} characters`);

export const Email = z.string().trim().max(254, "must be at most 254 characters").pipe(z.email("must be an email address"));

/** Emails are unique and looked up case-insensitively: this is the form that is compared. */
export function normalizeEmail(email: string): string {
	return email.trim().toLowerCase();
}

export interface PasswordHash {
	hash: string;
	salt: string;
	iterations: number;
}

async function derive(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
	const material = await crypto.subtle.importKey("raw", new TextEncoder().encode(password), "PBKDF2", false, ["deriveBits"]);
	const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, material, hashBits);
	return new Uint8Array(bits);
}

export async function hashPassword(password: string): Promise<PasswordHash> {
	const salt = crypto.getRandomValues(new Uint8Array(saltBytes));
	const hash = await derive(password, salt, passwordIterations);
	return { hash: toBase64Url(hash), salt: toBase64Url(salt), iterations: passwordIterations };
}

export async function verifyPassword(password: string, stored: PasswordHash): Promise<boolean> {
	const candidate = await derive(password, fromBase64Url(stored.salt), stored.iterations);
	return constantTimeEqual(candidate, fromBase64Url(stored.hash));
}

/**
 * Hashed against when the email is unknown, so a wrong email costs the same time as a wrong
 * password and the answer's timing does not tell which emails have accounts.
 */
export const dummyPasswordHash: PasswordHash = {
	hash: "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
	salt: "AAAAAAAAAAAAAAAAAAAAAA",
	iterations: passwordIterations,
};
