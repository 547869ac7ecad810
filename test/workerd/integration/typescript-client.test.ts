/**
 * The TypeScript client (clients/typescript) inside the Workers runtime: the same five steps as
 * its Node suite, with the Worker's own fetch as its transport, and the calls beyond them (a link
 * to a URL served by the fake web of test/harness/workerd/fake-upstream.ts, refresh, colour checks,
 * If-Match, restore). It uses nothing but fetch, so a Worker (or Deno, or a browser) runs it
 * unchanged.
 */
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import {
	type ApiError,
	type Chart,
	ChartsClient,
	Conflict,
	errorClassOf,
	errorFrom,
	Forbidden,
	InvalidData,
	InvalidId,
	MethodNotAllowed,
	NotFound,
	PayloadTooLarge,
	PreconditionFailed,
	RateLimited,
	ServerError,
	ServiceUnavailable,
	Unauthorized,
	UnsupportedMediaType,
	ValidationError,
} from "../../../clients/typescript/src/index.js";
import { errorStatus } from "../../../src/api-error";
import { makeAccount } from "../../harness/workerd/factories";
import { fakeWeb } from "../../harness/workerd/fake-upstream";

function workerClient(apiKey: string): ChartsClient {
	return new ChartsClient({
		baseUrl: "http://localhost:8787",
		apiKey,
		fetch: (input, init) => exports.default.fetch(new Request(input, init)),
	});
}

describe("the TypeScript client in a Worker", () => {
	it("creates from rows, publishes, exports, lists and throws a typed NotFound", async () => {
		const { key } = await makeAccount();
		const client = workerClient(key);
		const chart = await client.charts.create({
			kind: "horizontal-bar",
			data: [
				{ party: "Labour", seats: 412 },
				{ party: "Lib Dem", seats: 72 },
			],
			meta: { title: "In a Worker" },
		});
		expect(chart).toMatchObject({ kind: "horizontal-bar", hasData: true, published: null });
		const embed = await client.charts.publish(chart.id);
		expect(embed.embedUrl).toContain(chart.id);
		const svg = await client.charts.exportBlob(chart.id, "svg");
		expect(svg.type).toMatch(/^image\/svg\+xml/);
		expect(await svg.text()).toContain("In a Worker");
		expect((await client.charts.list()).map((item) => item.id)).toContain(chart.id);
		const missing = await client.charts.get("ch_missing").catch((error: unknown) => error);
		expect(missing).toBeInstanceOf(NotFound);
		expect(missing).toMatchObject({ status: 404, code: "not_found" });
	});

	it("throws InvalidData at the row and column the service names", async () => {
		const { key } = await makeAccount();
		const error = await workerClient(key)
			.charts.create({ kind: "pie", data: "label,value\na,1\nb,lots\n" })
			.catch((thrown: unknown) => thrown);
		expect(error).toBeInstanceOf(InvalidData);
		expect(error).toMatchObject({ status: 422, row: 3, column: "value" });
	});

	it("refuses . and .. as ids before sending: no list in place of a chart or a folder", async () => {
		const { key } = await makeAccount();
		let sent = 0;
		const client = new ChartsClient({
			baseUrl: "http://localhost:8787",
			apiKey: key,
			fetch: (input, init) => {
				sent += 1;
				return exports.default.fetch(new Request(input, init));
			},
		});
		for (const id of [".", "..", "%2E", ""]) {
			for (const attempt of [client.charts.get(id), client.folders.get(id), client.charts.versions(id)]) {
				const error = await attempt.catch((thrown: unknown) => thrown);
				expect(error, JSON.stringify(id)).toBeInstanceOf(InvalidId);
				expect(error).toBeInstanceOf(NotFound);
				expect(error).toMatchObject({ status: 404, code: "not_found", path: "id", checkedLocally: true });
			}
		}
		expect(sent).toBe(0);
	});
});

