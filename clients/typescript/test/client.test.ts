/** The client against a scripted fetch: what it sends, how it reads answers and errors, how it retries. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
	ApiError,
	type Charts,
	Conflict,
	ConnectionFailed,
	ExportBusy,
	errorClassOf,
	errorFrom,
	everyRole,
	Forbidden,
	InvalidData,
	InvalidId,
	kindRoles,
	MethodNotAllowed,
	NotFound,
	PlanRequired,
	PreconditionFailed,
	RateLimited,
	toCsv,
	UnknownRole,
	UnsupportedMediaType,
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

describe("any table: rows and column roles", () => {
	const gapminder = [
		{ country: "Albania", continent: "Europe", year: 2007, lifeExp: 76.4, pop: 3600523, gdpPercap: 5937, iso: "ALB" },
		{ country: "Brazil", continent: "Americas", year: 2007, lifeExp: 72.4, pop: 190010647, gdpPercap: 9065.8, iso: "BRA" },
	];
	const tidy = [
		{ country: "China", year: 2002, lifeExp: 72 },
		{ country: "India", year: 2002, lifeExp: 62.9 },
	];

	it("sends rows as CSV and the roles as meta.columns, in one request", async () => {
		const fake = new FakeFetch().queue(Response.json(created, { status: 201 }));
		await fake.client().charts.create({
			kind: "scatter",
			rows: gapminder,
			columns: { x: "gdpPercap", y: "lifeExp", size: "pop", label: "country", group: "continent" },
			meta: { title: "Bubbles" },
		});
		assert.deepEqual(fake.json(), {
			kind: "scatter",
			data: "country,continent,year,lifeExp,pop,gdpPercap,iso\nAlbania,Europe,2007,76.4,3600523,5937,ALB\nBrazil,Americas,2007,72.4,190010647,9065.8,BRA\n",
			meta: { title: "Bubbles", columns: { x: "gdpPercap", y: "lifeExp", size: "pop", label: "country", group: "continent" } },
		});
		assert.equal(fake.requests.length, 1);
	});

	it("takes a tidy table with series naming a column, and a list for several", async () => {
		const fake = new FakeFetch().queue(Response.json(created, { status: 201 }), Response.json(created, { status: 201 }));
		await fake.client().charts.create({ kind: "line", rows: tidy, columns: { x: "year", y: "lifeExp", series: "country" } });
		assert.deepEqual(fake.json(0), {
			kind: "line",
			data: "country,year,lifeExp\nChina,2002,72\nIndia,2002,62.9\n",
			meta: { columns: { x: "year", y: "lifeExp", series: "country" } },
		});
		await fake
			.client()
			.charts.create({ kind: "pie", data: "party,2021,2025\nA,1,2\n", columns: { label: "party", value: ["2025", "2021"] } });
		assert.deepEqual(fake.json(1), {
			kind: "pie",
			data: "party,2021,2025\nA,1,2\n",
			meta: { columns: { label: "party", value: ["2025", "2021"] } },
		});
	});

	it("refuses a role the kind does not have before sending, listing the kind's roles", async () => {
		const fake = new FakeFetch();
		const refused = await fake
			.client()
			// @ts-expect-error: "sise" is not a role of a scatter; the types refuse it before the check does
			.charts.create({ kind: "scatter", rows: gapminder, columns: { x: "gdpPercap", sise: "pop" } })
			.catch((e: unknown) => e);
		assert.ok(refused instanceof UnknownRole && refused instanceof InvalidData);
		assert.equal(refused.role, "sise");
		assert.deepEqual(refused.roles, ["x", "y", "size", "label", "group"]);
		assert.match(refused.message, /"sise" is not a role of a scatter chart; its roles are "x", "y", "size", "label", "group"/);
		assert.equal(fake.requests.length, 0);
	});

	it("checks the roles of a line when no kind is given, as the service draws a line then", async () => {
		const columns: Record<string, string> = { size: "pop" };
		await assert.rejects(new FakeFetch().client().charts.create({ rows: gapminder, columns }), /not a role of a line chart/);
	});

	it("types each kind's columns", () => {
		// Only typechecked (tsc runs over the tests): the calls are never made.
		const typed = (charts: Charts) => [
			charts.create({ kind: "candlestick", columns: { date: "d", open: "o", high: "h", low: "l", close: "c" } }),
			charts.create({ rows: tidy, columns: { x: "year", y: ["a", "b"] } }),
			// @ts-expect-error: a scatter's x is one column
			charts.create({ kind: "scatter", columns: { x: ["a", "b"] } }),
			// @ts-expect-error: a pie has no x
			charts.create({ kind: "pie", columns: { x: "a" } }),
			// @ts-expect-error: without a kind the chart is a line, which has no size
			charts.create({ columns: { size: "pop" } }),
		];
		assert.equal(typeof typed, "function");
	});

	it("update sends the data and the roles whole, nulls for every other role, in one PATCH", async () => {
		const fake = new FakeFetch().queue(Response.json({ ...created, kind: "line" }), Response.json(created));
		await fake
			.client()
			.charts.update("ch_1", { rows: tidy, columns: { x: "year", y: "lifeExp", series: "country" }, meta: { title: "New" } });
		const request = fake.requests[0];
		assert.deepEqual([request?.method, request?.url], ["PATCH", "https://charts.test/v1/charts/ch_1"]);
		const body = fake.json(0) as { data: string; meta: { title: string; columns: Record<string, unknown> } };
		assert.equal(body.data, "country,year,lifeExp\nChina,2002,72\nIndia,2002,62.9\n");
		assert.equal(body.meta.title, "New");
		assert.deepEqual(Object.keys(body.meta.columns).sort(), [...everyRole].sort());
		assert.deepEqual(Object.fromEntries(Object.entries(body.meta.columns).filter(([, name]) => name !== null)), {
			x: "year",
			y: "lifeExp",
			series: "country",
		});
		await fake.client().charts.update("ch_1", { columns: {}, data: null });
		assert.deepEqual(fake.json(1), { data: null, meta: { columns: Object.fromEntries(everyRole.map((role) => [role, null])) } });
	});

	it("refuses data and rows together, and roles in both columns and meta.columns", async () => {
		const charts = new FakeFetch().client().charts;
		await assert.rejects(charts.create({ data: "a,b\n", rows: tidy }), TypeError);
		await assert.rejects(charts.create({ rows: tidy, columns: { x: "year" }, meta: { columns: { x: "year" } } }), TypeError);
	});

	it("reads the service's proposed roles from its 422", async () => {
		const proposal = { x: "year", y: "lifeExp", series: "country" };
		const fake = new FakeFetch().queue(
			errorAnswer(422, "invalid_data", "Say which column names the series.", {
				columns: proposal,
				validColumns: ["country", "year", "lifeExp"],
			}),
		);
		const refused = await fake
			.client()
			.charts.create({ kind: "line", rows: tidy })
			.catch((e: unknown) => e);
		assert.ok(refused instanceof InvalidData);
		assert.deepEqual(refused.proposedColumns, proposal);
		assert.deepEqual(refused.validColumns, ["country", "year", "lifeExp"]);
	});

	it("has every chart kind in its role table", () => {
		assert.equal(Object.keys(kindRoles).length, 17);
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

describe("linked data, refresh and colour checks", () => {
	const dataSource = {
		url: "https://data.example.org/seats.csv",
		refreshMinutes: 15,
		lastFetchedAt: "2026-11-28T21:00:00.000Z",
		lastChangedAt: "2026-11-28T21:00:00.000Z",
		lastStatus: "ok",
		lastError: null,
		nextRefreshAt: "2026-11-28T21:15:00.000Z",
	};

	it("links with a JSON { url, refreshMinutes } PUT of the data, conditional on the version", async () => {
		const fake = new FakeFetch().queue(Response.json({ ...created, version: 4, dataSource }));
		const chart = await fake.client().charts.linkData("ch_1", dataSource.url, { refreshMinutes: 15, ifMatch: 3 });
		const request = fake.requests[0];
		assert.deepEqual([request?.method, request?.url], ["PUT", "https://charts.test/v1/charts/ch_1/data"]);
		assert.equal(request?.headers.get("content-type"), "application/json");
		assert.equal(request?.headers.get("if-match"), '"3"');
		assert.equal(request?.headers.get("idempotency-key"), null);
		assert.deepEqual(fake.json(), { url: dataSource.url, refreshMinutes: 15 });
		assert.ok("dataSource" in chart);
		assert.equal(chart.dataSource?.lastStatus, "ok");
	});

	it("leaves refreshMinutes to the service when none is given, and names the URL it could not read", async () => {
		const fake = new FakeFetch().queue(
			Response.json(created),
			errorAnswer(422, "invalid_data", "url: HTTP 404: the file was not found. The chart was not linked.", { path: "url" }),
		);
		const charts = fake.client().charts;
		await charts.linkData("ch_1", dataSource.url);
		assert.deepEqual(fake.json(0), { url: dataSource.url });
		assert.equal(fake.requests[0]?.headers.get("if-match"), null);
		const refused = await charts.linkData("ch_1", "https://data.example.org/missing.csv").catch((e: unknown) => e);
		assert.ok(refused instanceof InvalidData);
		assert.equal(refused.path, "url");
	});

	it("refreshes with a bodiless POST to …/data/refresh and answers the chart with its dataSource", async () => {
		const failed = { ...dataSource, lastStatus: "failed", lastError: "HTTP 503: the site had an error." };
		const fake = new FakeFetch().queue(Response.json({ ...created, dataSource: failed }));
		const chart = await fake.client().charts.refresh("ch_1");
		const request = fake.requests[0];
		assert.deepEqual([request?.method, request?.url], ["POST", "https://charts.test/v1/charts/ch_1/data/refresh"]);
		assert.equal(fake.bodies[0], "");
		assert.equal(request?.headers.get("content-type"), null);
		assert.ok("dataSource" in chart);
		assert.deepEqual([chart.dataSource?.lastStatus, chart.dataSource?.lastError], ["failed", "HTTP 503: the site had an error."]);
	});

	it("reads the colour checks as a list, with their suggestions", async () => {
		const check = {
			id: "contrast:light:series:Greens",
			level: "warning",
			modes: ["light"],
			message: "Greens (#e8f5e9) has a contrast of 1.1:1 on the light background; lines and marks need 3:1.",
			colors: ["#e8f5e9", "#ffffff"],
			suggestion: { series: "Greens", color: "#2e7d32" },
		};
		const fake = new FakeFetch().queue(Response.json({ checks: [check] }));
		const checks = await fake.client().charts.checks("ch_1");
		assert.deepEqual([fake.requests[0]?.method, fake.requests[0]?.url], ["GET", "https://charts.test/v1/charts/ch_1/checks"]);
		assert.deepEqual(checks, [check]);
		assert.equal(checks[0]?.suggestion?.color, "#2e7d32");
	});

	it("refuses an id not of a chart id's shape in linkData, refresh and checks before sending", async () => {
		const fake = new FakeFetch();
		const charts = fake.client().charts;
		for (const call of [() => charts.linkData("..", dataSource.url), () => charts.refresh("."), () => charts.checks("fd_1")]) {
			await assert.rejects(call(), InvalidId);
		}
		assert.equal(fake.requests.length, 0);
	});
});

describe("If-Match on every conditional write", () => {
	it("sends the version as the service's ETag on update, setData, linkData, publish, unpublish, restore and delete", async () => {
		const fake = new FakeFetch();
		for (let i = 0; i < 7; i++) fake.queue(Response.json(i === 3 ? { embedUrl: "https://e/ch_1/" } : created));
		const charts = fake.client().charts;
		await charts.update("ch_1", { meta: { title: "T" } }, { ifMatch: 7 });
		await charts.setData("ch_1", "a,b\nx,1\n", { ifMatch: 7 });
		await charts.linkData("ch_1", "https://data.example.org/a.csv", { ifMatch: 7 });
		await charts.publish("ch_1", { ifMatch: 7 });
		await charts.unpublish("ch_1", { ifMatch: 7 });
		await charts.restore("ch_1", 2, { ifMatch: 7 });
		await charts.delete("ch_1", { ifMatch: 7 });
		assert.deepEqual(
			fake.requests.map((r) => [r.method, new URL(r.url).pathname, r.headers.get("if-match")]),
			[
				["PATCH", "/v1/charts/ch_1", '"7"'],
				["PUT", "/v1/charts/ch_1/data", '"7"'],
				["PUT", "/v1/charts/ch_1/data", '"7"'],
				["POST", "/v1/charts/ch_1/publish", '"7"'],
				["DELETE", "/v1/charts/ch_1/publish", '"7"'],
				["POST", "/v1/charts/ch_1/versions/2/restore", '"7"'],
				["DELETE", "/v1/charts/ch_1", '"7"'],
			],
		);
		// Publish keeps its Idempotency-Key beside If-Match.
		assert.match(fake.requests[3]?.headers.get("idempotency-key") ?? "", /^[0-9a-f-]{36}$/);
	});

	it("sends an ETag as the service wrote it (strong, weak or *), and refuses what is neither before sending", async () => {
		const fake = new FakeFetch();
		for (let i = 0; i < 4; i++) fake.queue(Response.json(created));
		const charts = fake.client().charts;
		for (const tag of ['"12"', 'W/"12"', "*", "12"]) await charts.update("ch_1", { meta: {} }, { ifMatch: tag });
		assert.deepEqual(
			fake.requests.map((r) => r.headers.get("if-match")),
			['"12"', 'W/"12"', "*", '"12"'],
		);
		await assert.rejects(charts.update("ch_1", { meta: {} }, { ifMatch: "v12" }), TypeError);
		await assert.rejects(charts.delete("ch_1", { ifMatch: 0 }), RangeError);
		await assert.rejects(charts.delete("ch_1", { ifMatch: 1.5 }), RangeError);
		assert.equal(fake.requests.length, 4);
	});

	it("throws PreconditionFailed with the service's current version when the chart moved on", async () => {
		const fake = new FakeFetch().queue(
			errorAnswer(412, "precondition_failed", 'If-Match does not match: the chart is now at version 8 (ETag "8").', { currentVersion: 8 }),
		);
		const error = await fake
			.client()
			.charts.setData("ch_1", "a,b\nx,1\n", { ifMatch: 7 })
			.catch((e: unknown) => e);
		assert.ok(error instanceof PreconditionFailed);
		assert.deepEqual([error.status, error.details], [412, { currentVersion: 8 }]);
		assert.equal(fake.requests.length, 1, "a 412 is not retried");
	});
});

describe("update's typed meta, data: null, warnings and export scale", () => {
	it("sends a merge patch of meta with nulls that remove, and data: null to remove the data", async () => {
		const fake = new FakeFetch().queue(Response.json(created));
		await fake.client().charts.update("ch_1", {
			meta: { subtitle: null, axes: { y: { title: "Seats", min: null } }, seriesStyle: { Greens: { color: "#2e7d32" }, Labour: null } },
			data: null,
		});
		assert.deepEqual(fake.json(), {
			meta: { subtitle: null, axes: { y: { title: "Seats", min: null } }, seriesStyle: { Greens: { color: "#2e7d32" }, Labour: null } },
			data: null,
		});
	});

	it("types update's meta as create's, and an export's scale as 1 to 4", () => {
		// Only typechecked (tsc runs over the tests): the calls are never made.
		const typed = (charts: Charts) => [
			charts.update("ch_1", { meta: { mode: "dark", labels: { values: "last" }, myOwnSetting: 1 } }),
			// @ts-expect-error: "sepia" is not a mode
			charts.update("ch_1", { meta: { mode: "sepia" } }),
			// @ts-expect-error: a subtitle is text
			charts.update("ch_1", { meta: { subtitle: 42 } }),
			// @ts-expect-error: highlight is a list of names, replaced whole
			charts.update("ch_1", { meta: { highlight: "Greens" } }),
			charts.export("ch_1", "png", { scale: 4 }),
			// @ts-expect-error: 5 is past the largest scale
			charts.export("ch_1", "png", { scale: 5 }),
			// @ts-expect-error: a scale is a whole number
			charts.export("ch_1", "png", { scale: 1.5 }),
		];
		assert.equal(typeof typed, "function");
	});

	it("answers the warnings of a write that stored an unknown setting", async () => {
		const warnings = ['unknown setting "titel" — did you mean "title"?'];
		const fake = new FakeFetch().queue(Response.json({ ...created, warnings }, { status: 201 }), Response.json({ ...created, warnings }));
		const charts = fake.client().charts;
		const made = await charts.create({ kind: "horizontal-bar", data: "party,seats\nA,1\n", meta: { titel: "Seats" } });
		assert.deepEqual(made.warnings, warnings);
		const updated = await charts.update("ch_1", { meta: { titel: "Seats" } });
		assert.deepEqual(updated.warnings, warnings);
		assert.deepEqual(fake.json(1), { meta: { titel: "Seats" } });
	});
});

describe("an error class for every API error code", () => {
	for (const [status, code, cls] of [
		[405, "method_not_allowed", MethodNotAllowed],
		[415, "unsupported_media_type", UnsupportedMediaType],
		[422, "idempotency_key_reused", ValidationError],
		[409, "idempotency_in_progress", Conflict],
		[403, "csrf_failed", Forbidden],
	] as const) {
		it(`${status} ${code} is a ${cls.name}`, async () => {
			const error = await errorFrom(errorAnswer(status, code, "What the API said."));
			assert.equal(error.constructor, cls);
			assert.deepEqual([error.status, error.code], [status, code]);
		});
	}

	it("takes a code named like an Object property for an unknown code, classed by its status", async () => {
		for (const code of ["constructor", "toString", "__proto__"]) {
			const error = await errorFrom(errorAnswer(409, code, "Odd."));
			assert.equal(error.constructor, Conflict, code);
			assert.equal(errorClassOf(code), undefined, code);
		}
	});
});

describe("reading your own writes: X-D1-Bookmark", () => {
	// D1's shape: four dash-separated hex fields; they sort as strings in the order they were made.
	const older = `00000001-00000004-00000003-${"c".repeat(32)}`;
	const first = `00000001-00000005-00000003-${"a".repeat(32)}`;
	const newer = `00000001-00000009-00000003-${"b".repeat(32)}`;
	const chart = { ...created, series: ["seats"], meta: { title: "Seats" } };
	const answered = (body: unknown, bookmark?: string, status = 200) =>
		Response.json(body, { status, headers: bookmark ? { "X-D1-Bookmark": bookmark } : {} });
	const sent = (fake: FakeFetch) => fake.requests.map((r) => [r.method, r.headers.get("x-d1-bookmark")]);

	it("sends none before one is answered, then the latest on reads and never on writes", async () => {
		const fake = new FakeFetch().queue(
			answered({ charts: [] }),
			answered(created, first, 201),
			answered(chart, first),
			answered(chart, newer),
			answered({ charts: [] }, newer),
		);
		const client = fake.client();
		assert.equal(client.bookmark, null);
		await client.charts.list();
		await client.charts.create({ kind: "horizontal-bar", data: "party,seats\nA,1\n" });
		await client.charts.get("ch_1");
		await client.charts.update("ch_1", { meta: { title: "Seats won" } }, { ifMatch: 1 });
		await client.charts.list();
		assert.deepEqual(sent(fake), [
			["GET", null],
			["POST", null],
			["GET", first],
			["PATCH", null],
			["GET", newer],
		]);
		assert.equal(client.bookmark, newer);
	});

	it("keeps the newer one when a lagging answer carries an older one, from a bookmark given at construction", async () => {
		const fake = new FakeFetch().queue(answered(chart, older), answered(chart), answered(chart, older));
		const client = fake.client(undefined, { bookmark: first });
		for (let i = 0; i < 3; i++) await client.charts.get("ch_1");
		assert.deepEqual(sent(fake), [
			["GET", first],
			["GET", first],
			["GET", first],
		]);
		assert.equal(client.bookmark, first);
	});

	it("keeps an error answer's bookmark, and a retried read sends the one its first attempt was answered", async () => {
		const fake = new FakeFetch().queue(
			errorAnswer(503, "service_unavailable", "Try again.", undefined, { "Retry-After": "1", "X-D1-Bookmark": newer }),
			answered(chart, newer),
			new Response(null, { status: 204 }),
		);
		const client = fake.client(undefined, { bookmark: first });
		await client.charts.get("ch_1");
		await client.folders.delete("fd_1");
		assert.deepEqual(sent(fake), [
			["GET", first],
			["GET", newer],
			["DELETE", null],
		]);
	});

	it("takes a bookmark to start from as text, trimmed, and null as none", () => {
		const fake = new FakeFetch();
		assert.equal(fake.client(undefined, { bookmark: ` ${first}\n` }).bookmark, first);
		assert.equal(fake.client(undefined, { bookmark: null }).bookmark, null);
		assert.throws(() => fake.client(undefined, { bookmark: 5 as unknown as string }), /X-D1-Bookmark/);
	});

	it("readYourWrites: false sends none but still keeps it", async () => {
		const fake = new FakeFetch().queue(answered(created, first, 201), answered(chart, newer));
		const client = fake.client(undefined, { readYourWrites: false });
		await client.charts.create({ kind: "horizontal-bar", data: "party,seats\nA,1\n" });
		await client.charts.get("ch_1");
		assert.deepEqual(sent(fake), [
			["POST", null],
			["GET", null],
		]);
		assert.equal(client.bookmark, newer);
	});

	it("is per client: another client's writes do not move it", async () => {
		const writes = new FakeFetch().queue(answered(created, newer, 201));
		const reads = new FakeFetch().queue(answered(chart));
		const writer = writes.client();
		const reader = reads.client();
		await writer.charts.create({ kind: "horizontal-bar", data: "party,seats\nA,1\n" });
		await reader.charts.get("ch_1");
		assert.deepEqual([writer.bookmark, reader.bookmark], [newer, null]);
		assert.deepEqual(sent(reads), [["GET", null]]);
	});
});
