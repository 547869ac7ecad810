/**
 * The password-guessing throttle: an atomic count that refuses before any
 * hash, per email and per client address, device cookies that keep the owner in while a stranger
 * is locked out, and the same throttle on the current password of a password change. Hashes are
 * counted by watching PBKDF2 (`crypto.subtle.deriveBits`) in this isolate, where the Worker runs.
 */
import { env, exports } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { attemptLimits } from "../../../src/auth/throttle";
import { deviceTokenHash } from "../../../src/credentials/device-tokens";
import type { ErrorBody } from "../../harness/workerd/api";
import { base } from "../../harness/workerd/api";
import { makeAccount } from "../../harness/workerd/factories";
import { callWithSession, signIn } from "../../harness/workerd/session";

const password = "the owner's long password";

interface Attempt {
	status: number;
	body: ErrorBody & Record<string, unknown>;
	headers: Headers;
	/** The `charts_device=<token>` pair this answer set, if any. */
	device: string | null;
}

/** A sign-in as a browser or script sends it: from `client` (CF-Connecting-IP), with `cookie` if given. */
async function attempt(email: string, pass: string, options: { client?: string; cookie?: string } = {}): Promise<Attempt> {
	const headers: Record<string, string> = { "Content-Type": "application/json" };
	if (options.client) headers["CF-Connecting-IP"] = options.client;
	if (options.cookie) headers.Cookie = options.cookie;
	const response = await exports.default.fetch(
		new Request(`${base}/auth/sign-in`, { method: "POST", headers, body: JSON.stringify({ email, password: pass }) }),
	);
	const device = response.headers.getSetCookie().find((cookie) => cookie.startsWith("charts_device="));
	return {
		status: response.status,
		body: await response.json(),
		headers: response.headers,
		device: device?.split(";")[0] ?? null,
	};
}

/** Counts PBKDF2 derivations: every password check is one. */
function countHashes() {
	const spy = vi.spyOn(crypto.subtle, "deriveBits");
	return () => spy.mock.calls.filter(([algorithm]) => (algorithm as { name?: string }).name === "PBKDF2").length;
}

async function attemptsIn(bucket: string): Promise<number> {
	return (await env.DB.prepare("SELECT COUNT(*) AS n FROM sign_in_attempts WHERE bucket = ?").bind(bucket).first<number>("n")) ?? 0;
}

function expectRefused(res: Attempt, words: RegExp) {
	expect(res.status).toBe(429);
	expect(res.body.error.code).toBe("rate_limited");
	expect(res.body.error.message).toMatch(words);
	expect(res.body.error.message).toMatch(/Try again in \d+ (minutes?|seconds?)\./);
	const retryAfter = Number(res.headers.get("Retry-After"));
	expect(retryAfter).toBeGreaterThan(0);
	expect(retryAfter).toBeLessThanOrEqual(15 * 60);
	expect(res.headers.get("Set-Cookie")).toBeNull();
}

afterEach(() => {
	vi.restoreAllMocks();
});

