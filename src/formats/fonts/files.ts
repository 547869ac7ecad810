/**
 * What an uploaded font file is once accepted, and the error that refuses one: apart from the
 * inspection itself (`inspect.ts`, which brings fontkit and a Brotli decoder), so the routes that
 * only name or serve fonts do not load a font parser when the Worker starts.
 */

/** The largest font file: as uploaded, and as a WOFF2 unpacks to. */
export const maxFontBytes = 4 * 1024 * 1024;

/** What is stored and served: TrueType or CFF outlines in an sfnt file. */
export type StoredFontFormat = "ttf" | "otf";

export const fontContentTypes: Record<StoredFontFormat, string> = { ttf: "font/ttf", otf: "font/otf" };

export interface InspectedFont {
	/** What to store: the upload itself, or the TTF/OTF a WOFF2 upload unpacks to. */
	bytes: Uint8Array;
	family: string;
	style: "normal" | "italic";
	weight: number;
	scripts: string[];
	format: StoredFontFormat;
}

/** The file is not a font the renderer can use; the message says why, for the 422. */
export class InvalidFontError extends Error {
	override name = "InvalidFontError";
}
