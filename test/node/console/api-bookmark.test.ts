/**
 * The console's API client (src/console/lib/api.ts) carries the latest `X-D1-Bookmark` it was
 * answered on its reads, so a list read right after a change sees it even on a lagging replica;
 * writes go to the primary and carry none; an older bookmark never replaces a newer one.
 */
import assert from "node:assert/strict";
import { afterEach, describe, it } from "node:test";
import { api } from "../../../src/console/lib/api.ts";

const sent: { method: string; bookmark: string | null }[] = [];
const realFetch = globalThis.fetch;

function answerWith(bookmark: string | null): void {
	globalThis.fetch = async (_input: RequestInfo | URL, init?: RequestInit) => {
		sent.push({ method: init?.method ?? "GET", bookmark: new Headers(init?.headers).get("X-D1-Bookmark") });
		const headers: Record<string, string> = { "Content-Type": "application/json" };
		if (bookmark) headers["X-D1-Bookmark"] = bookmark;
		return new Response("{}", { status: 200, headers });
	};
}

afterEach(() => {
	globalThis.fetch = realFetch;
});

describe("the console's X-D1-Bookmark", () => {
	it("sends nothing before the API has answered one, then the latest on reads only", async () => {
		answerWith("00000001-00000002-00000003-aaaa");
		await api.get("/v1/charts");
		await api.post("/v1/charts", { kind: "line" });
		answerWith("00000001-00000005-00000003-bbbb");
		await api.patch("/v1/charts/ch_1", { name: "x" });
		await api.get("/v1/charts");
		assert.deepEqual(sent.splice(0), [
			{ method: "GET", bookmark: null },
			{ method: "POST", bookmark: null },
			{ method: "PATCH", bookmark: null },
			{ method: "GET", bookmark: "00000001-00000005-00000003-bbbb" },
		]);
	});

	it("keeps the newer bookmark when a replica answers an older one", async () => {
		answerWith("00000001-00000004-00000003-cccc");
		await api.get("/v1/folders");
		await api.get("/v1/folders");
		assert.equal(sent.splice(0).at(-1)?.bookmark, "00000001-00000005-00000003-bbbb");
	});
});
