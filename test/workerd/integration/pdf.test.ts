import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { newId } from "../../../src/domain/ids";
import { layoutExamples } from "../../../src/domain/layout-examples";
import { builtInThemes } from "../../../src/domain/themes";
import { call, callJson } from "../../harness/workerd/api";
import { makeAccount } from "../../harness/workerd/factories";
import { base64, pngHeader, rgbaPng } from "../../harness/workerd/logo-files";

const latin1 = new TextDecoder("latin1");

async function inflate(bytes: Uint8Array): Promise<string> {
	const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate"));
	return latin1.decode(new Uint8Array(await new Response(stream).arrayBuffer()));
}

/** Every FlateDecode stream of the PDF, inflated. */
async function streams(pdf: Uint8Array): Promise<string[]> {
	const text = latin1.decode(pdf);
	const out: string[] = [];
	for (const match of text.matchAll(/<<([^<>]*\/FlateDecode[^<>]*)>>\s*stream\r?\n/g)) {
		const length = Number(/\/Length (\d+)/.exec(match[1] ?? "")?.[1]);
		const start = (match.index ?? 0) + match[0].length;
		out.push(await inflate(pdf.slice(start, start + length)));
	}
	return out;
}

/** The characters the PDF's fonts map back to text (their ToUnicode CMaps). */
function unicodeText(decoded: string[]): Set<string> {
	const chars = new Set<string>();
	for (const cmap of decoded.filter((s) => s.includes("begincmap"))) {
		// pdfkit writes `bfrange` arrays: every code in brackets is a character of the text.
		for (const [, codes] of cmap.matchAll(/\[([^\]]*)\]/g)) {
			for (const [, hex] of (codes as string).matchAll(/<([0-9a-fA-F]{4})>/g))
				chars.add(String.fromCharCode(Number.parseInt(hex as string, 16)));
		}
	}
	return chars;
}

describe("PDF export", () => {
	it("is a one-page vector PDF with the chart's size, embedded fonts and the title as text", async () => {
		const { key } = await makeAccount();
		const title = "Life expectancy in Ελλάδα";
		const created = await callJson<{ id: string }>(key, "POST", "/v1/charts", {
			body: { data: layoutExamples.line.csv, meta: { title, w: 640, h: 400, sourceText: "World Bank" } },
		});
		const res = await call(key, "GET", `/v1/charts/${created.body.id}/export/pdf`);
		expect(res.status).toBe(200);
		expect(res.headers.get("Content-Type")).toBe("application/pdf");
		expect(res.headers.get("Content-Disposition")).toBe(
			`attachment; filename="life-expectancy-in.pdf"; filename*=UTF-8''${encodeURIComponent("life-expectancy-in-ελλάδα.pdf")}`,
		);
		const pdf = new Uint8Array(await res.arrayBuffer());
		const raw = latin1.decode(pdf);
		expect(raw.startsWith("%PDF-")).toBe(true);
		expect(raw.trimEnd().endsWith("%%EOF")).toBe(true);
		expect(raw.match(/\/Type \/Page\b/g)).toHaveLength(1);
		expect(raw).toMatch(/\/MediaBox \[0 0 640 400\]/);
		expect(raw).toContain("/FontFile2");
		expect(raw).not.toContain("/Subtype /Image");
		const text = unicodeText(await streams(pdf));
		for (const ch of `${title}World Bank`.replace(/\s/g, "")) expect(text.has(ch), ch).toBe(true);
	});

	it("draws data near the largest doubles: coordinates pdfkit cannot write are clamped, labels kept", async () => {
		const { key } = await makeAccount();
		const created = await callJson<{ id: string }>(key, "POST", "/v1/charts", {
			body: { data: "x,a\nq1,1e300\nq2,-1e300\nq3,0\n", meta: { title: "Huge" } },
		});
		expect(created.status).toBe(201);
		const res = await call(key, "GET", `/v1/charts/${created.body.id}/export/pdf`);
		expect(res.status, res.status === 200 ? "" : await res.clone().text()).toBe(200);
		expect(new TextDecoder().decode((await res.arrayBuffer()).slice(0, 5))).toBe("%PDF-");

		const { prepareSvgForPdf } = await import("../../../src/render/pdf");
		const out = prepareSvgForPdf('<path d="M1 2L2.5e+290 -1.1e+283Z"></path><text x="3">1e+300</text>');
		expect(out).toContain('d="M1 2L1000000000 -1000000000Z"');
		expect(out).toContain(">1e+300</text>");
	});

	it("keeps halo labels: the fill copy is drawn after the stroke copy", async () => {
		const { prepareSvgForPdf } = await import("../../../src/render/pdf");
		const out = prepareSvgForPdf(
			'<text paint-order="stroke" stroke="#fff" stroke-width="2" fill="#111" style="font-size:12px;font-family:Inter;font-weight:600">Label</text>',
		);
		expect(out).toBe(
			'<text stroke="#fff" stroke-width="2" style="font-size:12px;font-family:Inter600;" fill="none">Label</text><text fill="#111" style="font-size:12px;font-family:Inter600;">Label</text>',
		);
	});
});

