/**
 * D1 read replication (src/http/d1-session.ts, docs/api.md): every API request runs in one D1
 * session, reads may start anywhere or at the client's `X-D1-Bookmark`, writes on the primary,
 * and the answer carries the session's bookmark. Miniflare has one database and no replicas, so
 * where a session starts is checked on a D1 binding that records it; that binding also refuses
 * every query made outside a session, which shows the key lookup and the handlers' raw
 * statements all go through it.
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { sha256Hex } from "../../../src/domain/ids";
import { bookmarkPattern, sessionStart } from "../../../src/http/d1-session";
import { lazyApi } from "../../../src/lazy-api";
import { base, call, callJson } from "../../harness/workerd/api";
import { makeAccount } from "../../harness/workerd/factories";

/** A D1 binding that records where each session starts and refuses any query made outside one. */
function recordingD1(sessionAt: (start?: string) => D1DatabaseSession = (start) => env.DB.withSession(start)): {
	d1: D1Database;
	starts: string[];
} {
	const starts: string[] = [];
	const outside = (): never => {
		throw new Error("a query went to the D1 binding outside the request's session");
	};
	const d1: D1Database = {
		prepare: outside,
		batch: outside,
		exec: outside,
		dump: outside,
		withSession: (start) => {
			starts.push(start ?? "(none)");
			return sessionAt(start);
		},
	};
	return { d1, starts };
}

/**
 * A D1 binding whose replicas have not seen the key with this hash yet: a session that does not
 * start on the primary looks it up and finds nothing.
 */
function laggingD1(missingHash: string): { d1: D1Database; starts: string[] } {
	return recordingD1((start) => {
		const session = env.DB.withSession(start);
		if (start === "first-primary") return session;
		return {
			prepare: (query) => {
				const statement = session.prepare(query);
				const bind = (...values: unknown[]) =>
					statement.bind(...values.map((value) => (value === missingHash ? "not replicated yet" : value)));
				return new Proxy(statement, { get: (target, property) => (property === "bind" ? bind : Reflect.get(target, property)) });
			},
			batch: (statements) => session.batch(statements),
			getBookmark: () => session.getBookmark(),
		};
	});
}

/** Sends `request` through the API host's handler with `d1` for the DB binding; waits for its background work too. */
async function throughApi(request: Request, d1: D1Database): Promise<Response> {
	const ctx = createExecutionContext();
	const response = await lazyApi()(request, { ...env, DB: d1 }, ctx, "req-d1-sessions");
	await waitOnExecutionContext(ctx);
	return response;
}

function apiRequest(key: string, method: string, path: string, headers: Record<string, string> = {}, body?: unknown): Request {
	const all: Record<string, string> = { Authorization: `Bearer ${key}`, ...headers };
	if (body !== undefined) all["Content-Type"] = "application/json";
	return new Request(`${base}${path}`, { method, headers: all, body: body === undefined ? undefined : JSON.stringify(body) });
}

const wellFormed = "00000000-0000002a-00000000-0123456789abcdef0123456789abcdef";

