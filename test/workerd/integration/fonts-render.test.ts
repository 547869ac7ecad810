/**
 * A theme whose family is an uploaded font draws with it everywhere: the SVG
 * embeds it as `@font-face`, the PDF embeds it, the PNG changes, text is measured with its
 * metrics, the export key names it, and the embed page loads it same-origin from `/_fonts/`.
 * The font is DejaVu Serif from `dejavu-fonts-ttf` (free licence), which the Worker does not bundle.
 */
import { createExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { create } from "fontkit";
import { describe, expect, it } from "vitest";
import dejavuSerif from "../../../node_modules/dejavu-fonts-ttf/ttf/DejaVuSerif.ttf";
import dejavuSerifBold from "../../../node_modules/dejavu-fonts-ttf/ttf/DejaVuSerif-Bold.ttf";
import { layoutExamples } from "../../../src/domain/layout-examples";
import { builtInThemes, type ThemeDefinition } from "../../../src/domain/themes";
import { measureTextWidth, missingGlyphs, withUploadedFonts } from "../../../src/render/bundled-fonts";
import type { RenderFont } from "../../../src/render/uploaded-fonts";
import { buildServices } from "../../../src/request-services";
import { fontCacheBytes, fontCacheSize, loadRenderFonts } from "../../../src/services/theme-fonts";
import { base, call, callJson } from "../../harness/workerd/api";
import { makeAccount } from "../../harness/workerd/factories";
import { callWithSession, signIn, type TestSession } from "../../harness/workerd/session";

const password = "a long enough password";
const classic = builtInThemes[0]?.definition as ThemeDefinition;
const latin1 = new TextDecoder("latin1");

async function uploadFont(s: TestSession, file: ArrayBuffer): Promise<string> {
	const res = await exports.default.fetch(
		new Request(`${base}/console/api/fonts`, {
			method: "POST",
			headers: { Cookie: s.cookie, "X-CSRF-Token": s.csrfToken, "Content-Type": "font/ttf" },
			body: file,
		}),
	);
	expect(res.status).toBe(201);
	return ((await res.json()) as { id: string }).id;
}

/** A signed-in account with a theme naming DejaVu Serif (not uploaded yet) and a line chart drawn in it. */
async function serifChart() {
	const account = await makeAccount({ password });
	const s = await signIn(account.email, password);
	const theme = await callWithSession(s, "POST", "/console/api/themes", {
		body: { ...classic, name: "Serif", fonts: { ...classic.fonts, family: "DejaVu Serif" } },
	});
	expect(theme.status).toBe(201);
	const chart = await callJson<{ id: string }>(account.key, "POST", "/v1/charts", {
		body: {
			data: layoutExamples.line.csv,
			meta: { title: "Life expectancy", w: 640, h: 400, theme: theme.body.id, sourceText: "World Bank" },
		},
	});
	expect(chart.status).toBe(201);
	return { key: account.key, session: s, chartId: chart.body.id };
}

async function exported(key: string, chartId: string, format: string) {
	const res = await call(key, "GET", `/v1/charts/${chartId}/export/${format}`);
	expect(res.status).toBe(200);
	return { etag: res.headers.get("ETag"), bytes: new Uint8Array(await res.arrayBuffer()), warnings: res.headers.get("X-Render-Warnings") };
}

describe("a theme drawn in an uploaded font", () => {
	it("embeds the font in the SVG, and the export key changes when the font arrives", async () => {
		const { key, session, chartId } = await serifChart();
		const before = await exported(key, chartId, "svg");
		expect(new TextDecoder().decode(before.bytes)).not.toContain("@font-face");
		// Until it is uploaded, the theme's family is not drawn, and the export says so.
		expect(decodeURIComponent(before.warnings ?? "")).toContain(
			"the theme's font DejaVu Serif is neither bundled nor uploaded to this workspace, so text is drawn in Inter",
		);

		await uploadFont(session, dejavuSerif);
		const after = await exported(key, chartId, "svg");
		expect(after.etag).not.toBe(before.etag);
		expect(after.warnings).toBeNull();
		const svg = new TextDecoder().decode(after.bytes);
		expect(svg).toMatch(
			/<defs><style>@font-face\{font-family:"DejaVu Serif";src:url\(data:font\/ttf;base64,[A-Za-z0-9+/=]{1000,}\) format\("truetype"\)/,
		);
		expect(svg).toContain("font-family:DejaVu Serif, Inter");
		// The embedded file is the uploaded font cut down to the characters the chart draws.
		const encoded = /data:font\/ttf;base64,([A-Za-z0-9+/=]+)/.exec(svg)?.[1] ?? "";
		const embedded = Uint8Array.from(atob(encoded), (c) => c.charCodeAt(0));
		expect(embedded.byteLength).toBeLessThan(dejavuSerif.byteLength / 10);
		const font = create(embedded);
		expect(font.familyName).toBe("DejaVu Serif");
		for (const ch of "Life expectancy") expect(font.hasGlyphForCodePoint(ch.codePointAt(0) ?? 0), ch).toBe(true);
		expect(font.hasGlyphForCodePoint("Ж".codePointAt(0) ?? 0)).toBe(false);
		const run = font.layout("Life");
		const full = create(new Uint8Array(dejavuSerif)).layout("Life");
		expect(run.advanceWidth).toBe(full.advanceWidth);
		expect(run.glyphs.map((g) => g.path.toSVG())).toEqual(full.glyphs.map((g) => g.path.toSVG()));
	});

	it("embeds the font in the PDF and changes the PNG", async () => {
		const { key, session, chartId } = await serifChart();
		const pngBefore = await exported(key, chartId, "png");
		const pdfBefore = latin1.decode((await exported(key, chartId, "pdf")).bytes);
		expect(pdfBefore).not.toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSerif/);

		await uploadFont(session, dejavuSerif);
		await uploadFont(session, dejavuSerifBold);
		const pdf = latin1.decode((await exported(key, chartId, "pdf")).bytes);
		expect(pdf).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSerif\b/);
		// The title is semibold in Classic: the nearest uploaded weight, bold, draws it.
		expect(pdf).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSerif-Bold\b/);
		const pngAfter = await exported(key, chartId, "png");
		expect(pngAfter.etag).not.toBe(pngBefore.etag);
		expect(pngAfter.bytes).not.toEqual(pngBefore.bytes);
		expect(pngAfter.warnings).toBeNull();
	});

	it("measures text with the uploaded font's metrics, falling back per glyph to the bundled fonts", () => {
		const serif: RenderFont = { id: "fn_test", family: "DejaVu Serif", weight: 400, style: "normal", format: "ttf", data: dejavuSerif };
		const font = "12px DejaVu Serif, Inter, 'DejaVu Sans', sans-serif";
		const inter = measureTextWidth("Life expectancy", font);
		const drawn = withUploadedFonts([serif], () => measureTextWidth("Life expectancy", font));
		expect(drawn).not.toBeCloseTo(inter, 1);
		// DejaVu Serif is wider than Inter for Latin text.
		expect(drawn).toBeGreaterThan(inter);
		// Outside the drawing the bundled metrics apply again.
		expect(measureTextWidth("Life expectancy", font)).toBe(inter);
		// A glyph no font has is still reported; one only the upload has is not.
		expect(missingGlyphs("中", [serif])).toEqual(["中"]);
	});

	it("serves the font to the published page same-origin, immutable, and names it in the page's CSS", async () => {
		const { key, session, chartId } = await serifChart();
		const fontId = await uploadFont(session, dejavuSerif);
		const published = await callJson<{ embedUrl: string }>(key, "POST", `/v1/charts/${chartId}/publish`);
		expect(published.status).toBe(200);
		const page = await exports.default.fetch(new Request(published.body.embedUrl));
		expect(page.headers.get("Content-Security-Policy")).toContain("font-src 'self'");
		const html = await page.text();
		const fontUrl = `http://localhost:8787/embed/_fonts/${fontId}.ttf`;
		expect(html).toContain(`@font-face{font-family:"DejaVu Serif";src:url(${fontUrl}) format("truetype")`);
		expect(html).not.toContain("data:font/");

		const font = await exports.default.fetch(new Request(fontUrl));
		expect(font.status).toBe(200);
		expect(font.headers.get("Content-Type")).toBe("font/ttf");
		expect(font.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
		expect((await font.arrayBuffer()).byteLength).toBe(dejavuSerif.byteLength);
		const missing = await exports.default.fetch(new Request("http://localhost:8787/embed/_fonts/fn_nothing.ttf"));
		expect(missing.status).toBe(404);
		const wrongFormat = await exports.default.fetch(new Request(`http://localhost:8787/embed/_fonts/${fontId}.otf`));
		expect(wrongFormat.status).toBe(404);
	});

	it("keeps at most 16 MiB of font files per isolate, the least recently used going first", async () => {
		const services = buildServices(env, createExecutionContext());
		const size = 3 * 1024 * 1024;
		const fonts = Array.from({ length: 7 }, (_, i) => ({
			id: `fn_cache${i}`,
			family: "Cache Test",
			style: "normal" as const,
			weight: 400,
			scripts: [],
			format: "ttf" as const,
			byteSize: size,
			r2Key: `fonts/cache-test/${i}.ttf`,
			createdAt: 0,
		}));
		// Each a real font padded to 3 MiB, told apart by its last byte.
		for (const [i, font] of fonts.entries()) {
			const file = new Uint8Array(size);
			file.set(new Uint8Array(dejavuSerif));
			file[size - 1] = i;
			await env.BLOBS.put(font.r2Key, file);
		}
		const { fonts: first } = await loadRenderFonts(services, fonts);
		expect(first.map((f) => new Uint8Array(f.data)[size - 1])).toEqual([0, 1, 2, 3, 4, 5, 6]);
		const held = fontCacheSize();
		expect(held.bytes).toBeLessThanOrEqual(fontCacheBytes);
		// Whatever other fonts the isolate held went first; of these seven, the five newest stay.
		expect(held.bytes).toBeGreaterThanOrEqual(5 * size);
		// A cached file is answered without R2: delete the newest from R2 and it still loads; the oldest does not.
		await env.BLOBS.delete([fonts[6]?.r2Key ?? "", fonts[0]?.r2Key ?? ""]);
		const { fonts: again } = await loadRenderFonts(
			services,
			[fonts[6], fonts[0]].filter((f) => f !== undefined),
		);
		expect(again.map((f) => f.id)).toEqual(["fn_cache6"]);
	});
});
