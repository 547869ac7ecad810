/**
 * Text in an SVG logo reaches the PDF and the PNG ("the studio must not accept what an
 * output drops"). Both are drawn by resvg, which leaves `<text>` out when it has no fonts: the PDF
 * rasterised the logo without fonts (a text-only logo was an empty, fully transparent image), and
 * the PNG drew the logo as an `<image>` inside the chart's SVG, which resvg draws without fonts.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import dejavuSerif from "../../../node_modules/dejavu-fonts-ttf/ttf/DejaVuSerif.ttf";
import { newId } from "../../../src/domain/ids";
import { layoutExamples } from "../../../src/domain/layout-examples";
import { builtInThemes } from "../../../src/domain/themes";
import { checkLogo } from "../../../src/formats/svg/logo";
import { pdfLogoImage } from "../../../src/render/pdf-logo";
import type { RenderFont } from "../../../src/render/uploaded-fonts";
import { call, callJson } from "../../harness/workerd/api";
import { makeAccount } from "../../harness/workerd/factories";

const latin1 = new TextDecoder("latin1");

/** A 60×20 logo that is only a word; 120 pt wide in the PDF, so rasterised at 480×160. */
function textLogo(family: string, opacity = 1): string {
	const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 60 20"><text x="2" y="15" font-family="${family}" font-size="14" fill="#123" fill-opacity="${opacity}">Acme</text></svg>`;
	const checked = checkLogo(`data:image/svg+xml;base64,${btoa(svg)}`);
	if (checked.dataUri === undefined) throw new Error(checked.problem);
	return checked.dataUri;
}

async function inflate(bytes: Uint8Array): Promise<Uint8Array> {
	const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate"));
	return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The PDF's soft masks (grey images), inflated. */
async function softMasks(pdf: Uint8Array): Promise<Uint8Array[]> {
	const text = latin1.decode(pdf);
	const out: Uint8Array[] = [];
	for (const match of text.matchAll(/<<([^<>]*\/DeviceGray[^<>]*)>>\s*stream\r?\n/g)) {
		const length = Number(/\/Length (\d+)/.exec(match[1] ?? "")?.[1]);
		const start = (match.index ?? 0) + match[0].length;
		out.push(await inflate(pdf.slice(start, start + length)));
	}
	return out;
}

const inked = (alpha: Uint8Array) => alpha.filter((a) => a > 0).length;

async function exportWithLogo(dataUri: string, format: "pdf" | "png"): Promise<Response> {
	const { key, workspaceId } = await makeAccount();
	const theme = newId("th");
	const definition = { ...builtInThemes[0]?.definition, name: "Logo", logo: { dataUri, width: 120, position: "top-right" } };
	await env.DB.prepare("INSERT INTO themes (id, workspace_id, name, definition, is_default, created_at) VALUES (?, ?, ?, ?, 0, ?)")
		.bind(theme, workspaceId, "Logo", JSON.stringify(definition), Date.now())
		.run();
	const created = await callJson<{ id: string }>(key, "POST", "/v1/charts", {
		body: { data: layoutExamples.line.csv, meta: { title: "Text logo", theme, w: 640, h: 400 } },
	});
	return call(key, "GET", `/v1/charts/${created.body.id}/export/${format}`);
}

describe("PDF and PNG exports: text in an SVG logo", () => {
	it("draws the logo's text with the bundled fonts: its soft mask is not empty", async () => {
		const res = await exportWithLogo(textLogo("Inter"), "pdf");
		expect(res.status).toBe(200);
		expect(res.headers.get("X-Render-Warnings")).toBeNull();
		const masks = (await softMasks(new Uint8Array(await res.arrayBuffer()))).filter((m) => m.length === 480 * 160);
		expect(masks).toHaveLength(1);
		// "Acme" at 14 px in a 60×20 box covers a good part of it; nothing drawn would be 0.
		expect(inked(masks[0] as Uint8Array)).toBeGreaterThan(480 * 160 * 0.05);
	});

	it("draws a family the theme's uploaded fonts carry with that font, one they lack with Inter", async () => {
		const serif: RenderFont = { id: "fnt_serif", family: "DejaVu Serif", weight: 400, style: "normal", format: "ttf", data: dejavuSerif };
		const logo = { dataUri: textLogo("DejaVu Serif"), width: 120, position: "top-right" as const };
		const withFont = await pdfLogoImage(logo, [serif]);
		const without = await pdfLogoImage(logo, []);
		const inter = await pdfLogoImage({ ...logo, dataUri: textLogo("Inter") }, [serif]);
		const alpha = (image: typeof withFont) => (image as unknown as { alpha: Uint8Array }).alpha;
		for (const image of [withFont, without, inter]) expect(inked(alpha(image))).toBeGreaterThan(480 * 160 * 0.05);
		// Without the uploaded font the family falls back to Inter, as in a PNG export.
		expect(alpha(without)).toEqual(alpha(inter));
		expect(alpha(withFont)).not.toEqual(alpha(inter));
	});

	it("draws the logo's text in the PNG export: it differs from the same logo with its text transparent", async () => {
		const drawn = await exportWithLogo(textLogo("Inter"), "png");
		const hidden = await exportWithLogo(textLogo("Inter", 0), "png");
		expect([drawn.status, hidden.status]).toEqual([200, 200]);
		const [a, b] = [new Uint8Array(await drawn.arrayBuffer()), new Uint8Array(await hidden.arrayBuffer())];
		// Without fonts resvg draws neither word, and the two PNGs are the same bytes.
		expect(a.length === b.length && a.every((byte, i) => byte === b[i])).toBe(false);
	});
});
