import { describe, expect, it } from "vitest";
import {
	constantTimeEqual,
	fromBase64Url,
	hashPassword,
	NewPassword,
	normalizeEmail,
	passwordIterations,
	verifyPassword,
} from "../../../src/credentials/passwords";
import { csrfTokenFor, csrfTokenMatches, newSessionToken, sessionTokenPattern } from "../../../src/credentials/session-tokens";

describe("password hashing", () => {
	it("uses PBKDF2 with 100,000 iterations, a 16-byte salt and a 32-byte hash", async () => {
		const stored = await hashPassword("correct horse");
		expect(stored.iterations).toBe(100_000);
		expect(passwordIterations).toBe(100_000);
		expect(fromBase64Url(stored.salt)).toHaveLength(16);
		expect(fromBase64Url(stored.hash)).toHaveLength(32);
	});

	it("verifies the right password and refuses others", async () => {
		const stored = await hashPassword("correct horse");
		expect(await verifyPassword("correct horse", stored)).toBe(true);
		expect(await verifyPassword("correct horsE", stored)).toBe(false);
		expect(await verifyPassword("", stored)).toBe(false);
	});

	it("salts every hash afresh, so equal passwords do not give equal hashes", async () => {
		const [a, b] = await Promise.all([hashPassword("same password"), hashPassword("same password")]);
		expect(a.salt).not.toBe(b.salt);
		expect(a.hash).not.toBe(b.hash);
	});

	it("compares byte arrays whole", () => {
		expect(constantTimeEqual(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 3]))).toBe(true);
		expect(constantTimeEqual(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 4]))).toBe(false);
		expect(constantTimeEqual(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2]))).toBe(false);
		expect(constantTimeEqual(new Uint8Array([1, 2]), new Uint8Array([1, 2, 0]))).toBe(false);
	});

	it("asks new passwords for 8 to 1,000 characters", () => {
		expect(NewPassword.safeParse("1234567").success).toBe(false);
		expect(NewPassword.safeParse("12345678").success).toBe(true);
		expect(NewPassword.safeParse("x".repeat(1000)).success).toBe(true);
		expect(NewPassword.safeParse("x".repeat(1001)).success).toBe(false);
	});

	it("normalises emails to trimmed lower case", () => {
		expect(normalizeEmail("  Ed.Itor@Example.TEST ")).toBe("ed.itor@example.test");
	});
});

describe("session and CSRF tokens", () => {
	it("makes 32-byte base64url session tokens", () => {
		const token = newSessionToken();
		expect(token).toMatch(sessionTokenPattern);
		expect(fromBase64Url(token)).toHaveLength(32);
		expect(newSessionToken()).not.toBe(token);
	});

	it("derives a CSRF token per session that only that session's token matches", async () => {
		const [a, b] = [newSessionToken(), newSessionToken()];
		const csrfA = await csrfTokenFor(a);
		expect(await csrfTokenFor(a)).toBe(csrfA);
		expect(await csrfTokenFor(b)).not.toBe(csrfA);
		expect(csrfTokenMatches(csrfA, csrfA)).toBe(true);
		expect(csrfTokenMatches(csrfA, await csrfTokenFor(b))).toBe(false);
		expect(csrfTokenMatches(csrfA, null)).toBe(false);
		expect(csrfTokenMatches(csrfA, "")).toBe(false);
	});
});
