/**
 * What one POST to /mcp may be: one JSON-RPC message, a JSON object, of at most a tool call's
 * size. A batch (the protocol dropped them in 2025-06-18) is refused whole with -32600, before
 * the SDK would answer each of its messages: nothing in it runs and nothing is charged. A body
 * over the cap is the API's 413.
 */
import { runInDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { maxCsvBytes } from "../../../src/domain/body-limits";
import type { AccountLimiter } from "../../../src/limits/account-limiter";
import { maxMessageBytes } from "../../../src/mcp/endpoint";
import { base, type ErrorBody } from "../../harness/workerd/api";
import { makeAccount } from "../../harness/workerd/factories";

function mcpPost(key: string, body: string): Promise<Response> {
	return exports.default.fetch(
		new Request(`${base}/mcp`, {
			method: "POST",
			headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
			body,
		}),
	);
}

async function admittedCount(accountId: string): Promise<number> {
	const limiter: DurableObjectStub<AccountLimiter> = env.ACCOUNT_LIMITER.get(env.ACCOUNT_LIMITER.idFromName(accountId));
	return runInDurableObject(limiter, (_limiter, state) => Number(state.storage.sql.exec("SELECT COUNT(*) AS n FROM admitted").one().n));
}

interface JsonRpcError {
	jsonrpc: string;
	id: null;
	error: { code: number; message: string };
}

const toolsList = (id: number) => ({ jsonrpc: "2.0", id, method: "tools/list" });
const listCharts = (id: number) => ({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "list_charts", arguments: {} } });

describe("MCP: one message per request", () => {
	it("refuses a batch of 10,000 tools/list with one -32600 (HTTP 400), answering none of them", async () => {
		const { key } = await makeAccount();
		const batch = JSON.stringify(Array.from({ length: 10_000 }, (_, i) => toolsList(i + 1)));
		expect(batch.length).toBeGreaterThan(400_000);
		const res = await mcpPost(key, batch);
		expect(res.status).toBe(400);
		const body = await res.json<JsonRpcError>();
		expect(body).toEqual({
			jsonrpc: "2.0",
			id: null,
			error: {
				code: -32600,
				message: "Invalid Request: JSON-RPC batches are not accepted (MCP 2025-06-18 removed them). Send each message in its own POST.",
			},
		});
	});

	it("runs and charges nothing of a batch of tool calls", async () => {
		const { key, accountId } = await makeAccount();
		const before = await admittedCount(accountId);
		const res = await mcpPost(key, JSON.stringify(Array.from({ length: 50 }, (_, i) => listCharts(i + 1))));
		expect(res.status).toBe(400);
		expect((await res.json<JsonRpcError>()).error.code).toBe(-32600);
		expect(await admittedCount(accountId)).toBe(before);
	});

	it("refuses an empty batch [] with -32600, not 202", async () => {
		const { key } = await makeAccount();
		const res = await mcpPost(key, " [ ] ");
		expect(res.status).toBe(400);
		expect((await res.json<JsonRpcError>()).error).toMatchObject({ code: -32600, message: expect.stringContaining("batches") });
	});

	it.each(['"tools/list"', "42", "null", "true"])("refuses %s, JSON but not a message, with -32600", async (body) => {
		const { key } = await makeAccount();
		const res = await mcpPost(key, body);
		expect(res.status).toBe(400);
		expect((await res.json<JsonRpcError>()).error).toEqual({
			code: -32600,
			message: "Invalid Request: the body must be one JSON-RPC message, a JSON object.",
		});
	});

	it("still answers one message", async () => {
		const { key } = await makeAccount();
		const res = await mcpPost(key, JSON.stringify(toolsList(1)));
		expect(res.status).toBe(200);
		expect(((await res.json()) as { result: { tools: unknown[] } }).result.tools.length).toBeGreaterThan(10);
	});
});

describe("MCP: the body cap", () => {
	it("is a tool call's CSV plus a 256 KiB envelope", () => {
		expect(maxMessageBytes).toBe(maxCsvBytes + 256 * 1024);
	});

	/** A tools/list padded in its `_meta` to exactly `bytes`. */
	function paddedMessage(bytes: number): string {
		const frame = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: { _meta: { pad: "" } } });
		return frame.replace('"pad":""', `"pad":"${"x".repeat(bytes - frame.length)}"`);
	}

	it("answers a message of exactly the cap", async () => {
		const { key } = await makeAccount();
		const body = paddedMessage(maxMessageBytes);
		expect(body.length).toBe(maxMessageBytes);
		expect((await mcpPost(key, body)).status).toBe(200);
	});

	it("answers a byte more with the API's 413 payload_too_large, naming the limit and what it is for", async () => {
		const { key } = await makeAccount();
		const res = await mcpPost(key, paddedMessage(maxMessageBytes + 1));
		expect(res.status).toBe(413);
		const { error } = await res.json<ErrorBody>();
		expect(error.code).toBe("payload_too_large");
		expect(error.details).toEqual({ limitBytes: maxMessageBytes });
		expect(error.message).toBe(
			"Request body is larger than the 10.25 MiB limit. An MCP message is one tool call, with a CSV (data) of at most 10 MiB as in the API.",
		);
	});
});
