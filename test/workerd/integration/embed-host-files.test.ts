/**
 * The embed host answers a browser's own requests for files it does not have (`/favicon.ico`,
 * `/robots.txt`) with a plain 404, not the 404 page meant for a reader.
 */
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

const embed = (path: string) => exports.default.fetch(new Request(`http://localhost:8787/embed${path}`, { redirect: "manual" }));

describe("files the embed host does not have", () => {
	it.each(["/favicon.ico", "/robots.txt", "/ch_missing/favicon.ico"])("%s is a plain-text 404", async (path) => {
		const res = await embed(path);
		expect(res.status).toBe(404);
		expect(res.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
		expect(await res.text()).toBe("Not found\n");
	});

	it("an unknown chart is still the reader's 404 page", async () => {
		const res = await embed("/ch_missing/");
		expect(res.status).toBe(404);
		expect(res.headers.get("Content-Type")).toContain("text/html");
	});
});
