/**
 * Uploaded fonts (docs/design.md#d33): what a file must be before a theme may draw with it.
 * A TTF or OTF is kept as it is; a WOFF2 is unpacked to the TTF or OTF inside (`woff2.ts`). A file is read with a real font parser (fontkit, the one pdfkit embeds with), then made to
 * shape and subset a sample of its own characters, so a font that parses but cannot be drawn
 * or embedded is refused at upload, not discovered in a failed export. Pure: no I/O.
 *
 * Uploads are untrusted programs (docs/design.md#d41): every read of the file, by fontkit, by the WOFF2
 * unpacker or by `sfnt.ts`, happens inside one guard (`inspectFont`) that turns any failure into
 * an `InvalidFontError`, and each step's work is bounded by the file's size: the character map is
 * read as ranges (`sfnt.ts`), the WOFF2 may unpack to no more than a TTF upload may be, and
 * fontkit only shapes and subsets a fixed sample.
 *
 * What an export will do with any glyph, not only the sample's, is bounded here too: every CFF
 * glyph's outline program is run within a counted budget (`charstrings.ts`), every
 * TrueType composite glyph's component tree is counted (`composites.ts`) and the nesting of
 * GSUB/GPOS lookups is measured (`lookups.ts`), so a font whose other glyphs or rules would
 * cost seconds of CPU at export is refused at upload.
 */
import type { Font } from "fontkit";
import { create } from "fontkit";
import { CharstringError, checkCharstrings } from "./charstrings";
import { CompositeError, checkComposites } from "./composites";
import { DecodeBudgetError, withDecodeBudget } from "./decode-budget";
import type { InspectedFont, StoredFontFormat } from "./files";
import { InvalidFontError, maxFontBytes } from "./files";
import { checkLookups, LookupError } from "./lookups";
import { fontMetrics } from "./metrics";
import { type CharacterMap, readSfnt, SfntError, tableDirectory } from "./sfnt";
import { subsetFont } from "./subset";
import { Woff2Error, woff2ToSfnt } from "./woff2";

export type { InspectedFont, StoredFontFormat } from "./files";
export { fontContentTypes, InvalidFontError, maxFontBytes } from "./files";

/** Families the Worker bundles: an upload may not shadow them, or every built-in theme would change. */
const bundledFamilies = ["inter", "dejavu sans"];

/** What a theme's `fonts.family` can name (its schema's characters, less the list separators). */
const nameableFamily = /^[A-Za-z0-9 -]{1,100}$/;

const signatures: { bytes: number[]; what: string }[] = [
	{ bytes: [0x89, 0x50, 0x4e, 0x47], what: "a PNG image" },
	{ bytes: [0xff, 0xd8, 0xff], what: "a JPEG image" },
	{ bytes: [0x47, 0x49, 0x46, 0x38], what: "a GIF image" },
	{ bytes: [0x25, 0x50, 0x44, 0x46], what: "a PDF document" },
	{ bytes: [0x50, 0x4b, 0x03, 0x04], what: "a ZIP archive" },
	{ bytes: [0x3c], what: "text or markup" },
	{ bytes: [0x7b], what: "JSON text" },
];

function tag(bytes: Uint8Array): string {
	return String.fromCharCode(...bytes.subarray(0, 4));
}

/** The stored format from the file's first four bytes, or an error naming what the file is instead. */
function sniff(bytes: Uint8Array): StoredFontFormat {
	if (bytes.byteLength < 12) throw new InvalidFontError("The file is too short to be a font.");
	const first = tag(bytes);
	if (first === "\u0000\u0001\u0000\u0000" || first === "true") return "ttf";
	if (first === "OTTO") return "otf";
	if (first === "wOFF") throw new InvalidFontError("WOFF (version 1) files are not supported: upload the font's TTF, OTF or WOFF2 file.");
	if (first === "ttcf") throw new InvalidFontError("The file is a font collection (TTC): upload one font of it as a TTF or OTF file.");
	const known = signatures.find((s) => s.bytes.every((b, i) => bytes[i] === b));
	throw new InvalidFontError(
		known
			? `The file is ${known.what}, not a font: upload a TTF, OTF or WOFF2 file.`
			: "The file does not start with a TrueType, OpenType or WOFF2 signature: upload a TTF, OTF or WOFF2 file.",
	);
}

