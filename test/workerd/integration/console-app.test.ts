/**
 * The console's static app on the API host (docs/design.md#section-8, D36) and its preview route (D35): every
 * path that is not the API's answers the app's page with the console's security headers; the
 * API, sign-in and console routes never fall through to it; the preview route answers a chart's
 * dataset, series and theme to its own workspace's sessions only.
 */
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { base, call, callJson } from "../../harness/workerd/api";
import { makeAccount, makeWorkspace } from "../../harness/workerd/factories";
import { callWithSession, signIn } from "../../harness/workerd/session";

const password = "a long enough password";

function get(path: string, headers: Record<string, string> = {}): Promise<Response> {
	return exports.default.fetch(new Request(`${base}${path}`, { headers: { "Sec-Fetch-Mode": "navigate", ...headers } }));
}

describe("the console app", () => {
	for (const path of ["/", "/sign-in", "/charts/ch_anything", "/account", "/no/such/screen"]) {
		it(`GET ${path} answers the app's page with the console's security headers`, async () => {
			const res = await get(path);
			expect(res.status).toBe(200);
			expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
			expect(res.headers.get("Content-Security-Policy")).toContain("default-src 'self'");
			expect(res.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
			expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
			expect(res.headers.get("Cache-Control")).toBe("no-cache");
			expect(res.headers.get("X-Request-Id")).toBeTruthy();
			const html = await res.text();
			expect(html).toContain('<div id="app"></div>');
			expect(html).toMatch(/<script type="module" src="\/assets\/main-[A-Z0-9]+\.js"><\/script>/);
		});
	}

	it("says the page was loaded signed out, so the app need not ask for a 401", async () => {
		expect(await (await get("/")).text()).toContain('data-session="none"');
		const withCookie = await (await get("/", { Cookie: "charts_session=whatever" })).text();
		expect(withCookie).not.toContain("data-session");
	});

	it("gives the signed-out and the signed-in page different validators, so one is never reused for the other", async () => {
		const signedOut = await get("/");
		const signedOutTag = signedOut.headers.get("ETag") ?? "";
		expect(signedOutTag).toMatch(/^"[^"]+"$/);
		expect(signedOut.headers.get("Vary")).toBe("Cookie");
		expect(await signedOut.text()).toContain('data-session="none"');
		// A browser that kept the signed-out page revalidates it after signing in: it must get the page again.
		const signedIn = await get("/", { Cookie: "charts_session=whatever", "If-None-Match": signedOutTag });
		expect(signedIn.status).toBe(200);
		expect(signedIn.headers.get("Vary")).toBe("Cookie");
		const signedInTag = signedIn.headers.get("ETag") ?? "";
		expect(signedInTag).toMatch(/^"[^"]+"$/);
		expect(signedInTag).not.toBe(signedOutTag);
		expect(await signedIn.text()).not.toContain("data-session");
		// And the other way round, after signing out.
		const signedOutAgain = await get("/charts/ch_anything", { "If-None-Match": signedInTag });
		expect(signedOutAgain.status).toBe(200);
		expect(await signedOutAgain.text()).toContain('data-session="none"');
		// Each variant still revalidates to 304 while nothing changed.
		for (const [headers, tag] of [
			[{}, signedOutTag],
			[{ Cookie: "charts_session=whatever" }, signedInTag],
		] as const) {
			const again = await get("/account", { ...headers, "If-None-Match": `W/${tag}, "other"` });
			expect(again.status).toBe(304);
			expect(again.headers.get("ETag")).toBe(tag);
			expect(again.headers.get("Vary")).toBe("Cookie");
			expect(again.headers.get("Cache-Control")).toBe("no-cache");
		}
	});

	it("links an SVG icon from the page, and answers /favicon.ico with an icon, never the page", async () => {
		const html = await (await get("/")).text();
		expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
		const svg = await get("/favicon.svg", { "Sec-Fetch-Mode": "no-cors" });
		expect(svg.status).toBe(200);
		expect(svg.headers.get("Content-Type")).toMatch(/^image\/svg\+xml/);
		expect(await svg.text()).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
		const ico = await get("/favicon.ico", { "Sec-Fetch-Mode": "no-cors" });
		expect(ico.status).toBe(200);
		expect(ico.headers.get("Content-Type")).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
		// An ICO directory (reserved 0, type 1, one image) holding a PNG.
		const bytes = new Uint8Array(await ico.arrayBuffer());
		expect([...bytes.subarray(0, 6)]).toEqual([0, 0, 1, 0, 1, 0]);
		expect([...bytes.subarray(22, 26)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
		for (const path of ["/robots.txt", "/no/such/file.png"]) {
			const missing = await get(path);
			expect(missing.status, path).toBe(404);
			expect(missing.headers.get("Content-Type"), path).toMatch(/^text\/plain/);
		}
		const api = await get("/v1/favicon.ico");
		expect(api.status).toBe(404);
		expect(api.headers.get("Content-Type")).toMatch(/^application\/json/);
	});

	it("serves the hashed script for good and a missing one as 404, never as the page", async () => {
		const html = await (await get("/")).text();
		const script = /src="(\/assets\/main-[A-Z0-9]+\.js)"/.exec(html)?.[1] ?? "";
		const res = await get(script, { "Sec-Fetch-Mode": "no-cors" });
		expect(res.status).toBe(200);
		expect(res.headers.get("Content-Type")).toMatch(/javascript/);
		expect(res.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
		const missing = await get("/assets/main-NOPE.js");
		expect(missing.status).toBe(404);
		expect(missing.headers.get("Content-Type")).toMatch(/^text\/plain/);
	});

	it("refuses writes to the app's paths with 405", async () => {
		const res = await exports.default.fetch(new Request(`${base}/charts/x`, { method: "POST" }));
		expect(res.status).toBe(405);
		expect(res.headers.get("Allow")).toBe("GET, HEAD");
	});

	for (const path of ["/v1", "/v1/nothing", "/auth/nothing", "/console/api/nothing"]) {
		it(`GET ${path} stays the API's JSON 404`, async () => {
			const res = await get(path);
			expect(res.status).toBe(404);
			expect(((await res.json()) as { error: { code: string } }).error.code).toBe("not_found");
		});
	}
});

describe("GET /console/api/charts/{id}/preview", () => {
	it("answers the chart's dataset, series names and theme definition", async () => {
		const account = await makeAccount({ password });
		const created = await callJson(account.key, "POST", "/v1/charts", {
			body: { kind: "line", data: "year,Oslo,Bergen\n2020,1,2\n2021,3,4\n", meta: { title: "Rain" } },
		});
		const session = await signIn(account.email, password);
		const res = await callWithSession(session, "GET", `/console/api/charts/${created.body.id}/preview`);
		expect(res.status).toBe(200);
		expect(res.headers.get("Cache-Control")).toBe("no-store");
		expect(res.body).toMatchObject({
			version: 1,
			kind: "line",
			meta: { title: "Rain" },
			seriesNames: ["Oslo", "Bergen"],
			fromStatistics: false,
			dataset: {
				columns: [
					{ name: "year", values: [2020, 2021] },
					{ name: "Oslo", type: "number", values: [1, 3] },
					{ name: "Bergen", type: "number", values: [2, 4] },
				],
			},
		});
		expect(res.body.theme).toMatchObject({ colors: { light: expect.any(Object), dark: expect.any(Object) } });
		// A table in its layout is drawn as it is: sent once.
		expect(res.body).toMatchObject({ columnRoles: { x: "year", y: ["Oslo", "Bergen"] }, drawn: null });
	});

	it("answers what a long table's roles draw beside the table as stored", async () => {
		const account = await makeAccount({ password });
		const created = await callJson(account.key, "POST", "/v1/charts", {
			body: { kind: "line", data: "city,year,rain\nOslo,2020,1\nOslo,2021,3\nBergen,2020,2\nBergen,2021,4\n" },
		});
		const session = await signIn(account.email, password);
		const res = await callWithSession(session, "GET", `/console/api/charts/${created.body.id}/preview`);
		expect(res.body).toMatchObject({
			seriesNames: ["Oslo", "Bergen"],
			columnRoles: { x: "year", y: "rain", series: "city" },
			dataset: { columns: [{ name: "city" }, { name: "year" }, { name: "rain" }] },
			drawn: {
				columns: [
					{ name: "year", values: [2020, 2021] },
					{ name: "Oslo", values: [1, 3] },
					{ name: "Bergen", values: [2, 4] },
				],
			},
		});
	});

	it("answers a past version's data, and 404 for a version that does not exist", async () => {
		const account = await makeAccount({ password });
		const created = await callJson(account.key, "POST", "/v1/charts", { body: { kind: "line", data: "year,A\n2020,1\n" } });
		const id = String(created.body.id);
		const put = await call(account.key, "PUT", `/v1/charts/${id}/data`, {
			rawBody: "year,B\n2020,9\n",
			headers: { "Content-Type": "text/csv" },
		});
		expect(put.status).toBe(200);
		const session = await signIn(account.email, password);
		const first = await callWithSession(session, "GET", `/console/api/charts/${id}/preview?version=1`);
		expect(first.status).toBe(200);
		expect(first.body).toMatchObject({ version: 1, seriesNames: ["A"] });
		const current = await callWithSession(session, "GET", `/console/api/charts/${id}/preview`);
		expect(current.body).toMatchObject({ version: 2, seriesNames: ["B"] });
		const missing = await callWithSession(session, "GET", `/console/api/charts/${id}/preview?version=99`);
		expect(missing.status).toBe(404);
		expect(missing.body.error?.code).toBe("not_found");
		const bad = await callWithSession(session, "GET", `/console/api/charts/${id}/preview?version=zero`);
		expect(bad.status).toBe(422);
	});

	it("resolves another theme on request, and answers null data for a chart without any", async () => {
		const account = await makeAccount({ password });
		const created = await callJson(account.key, "POST", "/v1/charts", { body: { kind: "pie" } });
		const session = await signIn(account.email, password);
		const plain = await callWithSession(session, "GET", `/console/api/charts/${created.body.id}/preview`);
		const themed = await callWithSession(session, "GET", `/console/api/charts/${created.body.id}/preview?theme=contrast`);
		expect(plain.body.dataset).toBeNull();
		expect(themed.status).toBe(200);
		expect(themed.body.theme).not.toEqual(plain.body.theme);
	});

	it("is 404 for another workspace's chart", async () => {
		const owner = await makeAccount({ password });
		const created = await callJson(owner.key, "POST", "/v1/charts", { body: { kind: "line", data: "year,A\n2020,1\n" } });
		const stranger = await makeAccount({ password, workspaceId: await makeWorkspace() });
		const session = await signIn(stranger.email, password);
		const res = await callWithSession(session, "GET", `/console/api/charts/${created.body.id}/preview`);
		expect(res.status).toBe(404);
	});
});
