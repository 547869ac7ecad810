/** The client against a scripted fetch: what it sends, how it reads answers and errors, how it retries. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
	ApiError,
	ConnectionFailed,
	ExportBusy,
	Forbidden,
	InvalidData,
	InvalidId,
	NotFound,
	PlanRequired,
	RateLimited,
	toCsv,
	ValidationError,
} from "../src/index.js";
import { errorAnswer, FakeFetch } from "./fake-fetch.js";

const created = { id: "ch_1", name: "Seats", kind: "horizontal-bar", hasData: true, folderId: null, published: null };

describe("charts.create", () => {
	it("sends JSON with an Idempotency-Key, rows written as CSV", async () => {
		const fake = new FakeFetch().queue(Response.json(created, { status: 201 }));
		const chart = await fake.client().charts.create({
			kind: "horizontal-bar",
			data: [
				{ party: "Labour", seats: 412 },
				{ party: "Lib, Dem", seats: 72 },
			],
			meta: { title: "Seats" },
		});
		const [request] = fake.requests;
		assert.equal(request?.method, "POST");
		assert.equal(request?.url, "https://charts.test/v1/charts");
		assert.equal(request?.headers.get("authorization"), "Bearer cs_test");
		assert.equal(request?.headers.get("content-type"), "application/json");
		assert.match(request?.headers.get("idempotency-key") ?? "", /^[0-9a-f-]{36}$/);
		assert.deepEqual(fake.json(), { kind: "horizontal-bar", meta: { title: "Seats" }, data: 'party,seats\nLabour,412\n"Lib, Dem",72\n' });
		assert.equal(chart.id, "ch_1");
	});

	it("retries 503 and 429 after Retry-After with the same Idempotency-Key", async () => {
		const fake = new FakeFetch().queue(
			errorAnswer(503, "service_unavailable", "Try again.", undefined, { "Retry-After": "2" }),
			errorAnswer(429, "rate_limited", "Slow down.", undefined, { "Retry-After": "3" }),
			Response.json(created, { status: 201 }),
		);
		await fake.client().charts.create({ data: "a,b\nx,1\n" }, { idempotencyKey: "once" });
		assert.deepEqual(
			fake.requests.map((r) => r.headers.get("idempotency-key")),
			["once", "once", "once"],
		);
		assert.deepEqual(fake.sleeps, [2000, 3000]);
	});
});

describe("errors", () => {
	it("raises RateLimited with retryAfter once the budget is spent", async () => {
		const limited = () => errorAnswer(429, "rate_limited", "Over 300 a minute.", undefined, { "Retry-After": "40" });
		const fake = new FakeFetch().queue(limited, limited, limited);
		const error = await fake
			.client({ budgetMs: 60_000 })
			.charts.list()
			.catch((e: unknown) => e);
		assert.ok(error instanceof RateLimited);
		assert.equal(error.retryAfter, 40);
		assert.equal(error.status, 429);
		assert.equal(error.message, "Over 300 a minute.");
		assert.deepEqual(fake.sleeps, [40_000]);
	});

	for (const [status, code, cls] of [
		[404, "not_found", NotFound],
		[403, "plan_required", PlanRequired],
		[403, "forbidden", Forbidden],
		[422, "invalid_kind", ValidationError],
		[418, "teapot", ApiError],
	] as const) {
		it(`${status} ${code} is a ${cls.name} with status, code and message, not retried`, async () => {
			const fake = new FakeFetch().queue(errorAnswer(status, code, "What the API said."));
			const error = await fake
				.client()
				.charts.get("ch_x")
				.catch((e: unknown) => e);
			assert.ok(error instanceof cls);
			assert.ok(error instanceof ApiError);
			assert.deepEqual([error.status, error.code, error.message], [status, code, "What the API said."]);
			assert.equal(fake.requests.length, 1);
		});
	}

	it("PlanRequired is also Forbidden; InvalidData carries row and column", async () => {
		assert.ok(new PlanRequired(403, "plan_required", "") instanceof Forbidden);
		const fake = new FakeFetch().queue(errorAnswer(422, "invalid_data", "Not a number.", { row: 3, column: "seats" }));
		const error = await fake
			.client()
			.charts.setData("ch_1", "party,seats\nA,1\nB,x\n")
			.catch((e: unknown) => e);
		assert.ok(error instanceof InvalidData);
		assert.deepEqual([error.row, error.column], [3, "seats"]);
		assert.equal(fake.requests[0]?.headers.get("content-type"), "text/csv; charset=utf-8");
	});

	it("network failures are retried, then ConnectionFailed", async () => {
		const refuse = () => {
			throw new TypeError("fetch failed");
		};
		const fake = new FakeFetch().queue(refuse, refuse, refuse);
		const error = await fake
			.client({ maxRetries: 2 })
			.themes.list()
			.catch((e: unknown) => e);
		assert.ok(error instanceof ConnectionFailed);
		assert.equal(fake.sleeps.length, 2);
	});
});

describe("exports and typed paths", () => {
	it("answers bytes after an export_busy retry, with options in the query", async () => {
		const fake = new FakeFetch().queue(
			errorAnswer(503, "export_busy", "Busy.", undefined, { "Retry-After": "5" }),
			new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), { headers: { "Content-Type": "image/png" } }),
		);
		const bytes = await fake.client().charts.export("ch_1", "png", { scale: 3, transparent: true });
		assert.deepEqual([...bytes], [0x89, 0x50, 0x4e, 0x47]);
		assert.equal(fake.requests.at(-1)?.url, "https://charts.test/v1/charts/ch_1/export/png?scale=3&transparent=true");
		assert.deepEqual(fake.sleeps, [5000]);
	});

	it("answers a Blob with its type", async () => {
		const fake = new FakeFetch().queue(new Response("<svg/>", { headers: { "Content-Type": "image/svg+xml" } }));
		const blob = await fake.client().charts.exportBlob("ch_1", "svg");
		assert.equal(blob.type, "image/svg+xml");
		assert.equal(await blob.text(), "<svg/>");
	});

	it("refuses an unknown format or a version that is not a whole number before sending", async () => {
		const fake = new FakeFetch();
		const client = fake.client();
		// @ts-expect-error: "gif" is not an export format
		await assert.rejects(client.charts.export("ch_1", "gif"), TypeError);
		await assert.rejects(client.charts.version("ch_1", 1.5), RangeError);
		assert.equal(fake.requests.length, 0);
	});

	it("reaches versions by number", async () => {
		const fake = new FakeFetch().queue(Response.json({ versions: [] }));
		assert.deepEqual(await fake.client().charts.versions("ch_1"), []);
		assert.equal(new URL(fake.requests[0]?.url ?? "").pathname, "/v1/charts/ch_1/versions");
	});

	it("ExportBusy is a 503 with retryAfter when retries are off", async () => {
		const fake = new FakeFetch().queue(errorAnswer(503, "export_busy", "Busy.", undefined, { "Retry-After": "5" }));
		const error = await fake
			.client({ maxRetries: 0 })
			.charts.export("ch_1", "pdf")
			.catch((e: unknown) => e);
		assert.ok(error instanceof ExportBusy);
		assert.equal(error.retryAfter, 5);
	});
});

describe("toCsv", () => {
	it("writes arrays with a header row, quotes what needs it, dates as ISO", () => {
		assert.equal(
			toCsv([
				["day", "note", "v"],
				[new Date("2026-01-02T00:00:00Z"), 'say "hi"', null],
			]),
			'day,note,v\n2026-01-02,"say ""hi""",\n',
		);
	});
});

describe("ids", () => {
	const notIds = [".", "..", "", "%2e", "../folders/x", "ch_1/../..", "ch_", "ch_a.b", "fd_1", "ch_1?x=1", "ch_1#x", ` ch_1`];

	it("refuses a chart id not of a chart id's shape with InvalidId (a NotFound) before sending, in every method", async () => {
		const fake = new FakeFetch();
		const charts = fake.client().charts;
		const calls: [string, (id: string) => Promise<unknown>][] = [
			["get", (id) => charts.get(id)],
			["update", (id) => charts.update(id, { meta: { title: "x" } })],
			["delete", (id) => charts.delete(id)],
			["copy", (id) => charts.copy(id)],
			["setData", (id) => charts.setData(id, "a,b\nx,1\n")],
			["publish", (id) => charts.publish(id)],
			["unpublish", (id) => charts.unpublish(id)],
			["export", (id) => charts.export(id, "png")],
			["exportBlob", (id) => charts.exportBlob(id, "svg")],
			["versions", (id) => charts.versions(id)],
			["version", (id) => charts.version(id, 1)],
			["restore", (id) => charts.restore(id, 1)],
		];
		for (const [name, call] of calls) {
			for (const id of notIds) {
				const error = await call(id).catch((e: unknown) => e);
				assert.ok(error instanceof InvalidId, `${name}(${JSON.stringify(id)}): ${String(error)}`);
				assert.ok(error instanceof NotFound);
				assert.equal(error.status, 404);
				assert.equal(error.code, "not_found");
				assert.equal(error.path, "id");
				assert.equal(error.checkedLocally, true);
			}
		}
		const error = await charts.get(".").catch((e: unknown) => e);
		assert.equal(
			(error as Error).message,
			'id: "." is not a chart id (ch_ followed by 1 to 64 letters, digits, _ or -); nothing was sent.',
		);
		assert.equal(fake.requests.length, 0);
	});

	it("refuses a folder id not of a folder id's shape, and a library id that a URL would fold away", async () => {
		const fake = new FakeFetch();
		const client = fake.client();
		for (const id of [...notIds.filter((id) => id !== "fd_1"), "ch_1"]) {
			for (const call of [() => client.folders.get(id), () => client.folders.update(id, { name: "x" }), () => client.folders.delete(id)]) {
				await assert.rejects(call(), InvalidId);
			}
		}
		for (const [source, dimension] of [
			[".", "country"],
			["gapminder", ".."],
			["", "country"],
		] as const) {
			await assert.rejects(client.sources.dimensionValues(source, dimension), InvalidId);
		}
		assert.equal(fake.requests.length, 0);
	});

	it("sends ids of the shape as they are", async () => {
		const fake = new FakeFetch().queue(Response.json(created), Response.json({ id: "fd_x-1", name: "F" }), Response.json({ values: [] }));
		const client = fake.client();
		await client.charts.get("ch_AZaz09_-x");
		await client.folders.get("fd_x-1");
		await client.sources.dimensionValues("a b", "c/d");
		assert.deepEqual(
			fake.requests.map((r) => new URL(r.url).pathname),
			["/v1/charts/ch_AZaz09_-x", "/v1/folders/fd_x-1", "/v1/sources/a%20b/dimensions/c%2Fd"],
		);
	});
});