/** Scripts a font may cover, each with characters it must draw (at least 90% of them) to count. */
const scriptSamples: { script: string; text: string }[] = [
	{ script: "Latin", text: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789" },
	{ script: "Latin Extended", text: "ÀÉÎÕÜÇÑßØÅÆŒàéîõüçñøåæœĄĆĘŁŃŚŹŻąćęłńśźżŠšŽžŐőŰűĞğİıŞş" },
	{ script: "Greek", text: "ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩαβγδεζηθικλμνξοπρστυφχψω" },
	{ script: "Cyrillic", text: "АБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯабвгдежзийклмнопрстуфхцчшщъыьэюя" },
	{ script: "Armenian", text: "ԱԲԳԴԵԶԷԸԹԺաբգդեզէըթժ" },
	{ script: "Hebrew", text: "אבגדהוזחטיכלמנסעפצקרשת" },
	{ script: "Arabic", text: "ابتثجحخدذرزسشصضطظعغفقكلمنهوي" },
	{ script: "Devanagari", text: "अआइईउऊएऐओऔकखगघचछजझटठडढणतथदधनपफबभमयरलवशषसह" },
	{ script: "Bengali", text: "অআইঈউঊএঐওঔকখগঘচছজঝটঠডঢণতথদধনপফবভমযরলশষসহ" },
	{ script: "Thai", text: "กขคฆงจฉชซฌญฎฏฐฑฒณดตถทธนบปผฝพฟภมยรลวศษสหฬอฮ" },
	{ script: "Georgian", text: "აბგდევზთიკლმნოპჟრსტუფქღყშჩცძწჭხჯჰ" },
	{ script: "Hangul", text: "가나다라마바사아자차카타파하한국어글" },
	{ script: "Hiragana", text: "あいうえおかきくけこさしすせそたちつてとなにぬねの" },
	{ script: "Katakana", text: "アイウエオカキクケコサシスセソタチツテトナニヌネノ" },
	{ script: "Han", text: "的一是不了人我在有他这中大来上国个到说们为子和你地出道也时年" },
];

function coveredScripts(cmap: CharacterMap): string[] {
	return scriptSamples
		.filter(({ text }) => {
			const chars = [...text];
			const drawn = chars.filter((ch) => cmap.has(ch.codePointAt(0) ?? 0)).length;
			return drawn >= chars.length * 0.9;
		})
		.map(({ script }) => script);
}

/** Tables every drawing reads: characters to glyphs, metrics, names (pdfkit reads `post` too); then outlines of either kind. */
const requiredTables = ["cmap", "head", "hhea", "hmtx", "maxp", "name", "post"];

function requireTables(tables: ReadonlyMap<string, unknown>): void {
	const missing = requiredTables.filter((name) => !tables.has(name));
	const trueType = tables.has("glyf") && tables.has("loca");
	if (!trueType && !tables.has("CFF ")) missing.push("glyf or CFF");
	if (missing.length > 0)
		throw new InvalidFontError(`The file is damaged or not a complete font: it lacks the ${missing.join(", ")} tables.`);
	// fontkit would draw CFF2 outlines before CFF ones, and they are not checked (font-charstrings.ts).
	if (!trueType && tables.has("CFF2"))
		throw new InvalidFontError(
			"The font has CFF2 (variable) outlines, which are not supported: upload a static TTF or OTF instance of it.",
		);
}

function parse(bytes: Uint8Array): Font {
	try {
		return create(bytes);
	} catch (error) {
		const reason = error instanceof Error ? error.message : String(error);
		throw new InvalidFontError(`The file could not be read as a font (${reason.slice(0, 200)}).`);
	}
}

function familyOf(font: Font): string {
	// The typographic family groups the weights of a large family under one name, as browsers and resvg do.
	const raw = (font.getName("preferredFamily") ?? font.familyName ?? "").trim();
	if (raw === "") throw new InvalidFontError("The font names no family, so no theme could use it.");
	if (!nameableFamily.test(raw)) {
		throw new InvalidFontError(
			`The font's family name "${raw.slice(0, 100)}" has characters a theme cannot name: only letters, digits, spaces and hyphens, at most 100.`,
		);
	}
	if (bundledFamilies.includes(raw.toLowerCase()))
		throw new InvalidFontError(`${raw} is bundled already; every theme can use it as it is.`);
	return raw;
}

/** Up to 16 printable characters the font maps, taken from its ranges without expanding them. */
function sampleOf(cmap: CharacterMap): string {
	const printable = (code: number) => code > 32 && !(code >= 0x7f && code <= 0xa0) && !(code >= 0xd800 && code <= 0xdfff);
	const sample: number[] = [];
	for (const [start, end] of cmap.ranges) {
		for (let code = start; code <= end && sample.length < 16; code++) if (printable(code)) sample.push(code);
		if (sample.length === 16) break;
	}
	return String.fromCodePoint(...sample);
}

/** What pdfkit reads of a font to embed it (its `EmbeddedFont`), beyond the types fontkit's stub declares. */
interface EmbeddedReads {
	postscriptName: string | null;
	ascent: number;
	descent: number;
	lineGap: number;
	capHeight?: number;
	xHeight?: number;
	italicAngle: number;
	bbox: { minX: number; minY: number; maxX: number; maxY: number };
	post: { isFixedPitch: unknown };
}

/** Every number pdfkit scales and writes into the PDF must be finite (it refuses NaN and infinities). */
function checkEmbeddable(font: Font): void {
	const reads = font as unknown as EmbeddedReads;
	const { bbox } = reads;
	const numbers: Record<string, unknown> = {
		ascent: reads.ascent,
		descent: reads.descent,
		lineGap: reads.lineGap,
		italicAngle: reads.italicAngle,
		"bounding box": bbox.minX + bbox.minY + bbox.maxX + bbox.maxY,
		...(reads.capHeight === undefined ? {} : { "cap height": reads.capHeight }),
		...(reads.xHeight === undefined ? {} : { "x-height": reads.xHeight }),
	};
	for (const [what, value] of Object.entries(numbers))
		if (typeof value !== "number" || !Number.isFinite(value)) throw new Error(`its ${what} is not a finite number`);
	void reads.post.isFixedPitch;
	void reads.postscriptName;
	if (!Number.isFinite(font.getGlyph(0).advanceWidth)) throw new Error("its .notdef glyph has no finite advance width");
}

/**
 * Shapes, subsets and measures a few characters the font says it has: exactly what a render
 * and a PDF embedding will do with it. Any failure is the file's, named for the uploader.
 */
function checkDrawable(font: Font, bytes: Uint8Array, sample: string): void {
	if (sample === "") throw new InvalidFontError("The font maps no characters, so it cannot draw any text.");
	try {
		checkEmbeddable(font);
		const run = font.layout(sample);
		if (run.glyphs.length === 0 || run.glyphs.every((glyph) => glyph.id === 0)) throw new Error("no glyphs");
		if (!Number.isFinite(run.advanceWidth) || run.advanceWidth <= 0) throw new Error("no advance widths");
		const subset = font.createSubset();
		for (const glyph of run.glyphs) {
			subset.includeGlyph(glyph);
			void (glyph as unknown as { codePoints: unknown }).codePoints;
		}
		if (subset.encode().byteLength === 0) throw new Error("empty subset");
		const data = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
		// The SVG export's own subset (a cmap written here, name, OS/2 and post copied).
		subsetFont(font, data, sample);
		const metrics = fontMetrics(data);
		if (!(metrics.advance(sample) > 0)) throw new Error("no advance widths");
	} catch (error) {
		const reason = error instanceof Error ? error.message : String(error);
		throw new InvalidFontError(`The font parses but cannot shape and embed a sample of its own characters (${reason.slice(0, 200)}).`);
	}
}

/** A WOFF2 upload unpacked to the sfnt it compresses (what resvg and pdfkit read); any other file as it is. */
function unpacked(upload: Uint8Array): Uint8Array {
	if (upload.byteLength < 4 || tag(upload) !== "wOF2") return upload;
	return woff2ToSfnt(upload, maxFontBytes);
}

/** Any failure of a step, as the 422 it is: the uploaded file is the only thing that varies. */
function asInvalidFont(error: unknown): InvalidFontError {
	if (error instanceof InvalidFontError) return error;
	if (error instanceof Woff2Error) return new InvalidFontError(`The WOFF2 file cannot be unpacked: ${error.message}.`);
	if (error instanceof SfntError)
		return new InvalidFontError(`The file is damaged or not a font the renderer can draw with: ${error.message}.`);
	if (error instanceof CompositeError)
		return new InvalidFontError(
			`The font was refused because ${error.message}: exports draw any of its glyphs, and such a glyph could take seconds to draw. Export it again from a font editor with its composite glyphs decomposed.`,
		);
	if (error instanceof CharstringError)
		return new InvalidFontError(
			`The font was refused because ${error.message}: exports draw any of its glyphs, so each must stay within the CFF limits. Export it again from a font editor, or upload its TTF version.`,
		);
	if (error instanceof DecodeBudgetError)
		return new InvalidFontError(
			`The font was refused because ${error.message}: its tables point at the same data over and over, so reading it could take seconds. Export it again from a font editor, or upload another version of it.`,
		);
	if (error instanceof LookupError)
		return new InvalidFontError(
			`The font was refused because ${error.message}, so shaping a line of text with it could take seconds. Export it again without those OpenType layout rules, or upload another version of it.`,
		);
	const reason = error instanceof Error ? error.message : String(error);
	return new InvalidFontError(`The file could not be read as a font (${reason.slice(0, 200)}).`);
}

function inspect(upload: Uint8Array): InspectedFont {
	const bytes = unpacked(upload);
	const format = sniff(bytes);
	const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
	const tables = tableDirectory(view);
	requireTables(tables);
	const { cmap, numGlyphs } = readSfnt(view);
	checkComposites(view, tables, numGlyphs);
	checkLookups(view, tables);
	const font = parse(bytes);
	const family = familyOf(font);
	// Before the sample is shaped: a hostile glyph in it would cost what the check prevents.
	checkCharstrings(font);
	checkDrawable(font, bytes, sampleOf(cmap));
	const os2 = font["OS/2"];
	const weight = Math.min(1000, Math.max(1, os2?.usWeightClass || 400));
	const italic = os2?.fsSelection.italic || os2?.fsSelection.oblique || font.head.macStyle.italic || font.italicAngle !== 0;
	return { bytes, family, style: italic ? "italic" : "normal", weight, scripts: coveredScripts(cmap), format };
}

/** Reads an uploaded file; throws `InvalidFontError` saying why it cannot be used, whatever went wrong inside. */
export function inspectFont(upload: Uint8Array): InspectedFont {
	try {
		return withDecodeBudget(() => inspect(upload));
	} catch (error) {
		throw asInvalidFont(error);
	}
}
