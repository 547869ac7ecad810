/**
 * `meta.mode: "auto"`: accepted by the API, drawn light by exports unless `?mode=`
 * says otherwise, and published as a page holding both modes' drawings that CSS picks from
 * (`<html data-mode>`, which the embed URL's `?mode=` sets).
 */
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { layoutExamples } from "../../../src/domain/layout-examples";
import { findBuiltInTheme } from "../../../src/domain/themes";
import type { ErrorBody } from "../../harness/workerd/api";
import { call, callJson } from "../../harness/workerd/api";
import { makeAccount } from "../../harness/workerd/factories";

function embed(url: string, headers: Record<string, string> = {}): Promise<Response> {
	return exports.default.fetch(new Request(url, { headers, redirect: "manual" }));
}

async function barChart(key: string, meta: Record<string, unknown>): Promise<string> {
	const created = await callJson<{ id: string }>(key, "POST", "/v1/charts", {
		body: { kind: "horizontal-bar", data: layoutExamples["horizontal-bar"].csv, meta: { title: "Seats", theme: "classic", ...meta } },
	});
	expect(created.status).toBe(201);
	return created.body.id;
}

async function exportSvg(key: string, id: string, query = ""): Promise<{ body: string; etag: string | null }> {
	const res = await call(key, "GET", `/v1/charts/${id}/export/svg${query}`);
	expect(res.status).toBe(200);
	return { body: await res.text(), etag: res.headers.get("ETag") };
}

const classic = findBuiltInTheme("classic")?.definition;

