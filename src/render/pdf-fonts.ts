/**
 * The bundled fonts as fontkit fonts, parsed once per isolate for every PDF. Given bytes,
 * pdfkit parses each font again for every document (fontkit decoding the tables, then
 * shaping every label cold): that was most of a PDF export's time. A parsed font is only read
 * by a document (each document makes its own subset), so one per isolate serves them all.
 */
import type { Font } from "fontkit";
import { create } from "fontkit";
import { fontFiles } from "./bundled-fonts";

export function embeddedName(family: string, weight: number): string {
	return `${family.replace(/\s+/g, "")}${weight}`;
}

export interface PdfFont {
	name: string;
	font: Font;
}

let parsed: PdfFont[] | undefined;

/** Every bundled font under the name the PDF's text elements use; Inter 400 first (the default). */
export function pdfFonts(): PdfFont[] {
	parsed ??= fontFiles.map((file) => ({ name: embeddedName(file.family, file.weight), font: create(new Uint8Array(file.data)) }));
	return parsed;
}
