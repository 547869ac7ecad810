/**
 * `/.well-known/` paths on the API host answer the API's 404 JSON, never the console's page with
 * a 200: an MCP client reads `/.well-known/oauth-protected-resource` to find out how to sign in.
 */
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { base } from "../../harness/workerd/api";

describe("/.well-known/ on the API host", () => {
	for (const path of [
		"/.well-known/oauth-protected-resource",
		"/.well-known/oauth-protected-resource/mcp",
		"/.well-known/oauth-authorization-server",
	]) {
		it(`GET ${path} answers 404 with the API's error body`, async () => {
			const res = await exports.default.fetch(new Request(`${base}${path}`, { headers: { Accept: "application/json" } }));
			expect(res.status).toBe(404);
			expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
			expect(res.headers.get("X-Request-Id")).toBeTruthy();
			const body = (await res.json()) as { error: { code: string; message: string } };
			expect(body.error.code).toBe("not_found");
			expect(body.error.message).toBe(`Nothing is served at ${path}. API clients authenticate with an API key as a bearer token.`);
		});
	}

	it("leaves the console's own screens to the app", async () => {
		const res = await exports.default.fetch(new Request(`${base}/well-known`));
		expect(res.status).toBe(200);
		expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
	});
});
