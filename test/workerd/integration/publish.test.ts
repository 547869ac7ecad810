import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { layoutExamples } from "../../../src/domain/layout-examples";
import type { ErrorBody } from "../../harness/workerd/api";
import { call, callJson } from "../../harness/workerd/api";
import { makeAccount } from "../../harness/workerd/factories";

interface Published {
	embedUrl: string;
	iframe: string;
	script: string;
	responsiveIframe: string;
}

function embed(url: string, headers: Record<string, string> = {}): Promise<Response> {
	return exports.default.fetch(new Request(url, { headers, redirect: "manual" }));
}

async function publishedChart(key: string, meta: Record<string, unknown> = { title: "Seats" }) {
	const created = await callJson<{ id: string }>(key, "POST", "/v1/charts", {
		body: { kind: "horizontal-bar", data: layoutExamples["horizontal-bar"].csv, meta },
	});
	const published = await callJson<Published>(key, "POST", `/v1/charts/${created.body.id}/publish`);
	expect(published.status).toBe(200);
	return { id: created.body.id, ...published.body };
}

describe("publishing", () => {
	it("publishes a live embed at a stable URL with a responsive iframe", async () => {
		const { key } = await makeAccount();
		const { id, embedUrl, iframe } = await publishedChart(key, { title: "Seats", w: 800, h: 400 });
		expect(embedUrl).toBe(`http://localhost:8787/embed/${id}/`);
		expect(iframe).toContain(`src="${embedUrl}"`);
		expect(iframe).toContain('title="Seats"');
		expect(iframe).toContain('loading="lazy"');
		expect(iframe).toContain("padding-top:50.00%");
		expect(iframe).toContain("width:100%");
		expect(iframe).toContain("border:0");
		const { script, responsiveIframe } = await publishedChart(key, { title: "Seats", w: 800, h: 400 });
		expect(script).toMatch(/^<script async src="http:\/\/localhost:8787\/embed\/_client\/embed\.[0-9a-f]{16}\.js"><\/script>$/);
		expect(responsiveIframe).toMatch(
			/^<div style="position:relative;width:100%;padding-top:50\.00%"><iframe src="http:\/\/localhost:8787\/embed\/[^"]+\/"/,
		);
		expect(responsiveIframe.endsWith(script)).toBe(true);
		const chart = await callJson<{ published: { embedUrl: string }; version: number }>(key, "GET", `/v1/charts/${id}`);
		expect(chart.body.published).toEqual({ embedUrl });
		const list = await callJson<{ charts: { id: string; published: unknown }[] }>(key, "GET", "/v1/charts");
		expect(list.body.charts.find((c) => c.id === id)?.published).toEqual({ embedUrl });
		const versions = await callJson<{ versions: { action: string }[] }>(key, "GET", `/v1/charts/${id}/versions`);
		expect(versions.body.versions[0]?.action).toBe("publish");
	});

	it("serves the page with the chart inline, caching headers, a strict CSP and a preview", async () => {
		const { key } = await makeAccount();
		const { embedUrl } = await publishedChart(key, { title: "Seats", subtitle: "2026" });
		const page = await embed(embedUrl);
		expect(page.status).toBe(200);
		expect(page.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
		expect(page.headers.get("Cache-Control")).toBe("no-cache");
		expect(page.headers.get("Content-Security-Policy")).toContain("default-src 'none'");
		expect(page.headers.get("X-Content-Type-Options")).toBe("nosniff");
		const html = await page.text();
		expect(html).toContain("<title>Seats</title>");
		expect(html).toContain(`<meta property="og:image" content="${embedUrl}preview.png">`);
		expect(html).toMatch(/<meta name="description" content="Bar chart of 2 series/);
		expect(html).toMatch(/<svg[^>]*viewBox="0 0 800 500"/);
		const preview = await embed(`${embedUrl}preview.png`);
		expect(preview.headers.get("Content-Type")).toBe("image/png");
		const png = new DataView(await preview.arrayBuffer());
		expect([png.getUint8(1), png.getUint8(2), png.getUint8(3)]).toEqual([80, 78, 71]);
		// The preview is the chart at its own pixel size (IHDR width and height).
		expect([png.getUint32(16), png.getUint32(20)]).toEqual([800, 500]);
		const svg = await embed(`${embedUrl}chart.svg`);
		expect(svg.headers.get("Content-Type")).toBe("image/svg+xml; charset=utf-8");
		// The page's client and its data come from the embed host itself.
		// A bar chart is made interactive at the reader's first pointer, touch or focus, by the overlay
		// client over the server's drawing: until then the drawing is focusable and named, so the keyboard reaches it.
		expect(html).toMatch(
			new RegExp(
				`<main data-chart="${embedUrl}data\\.json" data-tips="${embedUrl}tips\\.json\\?h=[0-9a-f]{16}" data-interactive="on-interaction" tabindex="0" aria-label="Seats">`,
			),
		);
		expect(html).toMatch(
			/<script src="http:\/\/localhost:8787\/embed\/_client\/overlay\.[0-9a-f]{16}\.js" defer fetchpriority="low"><\/script>/,
		);
		const tips = await embed(`${embedUrl}tips.json`);
		expect(tips.headers.get("Content-Type")).toBe("application/json");
		expect(await tips.json()).toMatchObject({
			trigger: "axis",
			along: "y",
			series: [{ name: "seats 2022" }, { name: "seats 2026" }],
			legend: [0, 1],
		});
		expect(page.headers.get("Content-Security-Policy")).toContain("script-src 'self'");
		const data = await embed(`${embedUrl}data.json`);
		expect(data.headers.get("Content-Type")).toBe("application/json");
		expect(await data.json()).toMatchObject({ kind: "horizontal-bar", seriesNames: ["seats 2022", "seats 2026"], width: 800, height: 500 });
		const bare = await embed(embedUrl.replace(/\/$/, ""));
		expect(bare.status).toBe(301);
		expect(bare.headers.get("Location")).toBe(embedUrl);
	});

	it("serves the page's client scripts under content-hashed URLs cached for good, maps with their own", async () => {
		const { key } = await makeAccount();
		const map = await callJson<{ id: string }>(key, "POST", "/v1/charts", { body: { kind: "map", data: layoutExamples.map.csv } });
		const published = await callJson<Published>(key, "POST", `/v1/charts/${map.body.id}/publish`);
		const mapPage = await (await embed(published.body.embedUrl)).text();
		const bar = await publishedChart(key);
		const barPage = await (await embed(bar.embedUrl)).text();
		// Small multiples keep the ECharts client of their family; a bar chart takes the overlay.
		const multiples = await callJson<{ id: string }>(key, "POST", "/v1/charts", {
			body: { kind: "multiples", data: layoutExamples.multiples.csv },
		});
		const multiplesPage = await (
			await embed((await callJson<Published>(key, "POST", `/v1/charts/${multiples.body.id}/publish`)).body.embedUrl)
		).text();
		const sizes: Record<string, number> = {};
		for (const [name, page] of [
			["cartesian", multiplesPage],
			["overlay", barPage],
			["map", mapPage],
		] as const) {
			const src = new RegExp(
				`<script src="(http://localhost:8787/embed/_client/${name}\\.([0-9a-f]{16})\\.js)" defer fetchpriority="low"></script>`,
			).exec(page);
			expect(src, `${name} page names its hashed client`).not.toBeNull();
			const [, url, hash] = src as unknown as [string, string, string];
			const client = await embed(url);
			expect(client.status).toBe(200);
			expect(client.headers.get("Content-Type")).toBe("text/javascript; charset=utf-8");
			expect(client.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
			expect(client.headers.get("ETag")).toBe(`"${name}-${hash}"`);
			const body = await client.text();
			sizes[name] = body.length;
			// The hash is the content's: a new build gets a new URL.
			const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(body)));
			expect([...digest.slice(0, 8)].map((b) => b.toString(16).padStart(2, "0")).join("")).toBe(hash);
			// Pages published before hashing name the bare path; pages from an earlier build an older
			// hash: both still get the current client, cached briefly and revalidated.
			for (const old of [
				`http://localhost:8787/embed/_client/${name}.js`,
				`http://localhost:8787/embed/_client/${name}.0123456789abcdef.js`,
			]) {
				const stale = await embed(old);
				expect(stale.status).toBe(200);
				expect(stale.headers.get("Cache-Control")).toBe("public, max-age=300");
				expect(await stale.text()).toBe(body);
				expect((await embed(old, { "If-None-Match": `"${name}-${hash}"` })).status).toBe(304);
			}
		}
		// The host page's loader: tiny, cached for good under the hashed URL publish names, and
		// at its stable address /embed.js (docs/design.md#d39) with a short cache.
		const loaderUrl = /src="([^"]+)"/.exec(bar.script)?.[1] ?? "";
		const loader = await embed(loaderUrl);
		expect(loader.status).toBe(200);
		expect(loader.headers.get("Content-Type")).toBe("text/javascript; charset=utf-8");
		expect(loader.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
		const loaderBody = await loader.text();
		expect(new TextEncoder().encode(loaderBody).length).toBeLessThanOrEqual(1024);
		expect(loaderBody).toContain("charts:height");
		expect(loaderBody).not.toContain("echarts");
		const stable = await embed("http://localhost:8787/embed/embed.js");
		expect(stable.status).toBe(200);
		expect(stable.headers.get("Cache-Control")).toBe("public, max-age=300");
		expect(await stable.text()).toBe(loaderBody);
		// Base maps ride only in the map client.
		expect(sizes.map).toBeGreaterThan((sizes.cartesian ?? 0) + 100_000);
		// Pages published before the per-family split name /_client/chart.js: it still answers, with
		// the client that draws every kind but maps.
		const legacy = await embed("http://localhost:8787/embed/_client/chart.js");
		expect(legacy.status).toBe(200);
		expect(legacy.headers.get("Cache-Control")).toBe("public, max-age=300");
		expect((await legacy.text()).length).toBeGreaterThan((sizes.cartesian ?? 0) + 100_000);
		expect((await embed("http://localhost:8787/embed/_client/unknown.js")).status).toBe(404);
		expect((await embed("http://localhost:8787/embed/_client/chart.XYZ.js")).status).toBe(404);
	});

	it("serves Inter and DejaVu Sans as same-origin WOFF2 under hashed URLs cached for good, named by the page's @font-face", async () => {
		const { key } = await makeAccount();
		const { embedUrl } = await publishedChart(key);
		const page = await embed(embedUrl);
		expect(page.headers.get("Content-Security-Policy")).toContain("font-src 'self'");
		const html = await page.text();
		const faces = [...html.matchAll(/@font-face\{font-family:"([^"]+)";src:url\(([^)]+)\) format\("woff2"\);font-weight:(\d+)/g)].map(
			([, family, url, weight]) => ({ family, url: url as string, weight }),
		);
		expect(faces.map(({ family, weight }) => `${family} ${weight}`)).toEqual(["Inter 400", "Inter 600", "Inter 700", "DejaVu Sans 400"]);
		// DejaVu Sans only for what Inter lacks and it has (Georgian U+10D0 is in, Latin and Greek are not), so a
		// browser fetches it only for such text.
		const dejavu = /font-family:"DejaVu Sans";[^}]*unicode-range:([^;}]+)/.exec(html)?.[1] ?? "";
		const ranges = dejavu.split(",").map((range) =>
			range
				.replace("U+", "")
				.split("-")
				.map((hex) => Number.parseInt(hex, 16)),
		);
		const covered = (codePoint: number) => ranges.some(([from = -1, to = from]) => codePoint >= from && codePoint <= to);
		expect(covered(0x10d0)).toBe(true);
		// Nor characters neither font has: ECharts measures line heights with "国".
		for (const ch of "AZaz09€Ωωя–国") expect(covered(ch.codePointAt(0) ?? 0), ch).toBe(false);
		for (const { url } of faces) {
			const match = /^http:\/\/localhost:8787\/embed\/_fonts\/([a-z0-9-]+)\.([0-9a-f]{16})\.woff2$/.exec(url);
			expect(match, url).not.toBeNull();
			const [, name, hash] = match as unknown as [string, string, string];
			const font = await embed(url);
			expect(font.status).toBe(200);
			expect(font.headers.get("Content-Type")).toBe("font/woff2");
			expect(font.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
			expect(font.headers.get("ETag")).toBe(`"${name}-${hash}"`);
			const body = new Uint8Array(await font.arrayBuffer());
			// A WOFF2 file, not the TTF: the signature "wOF2".
			expect(String.fromCharCode(...body.slice(0, 4))).toBe("wOF2");
			// The hash is the file's: a new build of the font gets a new URL.
			const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", body));
			expect([...digest.slice(0, 8)].map((b) => b.toString(16).padStart(2, "0")).join("")).toBe(hash);
			// A page from an earlier build (another hash) still gets the font, cached briefly.
			const stale = await embed(url.replace(hash, "0123456789abcdef"));
			expect(stale.status).toBe(200);
			expect(stale.headers.get("Cache-Control")).toBe("public, max-age=300");
			expect((await embed(url, { "If-None-Match": `"${name}-${hash}"` })).status).toBe(304);
		}
		// Inter is about 115 KB as WOFF2 (340 KB as TTF).
		const inter = await embed(faces[0]?.url ?? "");
		expect((await inter.arrayBuffer()).byteLength).toBeLessThan(150_000);
		expect((await embed("http://localhost:8787/embed/_fonts/comic-400.0123456789abcdef.woff2")).status).toBe(404);
	});

	it("answers 304 while unchanged, and republishing updates the same URL in place", async () => {
		const { key } = await makeAccount();
		const { id, embedUrl } = await publishedChart(key, { title: "Before" });
		const first = await embed(embedUrl);
		const etag = first.headers.get("ETag") ?? "";
		expect(etag).toMatch(/^".+-v\d+"$/);
		expect((await embed(embedUrl, { "If-None-Match": etag })).status).toBe(304);

		await callJson(key, "PATCH", `/v1/charts/${id}`, { body: { meta: { title: "After" } } });
		// Editing does not change what readers see until the chart is published again.
		expect(await (await embed(embedUrl)).text()).toContain("<title>Before</title>");
		const again = await callJson<Published>(key, "POST", `/v1/charts/${id}/publish`);
		expect(again.body.embedUrl).toBe(embedUrl);
		const updated = await embed(embedUrl, { "If-None-Match": etag });
		expect(updated.status).toBe(200);
		expect(updated.headers.get("ETag")).not.toBe(etag);
		expect(await updated.text()).toContain("<title>After</title>");
	});

	it("escapes a hostile title in the page", async () => {
		const { key } = await makeAccount();
		const { embedUrl, iframe } = await publishedChart(key, { title: "<img src=x onerror=alert(1)>" });
		const html = await (await embed(embedUrl)).text();
		expect(html).not.toContain("<img");
		expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
		expect(iframe).not.toContain("<img");
	});

	it("unpublishing and deleting take the embed down", async () => {
		const { key } = await makeAccount();
		const a = await publishedChart(key);
		const down = await callJson<{ published: unknown; version: number }>(key, "DELETE", `/v1/charts/${a.id}/publish`);
		expect(down.status).toBe(200);
		expect(down.body.published).toBeNull();
		expect((await embed(a.embedUrl)).status).toBe(404);
		const versions = await callJson<{ versions: { action: string }[] }>(key, "GET", `/v1/charts/${a.id}/versions`);
		expect(versions.body.versions[0]?.action).toBe("unpublish");

		const b = await publishedChart(key);
		expect((await embed(b.embedUrl)).status).toBe(200);
		await callJson(key, "DELETE", `/v1/charts/${b.id}`);
		expect((await embed(b.embedUrl)).status).toBe(404);
		// Its snapshot files go too.
		let left = 1;
		for (let i = 0; i < 20 && left > 0; i++) {
			left = (await env.BLOBS.list({ prefix: `embeds/${b.id}/` })).objects.length;
			if (left > 0) await new Promise((r) => setTimeout(r, 20));
		}
		expect(left).toBe(0);
	});

	it("gives every embed-host answer the security headers and a request id: 301, 304, 404, 405", async () => {
		const { key } = await makeAccount();
		const { embedUrl } = await publishedChart(key);
		const etag = (await embed(embedUrl)).headers.get("ETag") ?? "";
		const answers = {
			301: await embed(embedUrl.replace(/\/$/, "")),
			304: await embed(`${embedUrl}data.json`, { "If-None-Match": (await embed(`${embedUrl}data.json`)).headers.get("ETag") ?? "" }),
			404: await embed("http://localhost:8787/embed/ch_nope/"),
			405: await exports.default.fetch(new Request(embedUrl, { method: "POST", redirect: "manual" })),
		};
		expect((await embed(embedUrl, { "If-None-Match": etag })).status).toBe(304);
		for (const [status, res] of Object.entries(answers)) {
			expect(res.status).toBe(Number(status));
			expect(res.headers.get("Content-Security-Policy"), status).toContain("default-src 'none'");
			expect(res.headers.get("X-Content-Type-Options"), status).toBe("nosniff");
			expect(res.headers.get("Referrer-Policy"), status).toBe("strict-origin-when-cross-origin");
			expect(res.headers.get("X-Request-Id"), status).toBeTruthy();
		}
		expect(answers[301].headers.get("Location")).toBe(embedUrl);
		expect(answers[405].headers.get("Allow")).toBe("GET, HEAD");
	});

	it("data.json holds only what the page draws: no meta field outside the allow-list", async () => {
		const { key } = await makeAccount();
		const { embedUrl } = await publishedChart(key, {
			title: "T",
			subtitle: "S",
			orientation: "vertical",
			editorNotes: "internal",
			editor: { draft: "internal too", history: ["internal"] },
		});
		const text = await (await embed(`${embedUrl}data.json`)).text();
		expect(text).not.toContain("internal");
		expect(text).not.toContain("editorNotes");
		const data = JSON.parse(text) as { meta: Record<string, unknown>; kind: string; dataset: { columns: unknown[] } };
		expect(data.meta).toEqual({ title: "T", subtitle: "S", orientation: "vertical" });
		expect(data).toMatchObject({ kind: "horizontal-bar", mode: "light", width: 800, height: 500 });
		expect(data.dataset.columns.length).toBeGreaterThan(1);
	});

	it("data.json leaves hidden series out where the kind finds series by name", async () => {
		const { key } = await makeAccount();
		const { embedUrl } = await publishedChart(key, { seriesTransform: { "seats 2022": { hidden: true } } });
		const text = await (await embed(`${embedUrl}data.json`)).text();
		expect(text).not.toContain("seats 2022");
		const data = JSON.parse(text) as { seriesNames: string[]; dataset: { columns: { name: string }[] }; meta: Record<string, unknown> };
		expect(data.seriesNames).toEqual(["seats 2026"]);
		expect(data.dataset.columns.map((c) => c.name)).toEqual(["party", "seats 2026"]);
		expect(data.meta).toEqual({ seriesTransform: {} });
	});

	it("answers 404 for unknown charts and other paths on the embed host", async () => {
		for (const path of ["ch_nope/", "ch_nope/chart.svg", "", "x/y/z"]) {
			const res = await embed(`http://localhost:8787/embed/${path}`);
			expect(res.status, path).toBe(404);
			expect(res.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
		}
	});

	it("refuses to publish a chart without data, another workspace's chart, or with a stale If-Match", async () => {
		const { key } = await makeAccount();
		const empty = await callJson<{ id: string }>(key, "POST", "/v1/charts", { body: {} });
		const noData = await callJson<ErrorBody>(key, "POST", `/v1/charts/${empty.body.id}/publish`);
		expect(noData.status).toBe(422);
		expect(noData.body.error.code).toBe("invalid_data");
		const { id } = await publishedChart(key);
		const stranger = await makeAccount();
		expect((await callJson<ErrorBody>(stranger.key, "POST", `/v1/charts/${id}/publish`)).status).toBe(404);
		expect((await callJson<ErrorBody>(stranger.key, "DELETE", `/v1/charts/${id}/publish`)).status).toBe(404);
		const stale = await callJson<ErrorBody>(key, "POST", `/v1/charts/${id}/publish`, { headers: { "If-Match": '"1"' } });
		expect(stale.status).toBe(412);
		const reader = await makeAccount({ scopes: ["chart:read"], workspaceId: (await makeAccount()).workspaceId });
		expect((await call(reader.key, "POST", `/v1/charts/${id}/publish`)).status).toBe(403);
	});
});