describe("lock-out and device cookies", () => {
	it("ten wrong guesses by a stranger lock out a new browser but not the owner's, which has signed in before", async () => {
		const owner = await makeAccount({ password });
		const ownersBrowser = await attempt(owner.email, password, { client: "198.51.100.1" });
		expect(ownersBrowser.status).toBe(200);
		expect(ownersBrowser.device).toMatch(/^charts_device=[A-Za-z0-9_-]{43}$/);

		for (let i = 0; i < attemptLimits.email; i++) {
			expect((await attempt(owner.email, `guess ${i}`, { client: `203.0.113.${i}` })).status).toBe(401);
		}
		// Without the device cookie, even the right password waits, and is not checked.
		const hashes = countHashes();
		const newBrowser = await attempt(owner.email, password, { client: "198.51.100.1" });
		expectRefused(newBrowser, /Too many failed sign-ins for this email: 10 within 15 minutes\./);
		expect(newBrowser.body.error.message).toContain("A browser that has signed in to this account before can still sign in.");
		expect(hashes()).toBe(0);

		const withDevice = await attempt(owner.email, password, { client: "198.51.100.1", cookie: ownersBrowser.device ?? "" });
		expect(withDevice.status).toBe(200);
		expect(withDevice.device).toBe(ownersBrowser.device);
		expect(hashes()).toBe(1);
	});

	it("an invalid device cookie counts like none: unknown, malformed, or issued for another email", async () => {
		const owner = await makeAccount({ password });
		const other = await makeAccount({ password });
		const othersDevice = (await attempt(other.email, password)).device ?? "";
		for (let i = 0; i < attemptLimits.email; i++) await attempt(owner.email, `guess ${i}`);
		for (const cookie of [othersDevice, `charts_device=${"A".repeat(43)}`, "charts_device=not-a-token", "charts_device="]) {
			expectRefused(await attempt(owner.email, password, { cookie }), /for this email/);
		}
	});

	it("a device has its own counter: ten wrong guesses from it lock that device, not the email", async () => {
		const owner = await makeAccount({ password });
		const device = (await attempt(owner.email, password)).device ?? "";
		for (let i = 0; i < attemptLimits.device; i++) expect((await attempt(owner.email, `typo ${i}`, { cookie: device })).status).toBe(401);
		expectRefused(await attempt(owner.email, password, { cookie: device }), /for this email from this browser: 10 within 15 minutes/);
		expect(await attemptsIn(`email:${owner.email}`)).toBe(0);
		expect((await attempt(owner.email, password)).status).toBe(200);
	});

	it("a right password from the device clears the device's count, and the email's stays", async () => {
		const owner = await makeAccount({ password });
		const device = (await attempt(owner.email, password)).device ?? "";
		for (let i = 0; i < 3; i++) await attempt(owner.email, `stranger ${i}`, { client: "203.0.113.9" });
		for (let i = 0; i < 3; i++) await attempt(owner.email, `typo ${i}`, { cookie: device });
		expect((await attempt(owner.email, password, { cookie: device })).status).toBe(200);
		const deviceBucket = `device:${await deviceTokenHash(device.split("=")[1] ?? "")}`;
		await expect.poll(() => attemptsIn(deviceBucket)).toBe(0);
		expect(await attemptsIn(`email:${owner.email}`)).toBe(3);
	});

	it("sets the device cookie HttpOnly, SameSite=Strict, for /auth/sign-in only, for a year, beside the session cookie", async () => {
		const owner = await makeAccount({ password });
		const res = await exports.default.fetch(
			new Request("https://charts.example.com/auth/sign-in", {
				method: "POST",
				headers: { "Content-Type": "application/json" },
				body: JSON.stringify({ email: owner.email, password }),
			}),
		);
		const [session, device] = res.headers.getSetCookie();
		expect(session).toMatch(/^charts_session=[A-Za-z0-9_-]{43}; Max-Age=1209600; Path=\/; HttpOnly; SameSite=Strict; Secure$/);
		expect(device).toMatch(/^charts_device=[A-Za-z0-9_-]{43}; Max-Age=31536000; Path=\/auth\/sign-in; HttpOnly; SameSite=Strict; Secure$/);
		const token = device?.split(";")[0]?.split("=")[1] ?? "";
		const stored = await env.DB.prepare("SELECT account_id, email_normalized FROM sign_in_devices WHERE token_hash = ?")
			.bind(await deviceTokenHash(token))
			.first();
		expect(stored).toEqual({ account_id: owner.accountId, email_normalized: owner.email });
		expect(JSON.stringify(await env.DB.prepare("SELECT * FROM sign_in_devices").all())).not.toContain(token);
	});
});

describe("bursts", () => {
	it("of 100 parallel wrong guesses for one email, exactly the limit are checked and the rest refused before hashing", async () => {
		const owner = await makeAccount({ password });
		const hashes = countHashes();
		const answers = await Promise.all(
			Array.from({ length: 100 }, (_, i) => attempt(owner.email, `burst ${i}`, { client: "203.0.113.50" })),
		);
		const statuses = answers.map((a) => a.status);
		expect(statuses.filter((s) => s === 401)).toHaveLength(attemptLimits.email);
		expect(statuses.filter((s) => s === 429)).toHaveLength(100 - attemptLimits.email);
		expect(hashes()).toBe(attemptLimits.email);
		expect(await attemptsIn(`email:${owner.email}`)).toBe(attemptLimits.email);
		expect(await attemptsIn("client:203.0.113.50")).toBe(attemptLimits.email);
	});

	it("counts an attempt in all its buckets or none", async () => {
		const owner = await makeAccount({ password });
		for (let i = 0; i < attemptLimits.email - 1; i++) await attempt(owner.email, `guess ${i}`, { client: `203.0.113.${i}` });
		expect((await attempt(owner.email, "the tenth", { client: "192.0.2.77" })).status).toBe(401);
		expect(await attemptsIn("client:192.0.2.77")).toBe(1);
		expectRefused(await attempt(owner.email, "the eleventh", { client: "192.0.2.77" }), /for this email/);
		expect(await attemptsIn("client:192.0.2.77")).toBe(1);
	});
});

