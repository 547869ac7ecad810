/**
 * The outline programs of an uploaded CFF (OTF) font, run once at upload over every glyph with a
 * counted budget, so no glyph can cost more at export than the upload already paid.
 *
 * A CFF glyph is a small program (a Type 2 charstring) that fontkit interprets whenever a PDF
 * measures or embeds the glyph. fontkit follows subroutine calls without a depth limit and runs
 * the arithmetic operators, so a crafted file can make one glyph recurse until the stack
 * overflows, call subroutines that call subroutines (work growing as fan-out^depth), or `roll` a
 * stack a billion times. The 16 characters the inspection shapes cannot reveal that: a hostile
 * glyph sits anywhere in the font. So this walks every glyph's program the way fontkit 2.0 will
 * (the same operand stack, subroutine biases and stem-hint counting, on fontkit's own parse of
 * the table, so the same subroutines are reached) without drawing anything, and refuses a font
 * whose programs break the Type 2 limits (subroutines nested at most 10 deep, at most 48
 * operands), use operators fontkit cannot run or only FreeType still does (the deprecated
 * arithmetic, storage and `random` operators, which resvg does not draw either), or add up to
 * more than the budgets below. A font that passes costs fontkit at most `maxFontCharstringTokens`
 * tokens however many of its glyphs an export draws.
 */
import type { Font } from "fontkit";

/** Type 2 charstrings: subroutine calls nest at most 10 deep; at most 48 operands wait on the stack. */
export const maxSubroutineDepth = 10;
export const maxOperands = 48;
/** Tokens (operators and operands, inside subroutines too) one glyph's program may run. */
export const maxGlyphCharstringTokens = 20_000;
/** Tokens all glyphs' programs may run together: a few times what a large, subroutinised CFF font runs. */
export const maxFontCharstringTokens = 8_000_000;

/** An outline program breaks a limit; the message names the glyph and the limit, for the 422. */
export class CharstringError extends Error {
	override name = "CharstringError";
}

interface Range {
	offset: number;
	length: number;
}

/** What fontkit 2.0 parses of a `CFF ` table (its `CFFFont`), beyond the types fontkit's stub declares. */
interface ParsedCff {
	version: number;
	stream: { buffer: Uint8Array };
	topDict: { CharStrings?: Range[] };
	globalSubrIndex?: Range[];
	privateDictForGlyph(glyph: number): { Subrs?: Range[] } | null;
}

/** fontkit's (and the spec's) subroutine number bias, by the number of subroutines. */
function bias(subroutines: readonly Range[]): number {
	return subroutines.length < 1240 ? 107 : subroutines.length < 33900 ? 1131 : 32768;
}

/** Operators after the escape byte 12 that fontkit draws: the four flex forms, with how many operands each takes. */
const flexOperands: Record<number, number> = { 34: 7, 35: 13, 36: 9, 37: 11 };
/** Escaped operators fontkit runs but Type 2's revision and resvg dropped: arithmetic, storage, conditionals, random. */
const arithmetic = new Set([3, 4, 5, 9, 10, 11, 12, 14, 15, 18, 20, 21, 22, 23, 24, 26, 27, 28, 29, 30]);

/** One glyph's run: fontkit's operand stack and hint count, and the tokens counted so far. */
class GlyphRun {
	readonly stack: number[] = [];
	stems = 0;
	widthRead = false;
	tokens = 0;

	constructor(
		readonly glyph: number,
		readonly bytes: Uint8Array,
		readonly globalSubrs: readonly Range[],
		readonly localSubrs: readonly Range[],
	) {}

	refuse(what: string): never {
		throw new CharstringError(`the outline of glyph ${this.glyph} ${what}`);
	}

	push(value: number): void {
		this.stack.push(value);
		if (this.stack.length > maxOperands) this.refuse(`puts more than ${maxOperands} operands on the stack`);
	}

	/** fontkit takes operands from the front (`shift`); taking from an empty stack takes nothing. */
	take(count: number): void {
		this.stack.splice(0, Math.max(0, Math.min(count, this.stack.length)));
	}

	/** The advance width, an optional first operand of the first stack-clearing operator. */
	width(): void {
		if (this.widthRead) return;
		this.widthRead = true;
		this.take(1);
	}

	hints(): void {
		if (this.stack.length % 2 !== 0) this.width();
		this.stems += this.stack.length >> 1;
		this.stack.length = 0;
	}