describe("where a request's D1 session starts", () => {
	const request = (method: string, bookmark?: string) =>
		new Request(`${base}/v1/charts`, { method, headers: bookmark === undefined ? {} : { "X-D1-Bookmark": bookmark } });

	it("a read starts anywhere, or at the client's bookmark", () => {
		expect(sessionStart(request("GET"))).toBe("first-unconstrained");
		expect(sessionStart(request("HEAD"))).toBe("first-unconstrained");
		expect(sessionStart(request("GET", wellFormed))).toBe(wellFormed);
		expect(sessionStart(request("HEAD", wellFormed))).toBe(wellFormed);
	});

	it("a write starts on the primary, whatever bookmark it sends", () => {
		for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
			expect(sessionStart(request(method))).toBe("first-primary");
			expect(sessionStart(request(method, wellFormed))).toBe("first-primary");
		}
	});

	it("a header that is not a bookmark is ignored", () => {
		for (const garbage of ["garbage", "", "first-primary", `${wellFormed}0`, wellFormed.replace("a", "g"), "'; DROP TABLE charts; --"]) {
			expect(sessionStart(request("GET", garbage))).toBe("first-unconstrained");
		}
	});

	it("the API host opens one session per request, where the method says", async () => {
		const { key } = await makeAccount();
		const { d1, starts } = recordingD1();
		const created = await throughApi(apiRequest(key, "POST", "/v1/charts", {}, { meta: { title: "Turnout by hour" } }), d1);
		expect(created.status).toBe(201);
		const { id } = (await created.json()) as { id: string };
		expect((await throughApi(apiRequest(key, "GET", `/v1/charts/${id}`), d1)).status).toBe(200);
		expect((await throughApi(apiRequest(key, "GET", `/v1/charts/${id}`, { "X-D1-Bookmark": wellFormed }), d1)).status).toBe(200);
		expect((await throughApi(apiRequest(key, "GET", `/v1/charts/${id}`, { "X-D1-Bookmark": "garbage" }), d1)).status).toBe(200);
		expect(
			(await throughApi(apiRequest(key, "DELETE", `/v1/charts/${id}`, { "If-Match": '"1"', "X-D1-Bookmark": wellFormed }), d1)).status,
		).toBe(200);
		expect(starts).toEqual(["first-primary", "first-unconstrained", wellFormed, "first-unconstrained", "first-primary"]);
	});
});

describe("X-D1-Bookmark on the API's answers", () => {
	it("a write answers a bookmark, and a read sent with it sees the write", async () => {
		const { key } = await makeAccount();
		const created = await callJson<{ id: string }>(key, "POST", "/v1/charts", { body: { meta: { title: "Seats won" } } });
		expect(created.status).toBe(201);
		const written = created.headers.get("X-D1-Bookmark");
		expect(written).toMatch(bookmarkPattern);

		const read = await callJson<{ meta: { title: string } }>(key, "GET", `/v1/charts/${created.body.id}`, {
			headers: { "X-D1-Bookmark": written ?? "" },
		});
		expect(read.status).toBe(200);
		expect(read.body.meta.title).toBe("Seats won");
		const readBookmark = read.headers.get("X-D1-Bookmark");
		expect(readBookmark).toMatch(bookmarkPattern);
		// Bookmarks order as strings (fixed-width hex): the read's session is at least where the write left it.
		expect((readBookmark ?? "") >= (written ?? "")).toBe(true);
	});

	it("a read answers a bookmark", async () => {
		const { key } = await makeAccount();
		const res = await call(key, "GET", "/v1/charts");
		expect(res.status).toBe(200);
		expect(res.headers.get("X-D1-Bookmark")).toMatch(bookmarkPattern);
		await res.body?.cancel();
	});

	it("a garbage bookmark is ignored: the read is answered as without one", async () => {
		const { key } = await makeAccount();
		const created = await callJson<{ id: string }>(key, "POST", "/v1/charts", { body: { meta: { title: "Polls" } } });
		for (const garbage of ["garbage", "00000000-zzzzzzzz-00000000-00000000000000000000000000000000", "x".repeat(4096)]) {
			const read = await callJson<{ id: string }>(key, "GET", `/v1/charts/${created.body.id}`, { headers: { "X-D1-Bookmark": garbage } });
			expect(read.status).toBe(200);
			expect(read.body.id).toBe(created.body.id);
			expect(read.headers.get("X-D1-Bookmark")).toMatch(bookmarkPattern);
		}
	});

	it("an answer that queried nothing carries none", async () => {
		const res = await call(null, "GET", "/v1/health");
		expect(res.status).toBe(200);
		expect(res.headers.has("X-D1-Bookmark")).toBe(false);
		await res.body?.cancel();
	});

	it("CORS lets a browser read the header and send it back", async () => {
		const { key } = await makeAccount();
		const res = await call(key, "GET", "/v1/charts");
		const exposed = (res.headers.get("Access-Control-Expose-Headers") ?? "").split(/,\s*/);
		expect(exposed).toContain("X-D1-Bookmark");
		await res.body?.cancel();
		const preflight = await call(null, "OPTIONS", "/v1/charts", {
			headers: {
				Origin: "https://notebook.example",
				"Access-Control-Request-Method": "GET",
				"Access-Control-Request-Headers": "x-d1-bookmark",
			},
		});
		expect(preflight.status).toBe(204);
		expect((preflight.headers.get("Access-Control-Allow-Headers") ?? "").split(/,\s*/)).toContain("X-D1-Bookmark");
	});
});