describe("spraying", () => {
	it("one password over 30 emails from one client: the first 20 are checked, then the client is refused", async () => {
		const hashes = countHashes();
		const answers: Attempt[] = [];
		for (let i = 0; i < 30; i++)
			answers.push(await attempt(`person${i}.${crypto.randomUUID()}@example.test`, "Summer2026!", { client: "203.0.113.200" }));
		expect(answers.slice(0, attemptLimits.client).map((a) => a.status)).toEqual(Array(attemptLimits.client).fill(401));
		for (const refused of answers.slice(attemptLimits.client)) {
			expectRefused(refused, /from this network address: 20 within 15 minutes, whatever the email/);
		}
		expect(hashes()).toBe(attemptLimits.client);
		// Another client is not held back, nor are the emails themselves.
		expect((await attempt(`someone.${crypto.randomUUID()}@example.test`, "Summer2026!", { client: "198.51.100.200" })).status).toBe(401);
	});

	it("counts an IPv6 client by its /64", async () => {
		for (let i = 0; i < attemptLimits.client; i++) {
			expect(
				(await attempt(`v6.${i}.${crypto.randomUUID()}@example.test`, "guess", { client: `2001:db8:1:2::${i.toString(16)}` })).status,
			).toBe(401);
		}
		expectRefused(await attempt(`v6.last@example.test`, "guess", { client: "2001:0db8:0001:0002:ffff:1:2:3" }), /network address/);
		expect((await attempt(`v6.other@example.test`, "guess", { client: "2001:db8:1:3::1" })).status).toBe(401);
	});

	it("a right password takes back only its own attempt from the client's count", async () => {
		const owner = await makeAccount({ password });
		for (let i = 0; i < 5; i++) await attempt(`stranger${i}.${crypto.randomUUID()}@example.test`, "guess", { client: "203.0.113.201" });
		expect((await attempt(owner.email, password, { client: "203.0.113.201" })).status).toBe(200);
		expect(await attemptsIn("client:203.0.113.201")).toBe(5);
	});
});

describe("the current password of a password change", () => {
	it("is throttled per account: ten wrong answers, then 429 before any hash, even for the right one", async () => {
		const owner = await makeAccount({ password });
		const session = await signIn(owner.email, password);
		for (let i = 0; i < attemptLimits.password; i++) {
			const wrong = await callWithSession(session, "POST", "/console/api/account/password", {
				body: { currentPassword: `guess ${i}`, newPassword: "a new long password" },
			});
			expect(wrong.status).toBe(401);
			expect(wrong.body.error?.message).toBe("The current password is not right.");
		}
		const hashes = countHashes();
		const refused = await callWithSession(session, "POST", "/console/api/account/password", {
			body: { currentPassword: password, newPassword: "a new long password" },
		});
		expect(refused.status).toBe(429);
		expect(refused.body.error?.code).toBe("rate_limited");
		expect(refused.body.error?.message).toMatch(
			/^Too many wrong current passwords for this account: 10 within 15 minutes\. Try again in \d+ minutes?\.$/,
		);
		expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(14 * 60);
		expect(hashes()).toBe(0);
		// The password did not change.
		expect((await attempt(owner.email, password)).status).toBe(200);
	});

	it("a right current password clears the count, forgets the account's devices and remembers this browser", async () => {
		const owner = await makeAccount({ password });
		const oldDevice = (await attempt(owner.email, password)).device ?? "";
		const session = await signIn(owner.email, password);
		const changed = await callWithSession(session, "POST", "/console/api/account/password", {
			body: { currentPassword: password, newPassword: "a new long password" },
		});
		expect(changed.status).toBe(200);
		expect(changed.headers.get("Cache-Control")).toBe("no-store");
		const newDevice = (changed.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";
		expect(newDevice).toMatch(/^charts_device=[A-Za-z0-9_-]{43}$/);
		for (let i = 0; i < attemptLimits.email; i++) await attempt(owner.email, `stranger ${i}`, { client: `203.0.113.${i}` });
		expectRefused(await attempt(owner.email, "a new long password", { cookie: oldDevice }), /for this email/);
		expect((await attempt(owner.email, "a new long password", { cookie: newDevice })).status).toBe(200);
	});
});

describe("no 5xx for any sign-in input", () => {
	it("answers 4xx for odd addresses, cookies and bodies", async () => {
		const owner = await makeAccount({ password });
		const clients = ["", "not an ip", "999.1.1.1", "::", "::ffff:10.0.0.1", "1::2::3", "x".repeat(5000), "2001:db8::1%eth0"];
		const cookies = ["charts_device", "charts_device=;;;", `charts_device=${"%C3%A9".repeat(43)}`, `charts_device=${"A".repeat(10_000)}`];
		for (const client of clients) {
			for (const cookie of cookies) {
				const res = await attempt(owner.email, "wrong", { client, cookie });
				expect([401, 429], `${client.slice(0, 20)} ${cookie.slice(0, 20)}`).toContain(res.status);
			}
		}
		for (const body of [
			{ email: "x".repeat(254), password: "p" },
			{ email: "", password: "" },
			{ email: "😀@😀", password: "\u0000" },
		]) {
			const res = await exports.default.fetch(
				new Request(`${base}/auth/sign-in`, {
					method: "POST",
					headers: { "Content-Type": "application/json" },
					body: JSON.stringify(body),
				}),
			);
			expect(res.status).toBeLessThan(500);
		}
	});
});