	/** Runs one program (the glyph's, or a subroutine at `depth`); returns at `return` or its end. */
	run(program: Range, depth: number): void {
		const { bytes } = this;
		const end = program.offset + program.length;
		if (end > bytes.length) this.refuse("runs past the end of the file");
		const byte = (at: number) => {
			if (at >= end) this.refuse("has an operator or number cut off at its end");
			return bytes[at] as number;
		};
		let at = program.offset;
		while (at < end) {
			if (++this.tokens > maxGlyphCharstringTokens) this.refuse(`takes more than ${maxGlyphCharstringTokens} steps to draw`);
			const op = byte(at++);
			if (op >= 32) {
				if (op <= 246) this.push(op - 139);
				else if (op <= 250) this.push((op - 247) * 256 + byte(at++) + 108);
				else if (op <= 254) this.push(-(op - 251) * 256 - byte(at++) - 108);
				else {
					this.push(((byte(at) << 24) | (byte(at + 1) << 16) | (byte(at + 2) << 8) | byte(at + 3)) / 65536);
					at += 4;
				}
				continue;
			}
			const { stack } = this;
			switch (op) {
				case 1:
				case 3:
				case 18:
				case 23:
					this.hints();
					break;
				case 19:
				case 20:
					this.hints();
					at += (this.stems + 7) >> 3;
					break;
				case 4:
				case 22:
					if (stack.length > 1) this.width();
					this.take(1);
					break;
				case 21:
					if (stack.length > 2) this.width();
					this.take(2);
					break;
				case 5:
					this.take(stack.length - (stack.length % 2));
					break;
				case 6:
				case 7:
				case 8:
					this.take(stack.length);
					break;
				case 24:
					while (stack.length >= 8) this.take(6);
					this.take(2);
					break;
				case 25:
					while (stack.length >= 8) this.take(2);
					this.take(6);
					break;
				case 26:
				case 27:
					if (stack.length % 2) this.take(1);
					while (stack.length >= 4) this.take(4);
					break;
				case 30:
				case 31:
					while (stack.length >= 4) this.take(stack.length === 5 ? 5 : 4);
					break;
				case 10:
				case 29: {
					const subrs = op === 10 ? this.localSubrs : this.globalSubrs;
					const index = (stack.pop() ?? Number.NaN) + bias(subrs);
					const subr = Number.isInteger(index) ? subrs[index] : undefined;
					if (!subr) break;
					if (depth >= maxSubroutineDepth) this.refuse(`calls subroutines nested more than ${maxSubroutineDepth} deep`);
					this.run(subr, depth + 1);
					break;
				}
				case 11:
					return;
				case 14:
					if (stack.length > 0) this.width();
					break;
				case 28:
					this.push(((byte(at) << 24) | (byte(at + 1) << 16)) >> 16);
					at += 2;
					break;
				case 12: {
					const escaped = byte(at++);
					const operands = flexOperands[escaped];
					if (operands !== undefined) this.take(operands);
					else if (arithmetic.has(escaped))
						this.refuse(`uses the charstring arithmetic operator 12 ${escaped}, which renderers no longer run`);
					else this.refuse(`uses the unknown charstring operator 12 ${escaped}`);
					break;
				}
				default:
					this.refuse(`uses the unknown charstring operator ${op}`);
			}
		}
	}
}

/**
 * Runs every glyph's outline program of a CFF font as fontkit will, within the budgets; throws
 * `CharstringError` naming the first glyph that breaks one. A TrueType font has no programs here.
 */
export function checkCharstrings(font: Font): void {
	const cff = (font as unknown as Record<string, unknown>)["CFF "] as ParsedCff | undefined;
	if (!cff) return;
	if (cff.version >= 2) throw new CharstringError("its CFF table is version 2 (variable outlines), which is not supported");
	const charStrings = cff.topDict.CharStrings ?? [];
	const globalSubrs = cff.globalSubrIndex ?? [];
	const bytes = cff.stream.buffer;
	let total = 0;
	for (let glyph = 0; glyph < charStrings.length; glyph++) {
		const program = charStrings[glyph] as Range;
		const run = new GlyphRun(glyph, bytes, globalSubrs, cff.privateDictForGlyph(glyph)?.Subrs ?? []);
		run.run(program, 0);
		total += run.tokens;
		if (total > maxFontCharstringTokens)
			throw new CharstringError(`its outlines take more than ${maxFontCharstringTokens} steps to draw, all glyphs together`);
	}
}
