/**
 * Invitation and reset mail through an HTTP mail API (src/auth/mail.ts): the request it sends,
 * and a refusal or an unreachable API answered as "not mailed", never thrown. The configuration
 * is all three settings or none, checked at start (src/env.ts).
 */
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sendMail } from "../../../src/auth/mail";
import { readConfig } from "../../../src/env";
import type { Services } from "../../../src/request-services";
import { buildServices } from "../../../src/request-services";

const mailApi = { url: "https://mail.example/emails", from: "Charts <charts@newsroom.example>", key: "re_secret" };
const mail = { to: "cy@newsroom.example", subject: "Join Newsroom", text: "Open https://charts.example/invite/abc", links: [] };

function servicesWithMailApi(): Services {
	const services = buildServices(env, createExecutionContext());
	return { ...services, config: { ...services.config, mailOutbox: false, mailApi } };
}

afterEach(() => vi.restoreAllMocks());

describe("mail through an HTTP mail API", () => {
	it("posts the mail as JSON with the key and answers mailed", async () => {
		const fetched = vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response('{"id":"m1"}', { status: 200 }));
		expect(await sendMail(servicesWithMailApi(), mail, Date.now())).toBe(true);
		const [url, init] = fetched.mock.calls[0] ?? [];
		expect(url).toBe(mailApi.url);
		expect(new Headers(init?.headers).get("Authorization")).toBe("Bearer re_secret");
		expect(JSON.parse(String(init?.body))).toEqual({ from: mailApi.from, to: [mail.to], subject: mail.subject, text: mail.text });
	});

	it("answers not mailed when the API refuses or cannot be reached", async () => {
		vi.spyOn(console, "error").mockImplementation(() => undefined);
		vi.spyOn(globalThis, "fetch").mockResolvedValueOnce(new Response("no", { status: 401 }));
		expect(await sendMail(servicesWithMailApi(), mail, Date.now())).toBe(false);
		vi.spyOn(globalThis, "fetch").mockRejectedValueOnce(new TypeError("connection refused"));
		expect(await sendMail(servicesWithMailApi(), mail, Date.now())).toBe(false);
	});

	it("is configured with all three settings or none", () => {
		const base = { ...env };
		expect(readConfig({ ...base } as Env).mailApi).toBeNull();
		expect(
			readConfig({ ...base, MAIL_API_URL: mailApi.url, MAIL_FROM: "charts@newsroom.example", MAIL_API_KEY: "k" } as Env).mailApi,
		).toEqual({ url: mailApi.url, from: "charts@newsroom.example", key: "k" });
		expect(() => readConfig({ ...base, MAIL_API_URL: mailApi.url } as Env)).toThrow(/MAIL_FROM/);
		expect(() => readConfig({ ...base, MAIL_API_URL: "http://mail.example", MAIL_FROM: "a@b", MAIL_API_KEY: "k" } as Env)).toThrow(/https/);
	});
});
