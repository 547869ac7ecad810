/**
 * The Worker's vars (src/env.ts), checked by hand so the startup path needs no zod:
 * what is accepted, and that every broken var is refused with a message naming it.
 */
import { describe, expect, it } from "vitest";
import { readConfig } from "../../../src/env";

// A fresh object each time: readConfig caches per env object.
const envWith = (vars: Record<string, unknown>) =>
	({ EMBED_BASE: "https://embed.example.com", EXPORT_CONCURRENCY: "2", ...vars }) as unknown as Env;

describe("readConfig", () => {
	it("reads the embed base without its trailing slashes and the export concurrency as a number", () => {
		expect(readConfig(envWith({ EMBED_BASE: "http://localhost:8787/embed//", EXPORT_CONCURRENCY: "16" }))).toEqual({
			embedBase: "http://localhost:8787/embed",
			exportConcurrency: 16,
			linkedDataAllowPrivate: false,
			linkedDataInline: false,
			signUp: "closed",
			mailOutbox: false,
			mailApi: null,
		});
		expect(readConfig(envWith({ LINKED_DATA_ALLOW_PRIVATE: "true", EXPORT_CONCURRENCY: "64" }))).toEqual({
			embedBase: "https://embed.example.com",
			exportConcurrency: 64,
			linkedDataAllowPrivate: true,
			linkedDataInline: false,
			signUp: "closed",
			mailOutbox: false,
			mailApi: null,
		});
	});

	it.each([["not a url"], ["ftp://embed.example.com"], ["javascript:alert(1)"], [""], [undefined]])("refuses EMBED_BASE %j", (value) => {
		expect(() => readConfig(envWith({ EMBED_BASE: value }))).toThrow(/^EMBED_BASE must be an http\(s\) URL/);
	});

	it("reads sign-up, the local outbox and the queue bypass, and refuses a sign-up setting it does not know", () => {
		expect(readConfig(envWith({ SIGN_UP: "open", MAIL_OUTBOX: "local", LINKED_DATA_INLINE: "true" }))).toMatchObject({
			signUp: "open",
			mailOutbox: true,
			linkedDataInline: true,
		});
		expect(() => readConfig(envWith({ SIGN_UP: "maybe" }))).toThrow(/^SIGN_UP must be "open" or "closed"/);
	});

	it.each([["0"], ["65"], ["1.5"], [""], [" "], ["two"], [undefined]])("refuses EXPORT_CONCURRENCY %j", (value) => {
		expect(() => readConfig(envWith({ EXPORT_CONCURRENCY: value }))).toThrow(/^EXPORT_CONCURRENCY must be a whole number from 1 to 64/);
	});
});