describe("the key lookup inside the session", () => {
	it("an authenticated read and write work with every query in the session", async () => {
		const { key } = await makeAccount();
		const { d1, starts } = recordingD1();
		const list = await throughApi(apiRequest(key, "GET", "/v1/charts"), d1);
		expect(list.status).toBe(200);
		expect(list.headers.get("X-D1-Bookmark")).toMatch(bookmarkPattern);
		await list.body?.cancel();
		const created = await throughApi(apiRequest(key, "POST", "/v1/charts", {}, {}), d1);
		expect(created.status).toBe(201);
		expect(starts).toEqual(["first-unconstrained", "first-primary"]);
	});

	it("a revoked key is still refused, a read's refusal confirmed on the primary", async () => {
		const { key, keyId } = await makeAccount();
		const { d1, starts } = recordingD1();
		expect((await throughApi(apiRequest(key, "GET", "/v1/charts"), d1)).status).toBe(200);
		await env.DB.prepare("UPDATE api_keys SET revoked_at = ? WHERE id = ?").bind(Date.now(), keyId).run();
		const refused = await throughApi(apiRequest(key, "GET", "/v1/charts"), d1);
		expect(refused.status).toBe(401);
		expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/revoked/);
		expect(refused.headers.get("X-D1-Bookmark")).toMatch(bookmarkPattern);
		const write = await throughApi(apiRequest(key, "POST", "/v1/charts", {}, {}), d1);
		expect(write.status).toBe(401);
		expect(starts).toEqual(["first-unconstrained", "first-unconstrained", "first-primary", "first-primary"]);
	});

	it("a key a replica has not seen yet reads, through the primary", async () => {
		const { key } = await makeAccount();
		const { d1, starts } = laggingD1(await sha256Hex(key));
		const list = await throughApi(apiRequest(key, "GET", "/v1/charts"), d1);
		expect(list.status).toBe(200);
		expect(await list.json()).toEqual({ charts: [] });
		expect(list.headers.get("X-D1-Bookmark")).toMatch(bookmarkPattern);
		expect(starts).toEqual(["first-unconstrained", "first-primary"]);
	});

	it("a read without a key is refused once, with no query and no bookmark", async () => {
		const { d1, starts } = recordingD1();
		const refused = await throughApi(new Request(`${base}/v1/charts`), d1);
		expect(refused.status).toBe(401);
		expect(refused.headers.has("X-D1-Bookmark")).toBe(false);
		expect(starts).toEqual(["first-unconstrained"]);
	});
});

describe("X-D1-Bookmark in the OpenAPI document", () => {
	interface Operation {
		parameters?: { name: string; in: string; required?: boolean; description?: string }[];
		responses: Record<string, { headers?: Record<string, { $ref: string }> }>;
	}
	interface Document {
		paths: Record<string, Record<string, Operation>>;
		components: { headers?: Record<string, { description: string; schema: { pattern: string } }> };
	}

	it("declares the header on every answer, and takes it back on every read", async () => {
		const { body: document } = await callJson<Document>(null, "GET", "/v1/openapi.json");
		const declared = document.components.headers?.D1Bookmark;
		expect(declared?.description).toMatch(/X-D1-Bookmark/);
		const { key } = await makeAccount();
		const answered = (await call(key, "GET", "/v1/charts")).headers.get("X-D1-Bookmark") ?? "";
		expect(new RegExp(declared?.schema.pattern ?? "^$").test(answered)).toBe(true);
		for (const [path, operations] of Object.entries(document.paths)) {
			for (const [method, operation] of Object.entries(operations)) {
				for (const [status, response] of Object.entries(operation.responses)) {
					expect(response.headers?.["X-D1-Bookmark"], `${method} ${path} ${status}`).toEqual({ $ref: "#/components/headers/D1Bookmark" });
				}
				const parameter = operation.parameters?.find((p) => p.name === "X-D1-Bookmark");
				if (method === "get") expect(parameter, `${method} ${path}`).toMatchObject({ in: "header", required: false });
				else expect(parameter, `${method} ${path}`).toBeUndefined();
			}
		}
	});
});
