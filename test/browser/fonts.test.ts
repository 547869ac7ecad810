/**
 * Uploaded fonts in a real browser, against a real `wrangler dev`: a font is
 * uploaded through the console route with a session, a theme names its family, and a chart in
 * that theme is published. The embed page then loads the font same-origin from `/_fonts/` under
 * its CSP (no violation), Chromium reports the face loaded, and the SVG export's embedded subset
 * passes Chromium's font sanitiser. Skipped, saying why, where Chromium is not installed.
 */
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { after, before, describe, it } from "node:test";
import type { Browser } from "playwright-core";
import { builtInThemes } from "../../src/domain/themes.ts";
import { chromiumMissing, launchChromium } from "../harness/browser/chromium.ts";
import { reportStalledRequests } from "../harness/browser/stalled-requests.ts";
import { createAccount, createKey } from "../harness/local/admin-ops.ts";
import type { DevServer } from "../harness/local/dev-server.ts";
import { startDevServer } from "../harness/local/dev-server.ts";

const port = 8935;
const skip = chromiumMissing() ?? false;
const email = "fonts@browser.test";
const password = "a long enough password";

describe("uploaded fonts in a browser", { skip }, () => {
	let server: DevServer;
	let browser: Browser;
	let key: string;
	let cookie: string;
	let csrf: string;

	before(async () => {
		server = await startDevServer(port, undefined, { EMBED_BASE: `http://127.0.0.1:${port}/embed` });
		const { accountId } = await createAccount(server.target, { plan: "business", email, password });
		key = (await createKey(server.target, { accountId, scopes: ["chart:read", "chart:write"], name: "fonts test" })).key;
		const signIn = await fetch(`${server.url}/auth/sign-in`, {
			method: "POST",
			headers: { "Content-Type": "application/json" },
			body: JSON.stringify({ email, password }),
		});
		assert.equal(signIn.status, 200);
		cookie = (signIn.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
		csrf = ((await signIn.json()) as { csrfToken: string }).csrfToken;
		browser = reportStalledRequests(await launchChromium());
	});

	after(async () => {
		await browser?.close();
		await server?.stop();
	});

	async function call(method: string, path: string, body: BodyInit | undefined, headers: Record<string, string>) {
		const res = await fetch(`${server.url}${path}`, { method, headers, body });
		assert.ok(res.ok, `${method} ${path} answered ${res.status}: ${await res.clone().text()}`);
		return res;
	}

	it("draws a published chart in the uploaded font, loaded same-origin under the page's CSP", async () => {
		const font = await readFile("node_modules/dejavu-fonts-ttf/ttf/DejaVuSerif.ttf");
		const uploaded = (await (
			await call("POST", "/console/api/fonts", font, { Cookie: cookie, "X-CSRF-Token": csrf, "Content-Type": "font/ttf" })
		).json()) as { id: string; family: string };
		assert.equal(uploaded.family, "DejaVu Serif");
		const classic = builtInThemes[0]?.definition;
		const theme = (await (
			await call(
				"POST",
				"/console/api/themes",
				JSON.stringify({ ...classic, name: "Serif", fonts: { ...classic?.fonts, family: "DejaVu Serif" } }),
				{
					Cookie: cookie,
					"X-CSRF-Token": csrf,
					"Content-Type": "application/json",
				},
			)
		).json()) as { id: string };
		const json = { Authorization: `Bearer ${key}`, "Content-Type": "application/json" };
		const chart = (await (
			await call(
				"POST",
				"/v1/charts",
				JSON.stringify({ kind: "horizontal-bar", data: "party,seats\nGreens,12\nLabour,41\n", meta: { title: "Seats", theme: theme.id } }),
				json,
			)
		).json()) as { id: string };
		const published = (await (await call("POST", `/v1/charts/${chart.id}/publish`, undefined, json)).json()) as { embedUrl: string };

		const page = await browser.newPage();
		const problems: string[] = [];
		page.on("console", (message) => {
			if (message.type() === "error") problems.push(message.text());
		});
		const fontRequests: string[] = [];
		page.on("requestfinished", (request) => {
			if (request.url().includes("/_fonts/")) fontRequests.push(request.url());
		});
		await page.goto(published.embedUrl);
		const faces = await page.evaluate(async () => {
			await document.fonts.ready;
			const list: FontFace[] = [];
			document.fonts.forEach((face) => {
				list.push(face);
			});
			await Promise.all(list.map((face) => face.load().catch(() => null)));
			return list.map((face) => `${face.family} ${face.weight} ${face.status}`);
		});
		// The uploaded face beside the bundled ones every embed page names (Inter, DejaVu Sans).
		assert.deepEqual(faces.toSorted(), [
			"DejaVu Sans 400 loaded",
			"DejaVu Serif 400 loaded",
			"Inter 400 loaded",
			"Inter 600 loaded",
			"Inter 700 loaded",
		]);
		// Playwright reports a finished request on its own time, which may come after the page's load() resolved.
		const uploadedUrl = `http://127.0.0.1:${port}/embed/_fonts/${uploaded.id}.ttf`;
		for (let tries = 0; tries < 50 && !fontRequests.includes(uploadedUrl); tries++) await page.waitForTimeout(100);
		assert.ok(fontRequests.includes(uploadedUrl), fontRequests.join(", "));
		for (const url of fontRequests) assert.ok(url.startsWith(`http://127.0.0.1:${port}/embed/_fonts/`), `${url} is not on the embed host`);
		assert.deepEqual(problems, []);
		await page.close();
	});

	it("embeds a subset in the SVG export that Chromium accepts", async () => {
		const charts = (await (await call("GET", "/v1/charts", undefined, { Authorization: `Bearer ${key}` })).json()) as {
			charts: { id: string }[];
		};
		const id = charts.charts[0]?.id;
		const svg = await (await call("GET", `/v1/charts/${id}/export/svg`, undefined, { Authorization: `Bearer ${key}` })).text();
		assert.match(svg, /@font-face\{font-family:"DejaVu Serif";src:url\(data:font\/ttf;base64,/);
		const page = await browser.newPage();
		await page.setContent(`<!doctype html><body>${svg}</body>`);
		const faces = await page.evaluate(async () => {
			const list: FontFace[] = [];
			document.fonts.forEach((face) => {
				list.push(face);
			});
			await Promise.all(list.map((face) => face.load().catch(() => null)));
			return list.map((face) => `${face.family} ${face.status}`);
		});
		assert.deepEqual(faces, ["DejaVu Serif loaded"]);
		await page.close();
	});
});
