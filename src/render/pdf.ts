/**
 * SVG → vector PDF with pdfkit and svg-to-pdfkit: shapes stay vectors, text stays text
 * (selectable, searchable) in the embedded bundled fonts. Two things are adjusted first:
 * each text element names the exact embedded font it needs (weight, or the fallback font for
 * glyphs Inter lacks), and ECharts' label halos (`paint-order="stroke"`) are split into a
 * stroke copy under a fill copy, since svg-to-pdfkit would otherwise paint the halo over the text.
 */
import PDFDocument from "pdfkit";
import SVGtoPDF from "svg-to-pdfkit";
import { bundledMetrics } from "./bundled-fonts";
import { embeddedName, pdfFonts } from "./pdf-fonts";
import type { PdfRgbaImage } from "./pdf-logo";
import { uploadedPdfFont } from "./uploaded-font-embedding";
import type { RenderFont } from "./uploaded-fonts";
import { matchUploadedFont, textFont, uploadedMetrics } from "./uploaded-fonts";

/** The name an uploaded font is registered under in a PDF. */
function uploadedName(font: RenderFont): string {
	return `Uploaded-${font.id}`;
}

function weightOf(attributes: string): 400 | 600 | 700 {
	const raw = /font-weight:\s*(\w+)/.exec(attributes)?.[1] ?? /font-weight="(\w+)"/.exec(attributes)?.[1] ?? "400";
	const numeric = raw === "bold" ? 700 : Number(raw) || 400;
	return numeric >= 650 ? 700 : numeric >= 550 ? 600 : 400;
}

/**
 * The one embedded font a text element is written in: the theme's uploaded font when the element
 * names its family and it has every glyph of the text a bundled font could draw; otherwise the
 * bundled fonts, as before (a PDF text run has one font, so a run the uploaded font cannot
 * finish falls back whole).
 */
function fontFor(text: string, attributes: string, fonts: readonly RenderFont[]): string {
	const css = fonts.length > 0 ? textFont(attributes) : null;
	const uploaded = css ? matchUploadedFont(fonts, css.family, css.weight, css.italic) : undefined;
	const { regular, fallback } = bundledMetrics();
	if (uploaded) {
		const metrics = uploadedMetrics(uploaded);
		// Fall back only for a glyph a bundled font can draw; one no font has is reported either way.
		const lacks = (code: number) => !metrics.has(code) && (regular.has(code) || fallback.has(code));
		if (![...text].some((ch) => !/\s/.test(ch) && lacks(ch.codePointAt(0) ?? 0))) return uploadedName(uploaded);
	}
	for (const ch of text) {
		const code = ch.codePointAt(0) ?? 0;
		if (!regular.has(code) && fallback.has(code)) return embeddedName("DejaVu Sans", 400);
	}
	return embeddedName("Inter", weightOf(attributes));
}

/** pdfkit writes numbers only below 1e21 in size; JavaScript prints those as `1e+21` and up. */
const unwritableNumber = /-?\d+(?:\.\d+)?e\+\d+/gi;
/** Far outside any page (4000 pt at most), so a clamped point draws the same clipped line. */
const farOutside = 1e9;
const geometryAttribute = /\s(d|points|transform|x|y|x1|y1|x2|y2|cx|cy|r|rx|ry|width|height)="([^"]*)"/g;

/**
 * Data near the largest doubles (1e300) puts path points at 1e290 and beyond; resvg clips them,
 * but pdfkit refuses to write such a number. Clamp them in geometry only, never in drawn text.
 */
function clampHugeCoordinates(svg: string): string {
	if (!/\de\+\d/i.test(svg)) return svg;
	return svg.replace(geometryAttribute, (match, name: string, value: string) =>
		/e\+/i.test(value)
			? ` ${name}="${value.replace(unwritableNumber, (n) => (n.startsWith("-") ? String(-farOutside) : String(farOutside)))}"`
			: match,
	);
}

export function prepareSvgForPdf(svg: string, fonts: readonly RenderFont[] = []): string {
	return clampHugeCoordinates(svg).replace(/<text([^>]*)>([^<]*)<\/text>/g, (_match, rawAttributes: string, content: string) => {
		const font = fontFor(content, rawAttributes, fonts);
		let attributes = rawAttributes.includes("font-family:")
			? rawAttributes.replace(/font-family:[^;"]*/, `font-family:${font}`)
			: `${rawAttributes} font-family="${font}"`;
		attributes = attributes.replace(/font-weight:\s*\w+;?/, "");
		if (!/paint-order[:=]\s*"?stroke/.test(attributes)) return `<text${attributes}>${content}</text>`;
		const withoutOrder = attributes.replace(/\s*paint-order="stroke"/, "").replace(/paint-order:\s*stroke;?/, "");
		const halo = withoutOrder.replace(/\sfill="[^"]*"/, "").concat(' fill="none"');
		const letters = withoutOrder.replace(/\sstroke="[^"]*"/, "").replace(/\sstroke-width="[^"]*"/, "");
		return `<text${halo}>${content}</text><text${letters}>${content}</text>`;
	});
}

/**
 * `subject` is the chart's alt text (`meta.description` or the generated one): PDF readers show it
 * as the document's Subject. `images` are images the SVG links to by these data URIs, already
 * decoded (render/pdf-logo.ts): pdfkit would otherwise open them itself, which for a PNG with
 * transparency never finishes in a Worker.
 */
export async function svgToPdf(
	svg: string,
	width: number,
	height: number,
	title: string,
	subject?: string,
	uploaded: readonly RenderFont[] = [],
	images: ReadonlyMap<string, PdfRgbaImage> = new Map(),
): Promise<Uint8Array> {
	const fonts = [...pdfFonts(), ...uploaded.map((font) => ({ name: uploadedName(font), font: uploadedPdfFont(font) }))];
	const regular = fonts[0] as (typeof fonts)[number];
	const doc = new PDFDocument({
		size: [width, height],
		margin: 0,
		compress: true,
		info: { Title: title, ...(subject ? { Subject: subject } : {}), Producer: "Charts service" },
		displayTitle: true,
		// The default font must be embedded too: this build of pdfkit carries no standard fonts.
		// pdfkit takes a parsed fontkit font where its types only name bytes or a path.
		font: regular.font as unknown as string,
	});
	for (const { name, font } of fonts) doc.registerFont(name, font as unknown as Uint8Array);
	// pdfkit 0.20's openImage answers a source it has seen from this registry (svg-to-pdfkit opens each
	// <image> by its href), so the decoded image is used as if pdfkit had opened it.
	const registry = (doc as unknown as { _imageRegistry: Record<string, PdfRgbaImage> })._imageRegistry;
	for (const [uri, image] of images) registry[uri] = image;
	const chunks: Uint8Array[] = [];
	const done = new Promise<void>((resolve, reject) => {
		doc.on("data", (chunk: Uint8Array) => chunks.push(chunk));
		doc.on("end", () => resolve());
		doc.on("error", reject);
	});
	SVGtoPDF(doc, prepareSvgForPdf(svg, uploaded), 0, 0, {
		width,
		height,
		assumePt: true,
		fontCallback: (family: string) => (fonts.some((f) => f.name === family) ? family : embeddedName("Inter", 400)),
	});
	doc.end();
	await done;
	const out = new Uint8Array(chunks.reduce((n, c) => n + c.byteLength, 0));
	let offset = 0;
	for (const chunk of chunks) {
		out.set(chunk, offset);
		offset += chunk.byteLength;
	}
	return out;
}
