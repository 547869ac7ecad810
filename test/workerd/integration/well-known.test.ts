/**
 * `/.well-known/` paths on the API host other than the two OAuth documents (served by the Worker,
 * test/workerd/integration/oauth.test.ts) answer the API's 404 JSON, never the console's page with a 200,
 * which a client would take for the document.
 */
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { base } from "../../harness/workerd/api";

describe("/.well-known/ on the API host", () => {
	for (const path of ["/.well-known/openid-configuration", "/.well-known/oauth-authorization-server/mcp", "/.well-known/security.txt"]) {
		it(`GET ${path} answers 404 with the API's error body`, async () => {
			const res = await exports.default.fetch(new Request(`${base}${path}`, { headers: { Accept: "application/json" } }));
			expect(res.status).toBe(404);
			expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
			expect(res.headers.get("X-Request-Id")).toBeTruthy();
			const body = (await res.json()) as { error: { code: string; message: string } };
			expect(body.error.code).toBe("not_found");
			expect(body.error.message).toBe(
				`Nothing is served at ${path}. API clients authenticate with an API key as a bearer token; MCP clients read /.well-known/oauth-protected-resource.`,
			);
		});
	}

	it("leaves the console's own screens to the app", async () => {
		const res = await exports.default.fetch(new Request(`${base}/well-known`));
		expect(res.status).toBe(200);
		expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
	});
});