/** A write's answer as the full chart: these keys read charts, so the answer is never a receipt. */
function full(written: { id: string }): Chart {
	expect(written).toHaveProperty("kind");
	return written as Chart;
}

describe("the TypeScript client's linked data, checks and conditional writes in a Worker", () => {
	it("links a chart to a URL, refreshes it, and ends the link with own data", async () => {
		const web = fakeWeb();
		const url = "https://data.example.org/typescript-client/seats.csv";
		let csv = "party,seats\nGreens,19\nLabour,38\n";
		web.csv(url, () => csv);
		const { key } = await makeAccount();
		const charts = workerClient(key).charts;
		const { id } = await charts.create({ kind: "horizontal-bar", data: "party,seats\nX,1\n", meta: { title: "Seats" } });

		const linked = full(await charts.linkData(id, url, { refreshMinutes: 15 }));
		expect(linked.dataSource).toMatchObject({ url, refreshMinutes: 15, lastStatus: "ok", lastError: null });
		expect(new TextDecoder().decode(await charts.export(id, "csv"))).toBe("party,seats\nGreens,19\nLabour,38\n");
		expect(web.requests.map((request) => request.url)).toEqual([url]);

		csv = "party,seats\nGreens,19\nLabour,38\nLiberals,7\n";
		expect(full(await charts.refresh(id)).dataSource).toMatchObject({ lastStatus: "ok" });
		expect(new TextDecoder().decode(await charts.export(id, "csv"))).toContain("Liberals,7");
		expect(full(await charts.refresh(id)).dataSource).toMatchObject({ lastStatus: "unchanged" });
		expect((await charts.versions(id)).map((version) => version.action)).toEqual(["refresh", "data", "create"]);

		const own = full(await charts.setData(id, "party,seats\nGreens,20\n"));
		expect(own.dataSource).toBeNull();
		expect((await charts.get(id)).dataSource).toBeNull();
		const refused = await charts.refresh(id).catch((error: unknown) => error);
		expect(refused).toBeInstanceOf(InvalidData);
		expect(refused).toMatchObject({ status: 422, code: "invalid_data" });
	});

	it("refuses a URL it cannot read as InvalidData naming the url, and stores nothing", async () => {
		fakeWeb();
		const { key } = await makeAccount();
		const charts = workerClient(key).charts;
		const { id } = await charts.create({ kind: "horizontal-bar", data: "party,seats\nGreens,19\n" });
		const refused = await charts.linkData(id, "https://data.example.org/typescript-client/missing.csv").catch((error: unknown) => error);
		expect(refused).toBeInstanceOf(InvalidData);
		expect(refused).toMatchObject({ status: 422, path: "url" });
		const after = await charts.get(id);
		expect([after.version, after.dataSource]).toEqual([1, null]);
		const local = await charts.linkData(id, "http://127.0.0.1:9/seats.csv").catch((error: unknown) => error);
		expect(local).toBeInstanceOf(ValidationError);
		expect(local).toMatchObject({ status: 422, code: "invalid_body", path: "url" });
	});

	it("reads a pale series' colour check and clears it with the suggested colour", async () => {
		const { key } = await makeAccount();
		const charts = workerClient(key).charts;
		const { id } = await charts.create({
			kind: "line",
			data: "year,North,South\n2020,1,3\n2021,2,2\n2022,3,4\n",
			meta: { theme: "classic", seriesStyle: { North: { color: "#bbbbbb" } } },
		});
		const pale = (await charts.checks(id)).find((check) => check.id === "contrast:light:series:North");
		expect(pale).toMatchObject({ level: "warning", modes: ["light"], colors: ["#bbbbbb", "#ffffff"] });
		expect(pale?.suggestion?.series).toBe("North");
		await charts.update(id, { meta: { seriesStyle: { North: { color: pale?.suggestion?.color ?? "" } } } });
		expect(await charts.checks(id)).toEqual([]);
		const empty = await charts.create({ kind: "line" });
		await expect(charts.checks(empty.id)).rejects.toBeInstanceOf(InvalidData);
	});

	it("writes only at the version named in ifMatch, and restores a version as a new one", async () => {
		const { key } = await makeAccount();
		const charts = workerClient(key).charts;
		const { id } = await charts.create({ kind: "line", data: "year,a\n2020,1\n2021,2\n", meta: { title: "First", subtitle: "Kept" } });
		const second = full(await charts.update(id, { meta: { title: "Second", subtitle: null } }, { ifMatch: 1 }));
		expect([second.version, second.name, second.meta.subtitle]).toEqual([2, "Second", undefined]);

		for (const stale of [
			() => charts.update(id, { meta: { title: "Lost" } }, { ifMatch: 1 }),
			() => charts.setData(id, "year,a\n2020,9\n", { ifMatch: '"1"' }),
			() => charts.restore(id, 1, { ifMatch: 1 }),
			() => charts.publish(id, { ifMatch: 1 }),
			() => charts.delete(id, { ifMatch: 'W/"1"' }),
		]) {
			const error = await stale().catch((thrown: unknown) => thrown);
			expect(error).toBeInstanceOf(PreconditionFailed);
			expect(error).toMatchObject({ status: 412, code: "precondition_failed", details: { currentVersion: 2 } });
		}
		expect((await charts.get(id)).version).toBe(2);

		const restored = full(await charts.restore(id, 1, { ifMatch: 2 }));
		expect([restored.version, restored.name, restored.meta.subtitle]).toEqual([3, "First", "Kept"]);
		expect((await charts.version(id, 1)).chart.name).toBe("First");
		expect((await charts.versions(id))[0]).toMatchObject({ version: 3, action: "restore" });
		await charts.delete(id, { ifMatch: "*" });
		await expect(charts.get(id)).rejects.toBeInstanceOf(NotFound);
	});

	it("removes a chart's data with data: null", async () => {
		const { key } = await makeAccount();
		const charts = workerClient(key).charts;
		const { id } = await charts.create({ kind: "pie", data: "label,value\nYes,52\nNo,48\n" });
		const emptied = full(await charts.update(id, { data: null }));
		expect(emptied.hasData).toBe(false);
		await expect(charts.export(id, "csv")).rejects.toBeInstanceOf(InvalidData);
	});

	it("answers the warnings of a write that stored an unknown setting, and none for known ones", async () => {
		const { key } = await makeAccount();
		const charts = workerClient(key).charts;
		const made = await charts.create({ kind: "line", data: "year,turnout\n2020,61.5\n2024,64\n", meta: { titel: "Turnout" } });
		expect(made.warnings).toEqual([expect.stringMatching(/^unknown setting "titel" — did you mean "title"\?/)]);
		const updated = await charts.update(made.id, { meta: { titel: null, title: "Turnout" } });
		expect(updated.warnings).toBeUndefined();
		expect(full(updated).meta).toEqual({ title: "Turnout" });
	});

	it("has a class of the right status for every error code the service answers", async () => {
		const byStatus: Record<number, typeof ApiError> = {
			401: Unauthorized,
			403: Forbidden,
			404: NotFound,
			405: MethodNotAllowed,
			409: Conflict,
			412: PreconditionFailed,
			413: PayloadTooLarge,
			415: UnsupportedMediaType,
			422: ValidationError,
			429: RateLimited,
			500: ServerError,
			503: ServiceUnavailable,
		};
		for (const [code, status] of Object.entries(errorStatus)) {
			expect(errorClassOf(code), `${code}: no class in clients/typescript/src/errors.ts`).toBeDefined();
			const error = await errorFrom(Response.json({ error: { code, message: "What the API said." } }, { status }));
			const expected = byStatus[status];
			expect(expected, `${code}: status ${status} has no class in this test`).toBeDefined();
			if (expected) expect(error, code).toBeInstanceOf(expected);
			expect([error.status, error.code, error.message]).toEqual([status, code, "What the API said."]);
		}
	});
});
