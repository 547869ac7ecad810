// svg-to-pdfkit ships no types; this is the one function of it the PDF path uses.
declare module "svg-to-pdfkit" {
	export default function SVGtoPDF(
		doc: PDFKit.PDFDocument,
		svg: string,
		x: number,
		y: number,
		options: {
			width: number;
			height: number;
			assumePt?: boolean;
			fontCallback?: (family: string, bold: boolean, italic: boolean) => string;
		},
	): void;
}

// d3-geo-projection ships no types; geoProject projects a GeoJSON object through a d3 projection.
declare module "d3-geo-projection" {
	import type { GeoProjection } from "d3-geo";
	export function geoProject<T>(object: T, projection: GeoProjection): T;
}

// fontkit ships no types; the PDF path only parses a font once and hands the object to pdfkit,
// which accepts any fontkit font (an object with `layout`) in place of the font's bytes.
declare module "fontkit" {
	export interface Glyph {
		id: number;
		advanceWidth: number;
		path: { toSVG(): string };
	}
	export interface Subset {
		includeGlyph(glyph: number | Glyph): number;
		encode(): Uint8Array;
	}
	export interface Font {
		/** The font's format as fontkit read it: TTF (also for CFF-flavoured OpenType), WOFF, WOFF2, … */
		type: string;
		familyName: string | null;
		numGlyphs: number;
		directory: { tables: Record<string, unknown> };
		characterSet: number[];
		italicAngle: number;
		"OS/2"?: { usWeightClass: number; fsSelection: { italic: boolean; oblique: boolean } };
		head: { macStyle: { italic: boolean } };
		getName(key: string): string | null;
		hasGlyphForCodePoint(codePoint: number): boolean;
		getGlyph(id: number): Glyph;
		glyphForCodePoint(codePoint: number): Glyph;
		layout(text: string): { glyphs: Glyph[]; advanceWidth: number };
		createSubset(): Subset;
	}
	export function create(buffer: Uint8Array, postscriptName?: string): Font;
}

// brotli (the decoder fontkit uses for WOFF2) ships no types; this is its decompressor.
declare module "brotli/decompress.js" {
	export default function decompress(buffer: Uint8Array, outputSize?: number): Uint8Array;
}

// ECharts' and zrender's internals the server SVG's series marks use (src/render/ssr-marks.ts).
declare module "echarts/lib/util/innerStore.js" {
	export function getECData(element: object): {
		seriesIndex?: number;
		dataIndex?: number;
		ssrType?: string;
		/** Set on an annotation's shapes: the markLine, markArea or markPoint model. */
		dataModel?: { mainType?: string };
	};
}

// restructure (fontkit's binary decoder) ships no types; src/formats/fonts/decode-budget.ts wraps
// its array decoder to count what an uploaded font's tables unpack to.
declare module "restructure" {
	class ArrayT {
		decode(stream: unknown, parent?: unknown): unknown[];
	}

	export { ArrayT as Array };
}