/** A workspace theme written straight to D1, as a theme stored before today's logo checks would be. */
async function storedThemeWithLogo(workspaceId: string, dataUri: string): Promise<string> {
	const id = newId("th");
	const definition = { ...builtInThemes[0]?.definition, name: "Logo", logo: { dataUri, width: 120, position: "top-right" } };
	await env.DB.prepare("INSERT INTO themes (id, workspace_id, name, definition, is_default, created_at) VALUES (?, ?, ?, ?, 0, ?)")
		.bind(id, workspaceId, "Logo", JSON.stringify(definition), Date.now())
		.run();
	return id;
}

async function exportWithLogo(dataUri: string, format: "pdf" | "png" = "pdf") {
	const { key, workspaceId } = await makeAccount();
	const theme = await storedThemeWithLogo(workspaceId, dataUri);
	const created = await callJson<{ id: string }>(key, "POST", "/v1/charts", {
		body: { data: layoutExamples.line.csv, meta: { title: "With a logo", theme, w: 640, h: 400 } },
	});
	const res = await call(key, "GET", `/v1/charts/${created.body.id}/export/${format}`);
	return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

/** A 60×20 PNG: a red bar on a transparent ground, its alpha a left-to-right ramp. */
const transparentPng = rgbaPng(60, 20, (x, y) => (y >= 5 && y < 15 ? [200, 30, 30, Math.round((x / 59) * 255)] : [0, 0, 0, 0]));

describe("PDF export: logos", () => {
	it("draws a PNG logo with transparency, as an image with a soft mask, with no warning", async () => {
		const { res, bytes } = await exportWithLogo(`data:image/png;base64,${base64(transparentPng)}`);
		expect(res.status).toBe(200);
		expect(res.headers.get("X-Render-Warnings")).toBeNull();
		const raw = latin1.decode(bytes);
		expect(raw).toMatch(/\/Subtype \/Image[^>]*\/Width 60[^>]*\/Height 20|\/Width 60[^>]*\/Height 20[^>]*\/Subtype \/Image/s);
		expect(raw).toContain("/SMask");
		// The alpha ramp survives: the soft mask holds both transparent and opaque pixels.
		const masks = (await streams(bytes)).filter((s) => s.length === 60 * 20);
		expect(masks.some((m) => m.includes("\u0000") && m.includes("\u00ff"))).toBe(true);
	});

	it("draws an SVG logo (rewritten by the logo check), rasterised with its transparency", async () => {
		const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 30 10"><!-- brand --><circle cx="5" cy="5" r="5" fill="#0a7"/></svg>';
		const { res, bytes } = await exportWithLogo(`data:image/svg+xml;base64,${btoa(svg)}`);
		expect(res.status).toBe(200);
		expect(res.headers.get("X-Render-Warnings")).toBeNull();
		const raw = latin1.decode(bytes);
		expect(raw).toMatch(/\/Width 480/); // 120 pt wide, drawn at 4 pixels a point
		expect(raw).toContain("/SMask");
	});

	it("leaves out a stored 16000×16000 PNG logo with a warning instead of decoding it, in PDF and PNG alike", async () => {
		for (const format of ["pdf", "png"] as const) {
			const { res, bytes } = await exportWithLogo(`data:image/png;base64,${base64(pngHeader(16000, 16000))}`, format);
			expect(res.status, format).toBe(200);
			const warnings = decodeURIComponent(res.headers.get("X-Render-Warnings") ?? "");
			expect(warnings, format).toContain("the theme's logo was left out: The logo is a PNG of 16000×16000 pixels");
			if (format === "pdf") expect(latin1.decode(bytes)).not.toContain("/Subtype /Image");
		}
	});

	it("leaves out a stored SVG logo that the rewrite refuses (a CSS-escaped url()), with a warning", async () => {
		const svg =
			'<svg xmlns="http://www.w3.org/2000/svg"><style>rect{fill:\\75rl(https://x.test/a)}</style><rect width="9" height="9"/></svg>';
		const { res } = await exportWithLogo(`data:image/svg+xml;base64,${btoa(svg)}`, "png");
		expect(res.status).toBe(200);
		expect(decodeURIComponent(res.headers.get("X-Render-Warnings") ?? "")).toContain("a CSS escape (\\) in a <style> element");
	});
});