describe("meta.mode auto", () => {
	it("is accepted, stored and read back; another mode is refused naming the three", async () => {
		const { key } = await makeAccount();
		const id = await barChart(key, { mode: "auto" });
		const read = await callJson<{ meta: { mode?: string } }>(key, "GET", `/v1/charts/${id}`);
		expect(read.body.meta.mode).toBe("auto");
		const bad = await callJson<ErrorBody>(key, "PATCH", `/v1/charts/${id}`, { body: { meta: { mode: "sepia" } } });
		expect(bad.status).toBe(422);
		expect(bad.body.error.code).toBe("invalid_body");
		expect(bad.body.error.message).toContain('"light", "dark" or "auto"');
		expect((await callJson<{ meta: { mode?: string } }>(key, "GET", `/v1/charts/${id}`)).body.meta.mode).toBe("auto");
	});

	it("exports draw an auto chart light unless ?mode= says otherwise", async () => {
		const { key } = await makeAccount();
		const auto = await barChart(key, { mode: "auto" });
		const plain = await exportSvg(key, auto);
		const light = await exportSvg(key, auto, "?mode=light");
		const dark = await exportSvg(key, auto, "?mode=dark");
		expect(plain.body).toBe(light.body);
		// The export cache keys the drawn mode, so auto and light share a file.
		expect(plain.etag).toBe(light.etag);
		expect(dark.etag).not.toBe(light.etag);
		expect(classic).toBeDefined();
		expect(light.body).toContain(classic?.colors.light.background ?? "?");
		expect(dark.body).toContain(classic?.colors.dark.background ?? "?");
		expect(dark.body).not.toBe(light.body);
		// A file has one mode: `auto` is for the live embed only.
		const refused = await callJson<ErrorBody>(key, "GET", `/v1/charts/${auto}/export/svg?mode=auto`);
		expect(refused.status).toBe(422);
		expect(refused.body.error.code).toBe("invalid_query");
	});

	it("publishes a page holding both modes, shown by <html data-mode>; ?mode= picks another", async () => {
		const { key } = await makeAccount();
		const id = await barChart(key, { mode: "auto" });
		const published = await callJson<{ embedUrl: string }>(key, "POST", `/v1/charts/${id}/publish`);
		expect(published.status).toBe(200);
		const { embedUrl } = published.body;
		const page = await embed(embedUrl);
		const html = await page.text();
		expect(html).toMatch(/^<!doctype html>\n<html lang="en" data-mode="auto">/);
		// One drawing per width class serves both modes: the light colours are its own, the dark ones
		// come from the page's CSS by class, applied when the page is dark or auto under a dark scheme.
		const drawings = [...html.matchAll(/<div class="mode-(both|light|dark)">([\s\S]*?<\/svg><\/div>)<\/div>/g)];
		expect(drawings.map((m) => m[1])).toEqual(["both"]);
		expect(drawings[0]?.[2]?.match(/<div class="w w-\d+"><svg/g)).toHaveLength(5);
		expect(drawings[0]?.[2]).toContain(classic?.colors.light.background ?? "?");
		expect(drawings[0]?.[2]).not.toContain(classic?.colors.dark.background ?? "?");
		const background = new RegExp(
			`<rect width="800" height="500" x="0" y="0" fill="${classic?.colors.light.background}" class="(d\\d+)">`,
		).exec(drawings[0]?.[2] ?? "")?.[1];
		expect(background, "the background has a dark-colour class").toBeDefined();
		expect(html).toContain(`html[data-mode=dark] main .${background}{fill:${classic?.colors.dark.background}}`);
		// CSS alone picks: light by default, dark when asked or when the reader's scheme is dark.
		expect(html).toContain(`html{background:${classic?.colors.light.background};color-scheme:light}`);
		expect(html).toContain(`@media (prefers-color-scheme:dark){html[data-mode=auto]{background:${classic?.colors.dark.background}`);
		expect(html).toContain(`html[data-mode=auto] main .${background}{fill:${classic?.colors.dark.background}}`);
		// ECharts' own hover styles are left out: the page's client highlights.
		expect(html).not.toMatch(/<style\b[^>]*>\s*<!\[CDATA\[/);
		// Two drawings in one document must not share element ids (clip paths, gradients).
		const ids = [...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
		expect(new Set(ids).size).toBe(ids.length);
		// The page's other files are in the export mode: light.
		expect(((await (await embed(`${embedUrl}data.json`)).json()) as { mode: string }).mode).toBe("light");
		expect(await (await embed(`${embedUrl}chart.svg`)).text()).toContain(classic?.colors.light.background ?? "?");

		const dark = await embed(`${embedUrl}?mode=dark`);
		expect(dark.status).toBe(200);
		expect(dark.headers.get("Cache-Control")).toBe("no-cache");
		const darkEtag = dark.headers.get("ETag") ?? "";
		expect(darkEtag).not.toBe(page.headers.get("ETag"));
		const darkHtml = await dark.text();
		expect(darkHtml).toMatch(/^<!doctype html>\n<html lang="en" data-mode="dark">/);
		expect(darkHtml.replace('data-mode="dark"', 'data-mode="auto"')).toBe(html);
		expect((await embed(`${embedUrl}?mode=dark`, { "If-None-Match": darkEtag })).status).toBe(304);
		expect(await (await embed(`${embedUrl}?mode=light`)).text()).toMatch(/<html lang="en" data-mode="light">/);

		const bad = await embed(`${embedUrl}?mode=sepia`);
		expect(bad.status).toBe(400);
		expect(bad.headers.get("Content-Security-Policy")).toContain("default-src 'none'");
		expect(await bad.text()).toContain("<code>light</code>, <code>dark</code> or <code>auto</code>");
	});

	it("a light or dark chart's page shows its own mode first and can still be switched", async () => {
		const { key } = await makeAccount();
		for (const mode of ["light", "dark"] as const) {
			const id = await barChart(key, { mode });
			const { embedUrl } = (await callJson<{ embedUrl: string }>(key, "POST", `/v1/charts/${id}/publish`)).body;
			const html = await (await embed(embedUrl)).text();
			expect(html).toMatch(new RegExp(`<html lang="en" data-mode="${mode}">`));
			expect(html).toContain('<div class="mode-both"><div class="w w-280"><svg');
			expect(await (await embed(`${embedUrl}?mode=auto`)).text()).toMatch(/<html lang="en" data-mode="auto">/);
		}
	});
});
